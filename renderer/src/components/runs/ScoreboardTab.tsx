// The scoreboard: the project's runs scored on a profile as its paper scores them — a table per
// metric, runs ranked by the overall, categories as the paper's tables have them — with the notes
// the scorer left (a judge needed, a paper row that breaks its rule) and CSV, Markdown, LaTeX.
import { useMemo, useState } from 'react';
import { scoreboard, scoreboardCsv, scoreboardLatex, scoreboardMarkdown } from '../../../../shared/runs/scoreboard';
import { extractorIds } from '../../../../shared/scoring/extractors';
import { scoreRuns } from '../../store/runs/actions';
import { useStore } from '../../store/store';

const FORMATS = { csv: scoreboardCsv, markdown: scoreboardMarkdown, latex: scoreboardLatex } as const;

export function ScoreboardTab(): React.JSX.Element {
  const profiles = useStore((s) => s.profiles);
  const runs = useStore((s) => s.runs);
  const scores = useStore((s) => s.runScores);
  const chosen = useStore((s) => s.scoreProfileId) ?? profiles[0]?.id ?? '';
  const extractor = useStore((s) => s.scoreExtractor);
  const [profileId, setProfileId] = useState(chosen);
  const [rule, setRule] = useState(extractor ?? '');
  const [format, setFormat] = useState<keyof typeof FORMATS | null>(null);
  const tables = useMemo(() => (scores ? scoreboard(scores) : []), [scores]);
  const notes = [...new Set(scores?.flatMap((s) => s.notes) ?? [])];
  return (
    <div className="scoreboard" data-testid="scoreboard">
      <div className="row">
        <label>
          Profile{' '}
          <select value={profileId} onChange={(e) => setProfileId(e.target.value)} data-testid="score-profile">
            {profiles.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        <label>
          Extractor{' '}
          <select value={rule} onChange={(e) => setRule(e.target.value)} data-testid="score-extractor">
            <option value="">the paper's</option>
            {extractorIds.map((id) => <option key={id} value={id}>{id}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => void scoreRuns(profileId, rule || null)} disabled={!profileId || runs.length === 0} data-testid="score-runs">Score {runs.length === 1 ? 'the run' : `${runs.length} runs`}</button>
      </div>
      {tables.map((t) => (
        <section key={t.metric}>
          <h3>{t.metric}</h3>
          <table className="review-table scoreboard-table" data-testid="scoreboard-table">
            <thead>
              <tr><th>#</th><th>Run</th>{t.categories.map((c) => <th key={c}>{c}</th>)}<th>Overall</th></tr>
            </thead>
            <tbody>
              {t.rows.map((r) => (
                <tr key={r.run} data-testid="scoreboard-row">
                  <td>{r.rank || ''}</td>
                  <td>{r.run}</td>
                  {r.values.map((v, i) => <td key={i}>{v === null ? '—' : v.toFixed(2)}</td>)}
                  <td><strong>{r.overall === null ? '—' : r.overall.toFixed(2)}</strong></td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {notes.length > 0 && (
        <ul className="hint" data-testid="score-notes">
          {notes.map((n) => <li key={n}>{n}</li>)}
        </ul>
      )}
      {tables.length > 0 && (
        <div className="row">
          Export as {(Object.keys(FORMATS) as Array<keyof typeof FORMATS>).map((f) => <button key={f} type="button" onClick={() => setFormat(format === f ? null : f)} aria-pressed={format === f}>{f === 'latex' ? 'LaTeX' : f === 'csv' ? 'CSV' : 'Markdown'}</button>)}
        </div>
      )}
      {format && <textarea readOnly rows={10} value={FORMATS[format](tables)} className="export-text" data-testid="score-export" onFocus={(e) => e.currentTarget.select()} />}
    </div>
  );
}
