// Import and export benchmark files, the readiness report, and dataset statistics.
import { useEffect, useState } from 'react';
import type { ImportOutcomeView } from '../../../shared/exchange';
import { formatProblem } from '../../../shared/formats/problems';
import type { JobOf } from '../../../shared/jobs';
import type { ReadinessReport } from '../../../shared/readiness';
import type { DatasetStats } from '../../../shared/stats';
import { checkReadiness, chooseExchangePath, loadFormats, loadStats, openIssue, startExport, startImport } from '../store/exchange/actions';
import { issueSeverity, readinessSummary, runningExport, runningImport, runningReadiness } from '../store/exchange/selectors';
import { cancelJob } from '../store/jobs/actions';
import { useStore } from '../store/store';
import { closeOverlay } from '../store/ui/actions';
import { plural } from '../../../shared/plural';

function Bars({ title, counts }: { title: string; counts: Record<string, number> }): React.JSX.Element | null {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return null;
  const max = Math.max(...rows.map(([, n]) => n));
  return (
    <section className="bars">
      <h4>{title}</h4>
      {rows.map(([label, n]) => (
        <div key={label} className="bar-row">
          <span className="bar-label" title={label}>
            {label}
          </span>
          <span className="bar" style={{ width: `${(100 * n) / max}%` }} />
          <span className="bar-value">{n}</span>
        </div>
      ))}
    </section>
  );
}

function Histogram({ title, values, unit }: { title: string; values: DatasetStats['queryTimes']; unit: string }): React.JSX.Element | null {
  if (values.count === 0) return null;
  const max = Math.max(...values.histogram);
  return (
    <section className="histogram">
      <h4>
        {title}{' '}
        <span className="hint">
          n = {values.count}, median {values.median.toFixed(1)}
          {unit}, max {values.max.toFixed(1)}
          {unit}
        </span>
      </h4>
      <div className="histogram-bars">
        {values.histogram.map((n, i) => (
          <span key={i} title={`${i * values.binWidth}–${(i + 1) * values.binWidth}${unit}: ${n}`} style={{ height: `${(100 * n) / (max || 1)}%` }} />
        ))}
      </div>
    </section>
  );
}

function StatsView({ stats }: { stats: DatasetStats[] }): React.JSX.Element {
  if (stats.length === 0) return <p className="hint">No questions yet.</p>;
  return (
    <div className="stats" data-testid="stats">
      {stats.map((s) => (
        <div key={s.profile} className="stats-profile">
          <h3>
            {s.profile}: {plural(s.questions, 'question')}, {plural(s.queryPoints, 'query point')}, {plural(s.videos, 'video')}
          </h3>
          <div className="stats-grid">
            <Bars title="By task type" counts={s.byTaskCode} />
            <Bars title="By top category" counts={s.byTopCategory} />
            <Bars title="By temporal type" counts={s.byTemporalType} />
            {Object.entries(s.byFacet).map(([facet, counts]) => (
              <Bars key={facet} title={`By ${facet}`} counts={counts} />
            ))}
            <Bars title="By source" counts={s.bySource} />
            <Histogram title="Query times" values={s.queryTimes} unit=" s" />
            <Histogram title="Evidence spans" values={s.evidenceSpans} unit=" s" />
            <Histogram title="Query points per question" values={s.queryPointsPerQuestion} unit="" />
          </div>
        </div>
      ))}
    </div>
  );
}

