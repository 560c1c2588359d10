// The scoreboard: the project's runs scored on a profile as its paper scores them — a table per
// metric, runs ranked by the overall, categories as the paper's tables have them — with the notes
// the scorer left (a judge needed, a paper row that breaks its rule) and CSV, Markdown, LaTeX.
import { useMemo, useState } from 'react';
import { benchmarkOf, type Benchmark } from '../../../../shared/benchmarks';
import { scoreboard, scoreboardCsv, scoreboardLatex, scoreboardMarkdown } from '../../../../shared/runs/scoreboard';
import { besideTable } from '../../../../shared/runs/scoreboard-beside';
import type { RunScoreView } from '../../../../shared/runs/types';
import type { ScoringRules } from '../../../../shared/scoring/context';
import type { RuleComparison, RuleRead } from '../../../../shared/scoring/types';
import { extractorIds } from '../../../../shared/scoring/extractors';
import { estimateJudge, judgeAsPerson, loadJudgeCheck, scoreRuns, startJudge } from '../../store/runs/actions';
import { useStore } from '../../store/store';

const FORMATS = { csv: scoreboardCsv, markdown: scoreboardMarkdown, latex: scoreboardLatex } as const;

export function ScoreboardTab(): React.JSX.Element {
  const profiles = useStore((s) => s.profiles);
  const runs = useStore((s) => s.runs);
  const scores = useStore((s) => s.runScores);
  const chosen = useStore((s) => s.scoreProfileId) ?? profiles[0]?.id ?? '';
  const extractor = useStore((s) => s.scoreExtractor);
  const scoredRules = useStore((s) => s.scoreRules);
  const [profileId, setProfileId] = useState(chosen);
  const [rule, setRule] = useState(extractor ?? '');
  const [rules, setRules] = useState<ScoringRules>(scoredRules);
  const [format, setFormat] = useState<keyof typeof FORMATS | null>(null);
  const tables = useMemo(() => (scores ? scoreboard(scores) : []), [scores]);
  const profile = profiles.find((p) => p.id === profileId);
  const benchmark = profile ? benchmarkOf(profile) : null;
  // each note says whose it is: a run that never answered a question must not read as another's fault
  const notes = scores?.flatMap((s) => s.notes.map((n) => `${s.model} · ${s.label}: ${n}`)) ?? [];
  return (
    <div className="scoreboard" data-testid="scoreboard">
      <div className="row">
        <label>
          Profile{' '}
          <select value={profileId} onChange={(e) => setProfileId(e.target.value)} data-testid="score-profile">
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Extractor{' '}
          <select value={rule} onChange={(e) => setRule(e.target.value)} data-testid="score-extractor">
            <option value="">the rules' own</option>
            {extractorIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label title="Where a benchmark's release code and its paper differ (README, per benchmark), whose rule scores">
          Rules{' '}
          <select value={rules} onChange={(e) => setRules(e.target.value as ScoringRules)} data-testid="score-rules">
            <option value="release">the release's</option>
            <option value="paper">the paper's</option>
          </select>
        </label>
        <button type="button" onClick={() => void scoreRuns(profileId, rule || null, rules)} disabled={!profileId || runs.length === 0} data-testid="score-runs">
          Score {runs.length === 1 ? 'the run' : `${runs.length} runs`}
        </button>
      </div>
      {benchmark && <BenchmarkRules benchmark={benchmark} />}
      {tables.map((t) => (
        <section key={t.metric}>
          <h3>{t.metric}</h3>
          <table className="review-table scoreboard-table" data-testid="scoreboard-table">
            <thead>
              <tr>
                <th>#</th>
                <th>Run</th>
                {t.categories.map((c) => (
                  <th key={c}>{c}</th>
                ))}
                <th>Overall</th>
              </tr>
            </thead>
            <tbody>
              {t.rows.map((r) => (
                <tr key={r.run} data-testid="scoreboard-row">
                  <td>{r.rank || ''}</td>
                  <td>{r.run}</td>
                  {r.values.map((v, i) => (
                    <td key={i}>{v === null ? '—' : v.toFixed(2)}</td>
                  ))}
                  <td>
                    <strong>{r.overall === null ? '—' : r.overall.toFixed(2)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ScoreBars rows={t.rows} />
        </section>
      ))}
      {scores && <RulesBeside scores={scores} rules={scoredRules} />}
      {notes.length > 0 && (
        <ul className="hint" data-testid="score-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {benchmark?.judge && (
        <>
          <JudgeControls profileId={profileId} />
          <JudgeCheck profileId={profileId} binary={benchmark.judge.labels === 'verdict'} />
        </>
      )}
      {tables.length > 0 && (
        <div className="row">
          Export as{' '}
          {(Object.keys(FORMATS) as Array<keyof typeof FORMATS>).map((f) => (
            <button key={f} type="button" onClick={() => setFormat(format === f ? null : f)} aria-pressed={format === f}>
              {f === 'latex' ? 'LaTeX' : f === 'csv' ? 'CSV' : 'Markdown'}
            </button>
          ))}
        </div>
      )}
      {format && <textarea readOnly rows={10} value={FORMATS[format](tables)} className="export-text" data-testid="score-export" onFocus={(e) => e.currentTarget.select()} />}
    </div>
  );
}

/** How the chosen profile's benchmark is scored: its release's rules (shared/benchmarks.ts). */
function BenchmarkRules({ benchmark }: { benchmark: Benchmark }): React.JSX.Element {
  return (
    <details className="hint" data-testid="benchmark-rules">
      <summary>Scored as {benchmark.release ? `${benchmark.label}'s release scores it (${benchmark.release})` : `${benchmark.label} (no release scorer: the paper's rules)`}</summary>
      <dl>
        <dt>Timing</dt>
        <dd>{benchmark.rules.timing}</dd>
        <dt>Missing answers</dt>
        <dd>{benchmark.rules.missing}</dd>
        <dt>Aggregation</dt>
        <dd>{benchmark.rules.aggregation}</dd>
      </dl>
    </details>
  );
}

/**
 * The run as scored beside the same run scored strictly (where the release's rule credits answers by
 * accident: OVO-Bench's substring test) and by the other rule set, with the items they score differently.
 */
function RulesBeside({ scores, rules }: { scores: readonly RunScoreView[]; rules: ScoringRules }): React.JSX.Element | null {
  const table = useMemo(() => besideTable(scores, rules), [scores, rules]);
  if (!table) return null;
  return (
    <section data-testid="score-beside">
      <h3>Beside: {table.against.map((a) => (a === 'strict' ? 'a strict extractor' : `the ${a}'s rules`)).join(' and ')}</h3>
      <table className="review-table scoreboard-table beside-table" data-testid="score-beside-table">
        <thead>
          <tr>
            <th>Run</th>
            {table.columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
            {table.against.map((a) => (
              <th key={a}>items differing ({a})</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.run} data-testid="score-beside-row">
              <td>{r.run}</td>
              {r.values.map((v, i) => (
                <td key={i}>{v === null ? '—' : v.toFixed(2)}</td>
              ))}
              {r.differing.map((n, i) => (
                <td key={`d${i}`}>{n ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {scores.flatMap((s) =>
        (s.comparisons ?? []).filter((c) => c.differenceCount > 0).map((c) => <Differences key={`${s.runId}:${c.against}`} run={`${s.model} · ${s.label}`} rules={rules} comparison={c} />),
      )}
    </section>
  );
}

const DIFFERENCES_SHOWN = 200;
const readText = (r: RuleRead | null): string =>
  r === null ? 'not scored' : `${r.extracted ?? 'nothing'} · ${r.correct === null ? 'unscored' : r.correct ? 'right' : 'wrong'}${r.timing ? ` · ${r.timing}` : ''} (${r.rule ?? 'no rule'})`;
const metricsText = (m: Record<string, number | null>): string =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${v === null ? '—' : v.toFixed(2)}`)
    .join(', ');

/** The items one comparison scores differently: the response, the key, what each rule read. */
function Differences({ run, rules, comparison }: { run: string; rules: ScoringRules; comparison: RuleComparison }): React.JSX.Element {
  const shown = comparison.differences.slice(0, DIFFERENCES_SHOWN);
  return (
    <details data-testid="score-differences">
      <summary>
        {run}: {comparison.differenceCount} {comparison.differenceCount === 1 ? 'item' : 'items'} scored differently — {comparison.label}
        {shown.length < comparison.differenceCount ? ` (the first ${shown.length} shown; tidemark score --json lists all)` : ''}
      </summary>
      <table className="review-table">
        <thead>
          <tr>
            <th>Item</th>
            <th>Query</th>
            <th>Response</th>
            <th>Key</th>
            <th>{rules}</th>
            <th>{comparison.against}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((d, i) => (
            <tr key={i} data-testid="score-difference">
              <td>{d.item}</td>
              <td>{d.query ?? '—'}</td>
              <td>{d.response ?? '—'}</td>
              <td>{d.answer ?? '—'}</td>
              <td>{d.metrics ? metricsText(d.metrics.scored) : readText(d.scored)}</td>
              <td>{d.metrics ? metricsText(d.metrics.other) : readText(d.other)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Judging free-text answers (PhoStream's 0–5 rubric, VSAS's yes/no): an estimate, then the run. */
function JudgeControls({ profileId }: { profileId: string }): React.JSX.Element {
  const estimate = useStore((s) => s.judgeEstimate);
  const endpoint = useStore((s) => s.draftingEndpoint);
  const running = useStore((s) => s.jobs.some((j) => j.kind === 'judge' && j.state === 'running'));
  const [repeats, setRepeats] = useState('1');
  const [budget, setBudget] = useState('');
  const n = Math.max(1, Math.min(10, Math.round(Number(repeats)) || 1));
  const cap = budget.trim() === '' || !Number.isFinite(Number(budget)) ? null : Number(budget);
  return (
    <div className="row judge-controls" data-testid="judge-controls">
      <span className="hint">Free-text answers need a judge ({endpoint?.model ?? 'the drafting endpoint’s model'}; answers judged before are not asked again):</span>
      <label>
        repeats <input value={repeats} onChange={(e) => setRepeats(e.target.value)} size={3} />
      </label>
      <label>
        budget (USD) <input value={budget} onChange={(e) => setBudget(e.target.value)} size={6} placeholder="no cap" />
      </label>
      <button type="button" onClick={() => void estimateJudge(profileId, n, cap)} data-testid="judge-estimate">
        Estimate
      </button>
      <button type="button" onClick={() => void startJudge(profileId, n, cap)} disabled={!estimate || estimate.requests === 0 || running} data-testid="judge-start">
        Judge
      </button>
      {estimate && (
        <span data-testid="judge-estimate-result">
          {estimate.requests.toLocaleString('en')} requests · ~{estimate.inputTokens.toLocaleString('en')} in / {estimate.outputTokens.toLocaleString('en')} out tokens · ~$
          {estimate.costUsd.toFixed(4)}
          {estimate.skipped ? ` · ${estimate.skipped.toLocaleString('en')} judged before` : ''}
        </span>
      )}
    </div>
  );
}

/** Checking the judge: a blind sample (the judge's verdicts hidden) judged by the caller, and κ with people. */
function JudgeCheck({ profileId, binary }: { profileId: string; binary: boolean }): React.JSX.Element {
  const sample = useStore((s) => s.judgeCheck);
  const agreement = useStore((s) => s.judgeAgreement);
  return (
    <details className="judge-check" data-testid="judge-check" onToggle={(e) => e.currentTarget.open && void loadJudgeCheck(profileId)}>
      <summary>
        Check the judge against people
        {agreement && agreement.pairs > 0
          ? ` — κ ${agreement.kappa === null ? '—' : agreement.kappa.toFixed(3)}${agreement.ci95 ? ` [${agreement.ci95[0].toFixed(2)}, ${agreement.ci95[1].toFixed(2)}]` : ''} (${agreement.band ?? ''}), ${agreement.pairs} pairs, ${agreement.percent?.toFixed(1)} % equal`
          : ''}
      </summary>
      <p className="hint">A seeded sample of what the judge judged; give your own {binary ? 'yes / no' : '0–5 score'} without seeing the judge's. VSAS reports κ = 0.91 on 450 samples.</p>
      {sample?.map((item) => (
        <div key={item.key} className="judge-check-item" data-testid="judge-check-item">
          <p>
            <strong>Q:</strong> {item.question} <br />
            <strong>Reference:</strong> {item.reference || '(empty)'} <br />
            <strong>Response:</strong> {item.response || '(empty)'}
          </p>
          <div className="row">
            {binary
              ? (['yes', 'no'] as const).map((v) => (
                  <button key={v} type="button" aria-pressed={item.mine?.verdict === v} onClick={() => void judgeAsPerson(profileId, item.key, v === 'yes' ? 3 : 0, v)}>
                    {v}
                  </button>
                ))
              : [0, 1, 2, 3, 4, 5].map((n) => (
                  <button key={n} type="button" aria-pressed={item.mine?.score === n} onClick={() => void judgeAsPerson(profileId, item.key, n, null)}>
                    {n}
                  </button>
                ))}
          </div>
        </div>
      ))}
    </details>
  );
}

/** The overall of each run as a bar (percentages, as the papers print them), in rank order. */
function ScoreBars({ rows }: { rows: ReturnType<typeof scoreboard>[number]['rows'] }): React.JSX.Element {
  const max = Math.max(100, ...rows.map((r) => r.overall ?? 0));
  return (
    <div className="funnel-chart" role="img" aria-label={rows.map((r) => `${r.run} ${r.overall === null ? 'no score' : r.overall.toFixed(2)}`).join(', ')}>
      {rows.map((r) => (
        <div key={r.run} className="bar-row">
          <span className="bar-label">{r.run}</span>
          <span className="bar" style={{ width: `${(100 * (r.overall ?? 0)) / max}%` }} />
          <span className="bar-value">{r.overall === null ? '—' : r.overall.toFixed(2)}</span>
        </div>
      ))}
    </div>
  );
}
