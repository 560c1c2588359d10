// The Runs overlay: import a run file, the project's runs (shown as lanes or not, removed), the
// scoreboard and the early responses. Keys: 1–3 pick a tab, Esc closes.
import { useEffect, useState } from 'react';
import { formatProblem } from '../../../../shared/formats/problems';
import { plural } from '../../../../shared/plural';
import { findRunFormat, runFormats, type RunFormatId } from '../../../../shared/runs/formats';
import { chooseExchangePath } from '../../store/exchange/actions';
import { cancelJob } from '../../store/jobs/actions';
import { chooseRunsTab, importRun, loadRuns, removeRun, toggleRunLane } from '../../store/runs/actions';
import type { RunsTab } from '../../store/runs/state';
import { useStore } from '../../store/store';
import { TabbedOverlay } from '../TabbedOverlay';
import { useShortcutLabel } from '../use-shortcut-label';
import { EarlyTab } from './EarlyTab';
import { ScoreboardTab } from './ScoreboardTab';

const TABS: readonly RunsTab[] = ['runs', 'scoreboard', 'early'];
const LABELS: Record<RunsTab, string> = { runs: 'Runs', scoreboard: 'Scoreboard', early: 'Early responses' };

function RunList(): React.JSX.Element {
  const runs = useStore((s) => s.runs);
  const shown = useStore((s) => s.runsShown);
  if (runs.length === 0) return <p className="hint">No runs yet. Import a run file (Tidemark run JSONL, one response per line — see the README).</p>;
  return (
    <table className="review-table" data-testid="runs-list">
      <thead>
        <tr>
          <th>lane</th>
          <th>model</th>
          <th>run</th>
          <th>responses</th>
          <th>from</th>
          <th>imported</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id} data-testid="run-row">
            <td>
              <input type="checkbox" checked={shown.includes(r.id)} onChange={() => void toggleRunLane(r.id)} aria-label={`Show ${r.model} ${r.label} on the timeline`} data-testid="run-shown" />
            </td>
            <td>{r.model}</td>
            <td>{r.label}</td>
            <td>{r.responses.toLocaleString('en')}</td>
            <td>
              <code>{r.source}</code>
            </td>
            <td>
              {r.createdAt.slice(0, 16).replace('T', ' ')} · {r.createdBy}
            </td>
            <td>
              <button type="button" onClick={() => void removeRun(r.id)}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RunsTabView(): React.JSX.Element {
  const [path, setPath] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [format, setFormat] = useState<RunFormatId>('tidemark-run');
  const [model, setModel] = useState('');
  const modelHint = findRunFormat(format)?.model ?? null;
  const nativeDialogs = useStore((s) => Boolean(s.info?.nativeDialogs));
  const outcome = useStore((s) => s.lastRunImport);
  const job = useStore((s) => s.jobs.find((j) => j.kind === 'run-import' && j.state === 'running') ?? null);
  return (
    <div className="runs-tab">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) void importRun(path.trim(), skipInvalid, { format, ...(modelHint !== null ? { model } : {}) });
        }}
      >
        <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="Path of a run file (.jsonl)" aria-label="Run file" data-testid="run-path" style={{ flex: 1, minWidth: '20em' }} />
        {nativeDialogs && (
          <button type="button" onClick={() => void chooseExchangePath('benchmarkFile').then((p) => p && setPath(p))}>
            Choose…
          </button>
        )}
        <select value={format} onChange={(e) => setFormat(e.target.value as RunFormatId)} aria-label="Run file format" data-testid="run-format" style={{ maxWidth: '18em' }}>
          {runFormats.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
        {modelHint !== null && (
          <input value={model} onChange={(e) => setModel(e.target.value)} placeholder={modelHint} title={modelHint} aria-label="Model" data-testid="run-model" style={{ width: '12em' }} />
        )}
        <label className="check">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} /> import the good lines when some are bad
        </label>
        <button type="submit" disabled={!path.trim() || job !== null} data-testid="run-import">
          Import run
        </button>
      </form>
      {job && (
        <div className="row">
          <progress max={1} value={job.progress ?? undefined} /> <span>{job.message}</span>{' '}
          <button type="button" onClick={() => void cancelJob(job.id)}>
            Cancel
          </button>
        </div>
      )}
      {outcome && (
        <div className="import-report" data-testid="run-import-result">
          <strong>
            {outcome.refused
              ? `Nothing imported: ${plural(outcome.problems.length, 'problem')} in ${outcome.file}`
              : `Imported ${outcome.runs.map((r) => `${r.model} · ${r.label} (${plural(r.responses, 'response')})`).join(', ') || 'nothing'} from ${plural(outcome.lines, 'line')}`}
          </strong>
          {outcome.unmatched.length > 0 && (
            <p>
              {plural(outcome.unmatched.length, 'line')} matched no question and {outcome.unmatched.length === 1 ? 'was' : 'were'} left out:
            </p>
          )}
          <ul>
            {[...outcome.problems, ...outcome.unmatched].slice(0, 200).map((p, i) => (
              <li key={i}>
                <code>{formatProblem(p)}</code>
              </li>
            ))}
          </ul>
          {outcome.notes.length > 0 && (
            <p>
              {plural(outcome.notes.length, 'line')} imported otherwise than {outcome.notes.length === 1 ? 'it says' : 'they say'}:
            </p>
          )}
          <ul>
            {outcome.notes.slice(0, 200).map((p, i) => (
              <li key={i}>
                <code>{formatProblem(p)}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RunList />
    </div>
  );
}

export function RunsOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'runs');
  const tab = useStore((s) => s.runsTab);
  const error = useStore((s) => s.runsError);
  const key = useShortcutLabel('runs');
  useEffect(() => {
    if (open) void loadRuns();
  }, [open]);
  if (!open) return null;
  return (
    <TabbedOverlay
      label="Model runs"
      testId="runs-overlay"
      owner="runs"
      className="runs"
      hint={`${key} or Esc closes · 1–3 pick a tab · a run's lane shows its responses on the timeline; click one for its details`}
      tabs={TABS}
      labels={LABELS}
      tab={tab}
      choose={chooseRunsTab}
      tabTestId="runs-tab"
      error={error}
      errorTestId="runs-error"
    >
      {tab === 'runs' && <RunsTabView />}
      {tab === 'scoreboard' && <ScoreboardTab />}
      {tab === 'early' && <EarlyTab />}
    </TabbedOverlay>
  );
}