function ReadinessView({ report }: { report: ReadinessReport }): React.JSX.Element {
  return (
    <div className="readiness" data-testid="readiness">
      <p className={report.ready ? 'lint-ok' : 'error'}>
        {report.profile}: {plural(report.questions, 'question')} — {readinessSummary(report)}
      </p>
      <ul className="lints readiness-issues">
        {report.issues.slice(0, 200).map((issue, i) => (
          <li
            key={i}
            className={issueSeverity(issue)}
            role="button"
            tabIndex={0}
            title="Go to this question"
            data-testid="readiness-issue"
            data-question-id={issue.questionId}
            onClick={() => void openIssue(issue)}
            onKeyDown={(e) => e.key === 'Enter' && void openIssue(issue)}
          >
            <strong>{issue.kind}</strong> “{issue.question}” <code>{issue.questionId}</code> on {issue.video}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A running job of the dialog: what it is doing, how far it is, and Cancel. */
function JobProgress({ job, testId }: { job: JobOf<'exchange' | 'export' | 'readiness'>; testId: string }): React.JSX.Element {
  return (
    <div className="job-progress" data-testid={testId}>
      <span>{job.message}</span>
      <progress max={1} value={job.progress ?? undefined} />
      <button type="button" onClick={() => void cancelJob(job.id)}>
        Cancel
      </button>
    </div>
  );
}

function ImportOutcome({ outcome }: { outcome: ImportOutcomeView }): React.JSX.Element {
  const { alreadyPresent, updated } = outcome;
  return (
    <div className="import-report" data-testid="exchange-import-result">
      <strong>
        {outcome.refused
          ? `Nothing imported: ${plural(outcome.problems.length, 'problem')}`
          : `Imported ${plural(outcome.importedQuestions, 'question')} and ${plural(outcome.importedMarks, 'mark')} from ${plural(outcome.records, outcome.format === 'tidemark' ? 'row' : 'record')}`}
      </strong>
      {(alreadyPresent > 0 || updated > 0) && (
        <p data-testid="exchange-import-existing">
          {alreadyPresent.toLocaleString('en')} already in the project{updated > 0 ? `, ${updated.toLocaleString('en')} updated from the file` : ', left as they were'}.
        </p>
      )}
      {outcome.reportPath && (
        <p>
          Problems written to <code>{outcome.reportPath}</code>
        </p>
      )}
      <ul>
        {outcome.problems.slice(0, 200).map((p, i) => (
          <li key={i}>
            <code>{formatProblem(p)}</code>
          </li>
        ))}
        {outcome.warnings.slice(0, 200).map((w, i) => (
          <li key={`w${i}`} className="import-warning">
            <code>{formatProblem({ ...w, reason: `warning: ${w.reason}` })}</code>
          </li>
        ))}
        {outcome.missingMedia.map((m) => (
          <li key={m.videoPath}>
            missing media: <code>{m.videoPath}</code> ({plural(m.questions, 'question')} on a placeholder video until it is relinked)
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ExchangeOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'exchange');
  const formats = useStore((s) => s.formats);
  const lastImport = useStore((s) => s.lastExchangeImport);
  const exported = useStore((s) => s.exported);
  const readiness = useStore((s) => s.readiness);
  const stats = useStore((s) => s.stats);
  const error = useStore((s) => s.exchangeError);
  const importJob = useStore(runningImport);
  const exportJob = useStore(runningExport);
  const readinessJob = useStore(runningReadiness);
  const nativeDialogs = useStore((s) => Boolean(s.info?.nativeDialogs));
  const [tab, setTab] = useState<'import' | 'export' | 'stats'>('import');
  const [format, setFormat] = useState('tidemark');
  // one path per tab: the file just imported is never offered as the file to write
  const [paths, setPaths] = useState<Record<'import' | 'export', string>>({ import: '', export: '' });
  const pathTab = tab === 'export' ? 'export' : 'import';
  const path = paths[pathTab];
  const setPath = (value: string): void => setPaths((p) => ({ ...p, [pathTab]: value }));
  const [overwrite, setOverwrite] = useState(false);
  const [mediaDir, setMediaDir] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [existing, setExisting] = useState<'skip' | 'update'>('skip');
  const [force, setForce] = useState(false);
  useEffect(() => {
    if (open) void loadFormats();
  }, [open]);
  useEffect(() => {
    if (open && tab === 'stats') void loadStats();
  }, [open, tab]);
  if (!open) return null;
  const available = formats.filter((f) => (tab === 'import' ? f.canImport : f.canExport));
  const media = mediaDir ? { mediaDir } : {};

  return (
    <div className="overlay" role="dialog" aria-label="Import and export" data-testid="exchange-overlay" onClick={closeOverlay}>
      <div className="overlay-card exchange" onClick={(e) => e.stopPropagation()}>
        <nav className="tabs" role="tablist" aria-label="Import, export or statistics">
          {(['import', 'export', 'stats'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)} data-testid={`exchange-tab-${t}`}>
              {t === 'stats' ? 'Statistics' : t[0]!.toUpperCase() + t.slice(1)}
            </button>
          ))}
        </nav>
        {tab !== 'stats' && (
          <div className="exchange-form">
            <label className="field">
              Format
              <select value={format} onChange={(e) => setFormat(e.target.value)} data-testid="exchange-format">
                {available.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              {tab === 'import' ? 'File to import' : 'File to write'}
              <span className="row">
                <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/file.jsonl" data-testid="exchange-path" />
                {nativeDialogs && (
                  <button type="button" onClick={() => void chooseExchangePath(tab === 'import' ? 'benchmarkFile' : 'benchmarkSaveFile').then((p) => p && setPath(p))}>
                    Choose…
                  </button>
                )}
              </span>
            </label>
            <label className="field">
              Media folder (video paths are relative to it; optional)
              <span className="row">
                <input value={mediaDir} onChange={(e) => setMediaDir(e.target.value)} data-testid="exchange-media" />
                {nativeDialogs && (
                  <button type="button" onClick={() => void chooseExchangePath('mediaFolder').then((p) => p && setMediaDir(p))}>
                    Choose…
                  </button>
                )}
              </span>
            </label>
            {tab === 'import' ? (
              <>
                <label className="check">
                  <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} /> Import the good records and report the bad ones (otherwise a file with any bad
                  record imports nothing)
                </label>
                <fieldset className="choice" data-testid="exchange-existing">
                  <legend>Questions the profile already has (same benchmark id)</legend>
                  <label className="check">
                    <input type="radio" name="existing" checked={existing === 'skip'} onChange={() => setExisting('skip')} /> leave them as they are
                  </label>
                  <label className="check">
                    <input type="radio" name="existing" checked={existing === 'update'} onChange={() => setExisting('update')} /> update them from the file
                  </label>
                </fieldset>
                <button
                  type="button"
                  className="primary"
                  disabled={!path || importJob !== null}
                  onClick={() => void startImport({ path, format, skipInvalid, existing, ...media })}
                  data-testid="exchange-run"
                >
                  Import
                </button>
                {importJob && <JobProgress job={importJob} testId="exchange-import-progress" />}
                {lastImport && <ImportOutcome outcome={lastImport} />}
              </>
            ) : (
              <>
                <div className="row">
                  <button type="button" disabled={readinessJob !== null} onClick={() => void checkReadiness(format)} data-testid="exchange-check">
                    Check readiness
                  </button>
                  <label className="check">
                    <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Export even if not ready
                  </label>
                  <label className="check">
                    <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} data-testid="exchange-overwrite" /> Replace the file if it exists
                  </label>
                  <button
                    type="button"
                    className="primary"
                    disabled={!path || exportJob !== null}
                    onClick={() => void startExport({ path, format, force, overwrite, ...media })}
                    data-testid="exchange-run"
                  >
                    Export
                  </button>
                </div>
                {readinessJob && <JobProgress job={readinessJob} testId="exchange-readiness-progress" />}
                {exportJob && <JobProgress job={exportJob} testId="exchange-export-progress" />}
                {exported && (
                  <div data-testid="exchange-export-result" className={exported.written ? 'lint-ok' : 'error'}>
                    {exported.written
                      ? `Wrote ${exported.items} ${format === 'tidemark' ? 'rows' : 'questions'} to ${exported.path}`
                      : 'Not exported: the questions are not ready (see below), or tick “Export even if not ready”.'}
                    {exported.leftOut.length > 0 && (
                      <ul className="lints" data-testid="exchange-left-out">
                        {exported.leftOut.slice(0, 200).map((l) => (
                          <li key={l.questionId} className="warning">
                            left out {l.questionId}: {l.reason}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                )}
                {readiness && <ReadinessView report={readiness} />}
              </>
            )}
            {error && (
              <p className="error" role="alert" data-testid="exchange-error">
                {error}
              </p>
            )}
          </div>
        )}
        {tab === 'stats' && (stats ? <StatsView stats={stats} /> : <p className="hint">Loading…</p>)}
        <div className="actions">
          <button type="button" onClick={closeOverlay}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
