// Import and export benchmark files, the readiness report, and dataset statistics.
import { useEffect, useState } from 'react';
import type { ExportOutcome, FormatInfo } from '../../../shared/api';
import { formatProblem } from '../../../shared/formats/json-text';
import type { ReadinessReport } from '../../../shared/readiness';
import type { DatasetStats } from '../../../shared/stats';
import { call } from '../api/client';
import { choosePath, refreshJobs } from '../store/actions';
import { guarded } from '../store/guarded';
import { setState, useStore } from '../store/store';

function Bars({ title, counts }: { title: string; counts: Record<string, number> }): React.JSX.Element | null {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return null;
  const max = Math.max(...rows.map(([, n]) => n));
  return (
    <section className="bars">
      <h4>{title}</h4>
      {rows.map(([label, n]) => (
        <div key={label} className="bar-row">
          <span className="bar-label" title={label}>{label}</span>
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
      <h4>{title} <span className="hint">n = {values.count}, median {values.median.toFixed(1)}{unit}, max {values.max.toFixed(1)}{unit}</span></h4>
      <div className="histogram-bars">
        {values.histogram.map((n, i) => <span key={i} title={`${i * values.binWidth}–${(i + 1) * values.binWidth}${unit}: ${n}`} style={{ height: `${(100 * n) / (max || 1)}%` }} />)}
      </div>
    </section>
  );
}

export function StatsView({ stats }: { stats: DatasetStats[] }): React.JSX.Element {
  if (stats.length === 0) return <p className="hint">No questions yet.</p>;
  return (
    <div className="stats" data-testid="stats">
      {stats.map((s) => (
        <div key={s.profile} className="stats-profile">
          <h3>{s.profile}: {s.questions} questions, {s.queryPoints} query points, {s.videos} videos</h3>
          <div className="stats-grid">
            <Bars title="By task type" counts={s.byTaskCode} />
            <Bars title="By top category" counts={s.byTopCategory} />
            <Bars title="By temporal type" counts={s.byTemporalType} />
            {Object.entries(s.byFacet).map(([facet, counts]) => <Bars key={facet} title={`By ${facet}`} counts={counts} />)}
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
        {report.profile}: {report.questions} questions — {report.ready ? 'ready to export' : Object.entries(report.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k.replace('-', ' ')}`).join(', ')}
      </p>
      <ul className="lints">
        {report.issues.slice(0, 200).map((issue, i) => (
          <li key={i} className={issue.kind === 'lint-error' || issue.kind === 'missing-media' ? 'error' : 'warning'}>
            <strong>{issue.kind}</strong> {issue.video}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ExchangeOverlay(): React.JSX.Element | null {
  const open = useStore((s) => s.overlay === 'exchange');
  const lastImport = useStore((s) => s.lastExchangeImport);
  const nativeDialogs = useStore((s) => Boolean(s.info?.nativeDialogs));
  const [tab, setTab] = useState<'import' | 'export' | 'stats'>('import');
  const [formats, setFormats] = useState<FormatInfo[]>([]);
  const [format, setFormat] = useState('tidemark');
  const [path, setPath] = useState('');
  const [mediaDir, setMediaDir] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [force, setForce] = useState(false);
  const [exported, setExported] = useState<ExportOutcome | null>(null);
  const [readiness, setReadiness] = useState<ReadinessReport | null>(null);
  const [stats, setStats] = useState<DatasetStats[] | null>(null);
  useEffect(() => {
    if (open) void guarded(async () => setFormats(await call('exchange.formats')));
  }, [open]);
  useEffect(() => {
    if (open && tab === 'stats') void guarded(async () => setStats(await call('exchange.stats')));
  }, [open, tab, lastImport]);
  if (!open) return null;
  const available = formats.filter((f) => (tab === 'import' ? f.canImport : f.canExport));

  const runImport = async (): Promise<void> => {
    setState({ lastExchangeImport: null });
    await guarded(() => call('exchange.import', { path, format, skipInvalid, ...(mediaDir ? { mediaDir } : {}) }));
    await refreshJobs();
  };
  const runExport = async (): Promise<void> => {
    const result = await guarded(() => call('exchange.export', { path, format, force, ...(mediaDir ? { mediaDir } : {}) }));
    if (result) {
      setExported(result);
      setReadiness(result.readiness);
    }
  };
  const check = async (): Promise<void> => {
    const report = await guarded(() => call('exchange.readiness', { format }));
    if (report) setReadiness(report);
  };

  return (
    <div className="overlay" role="dialog" aria-label="Import and export" data-testid="exchange-overlay" onClick={() => setState({ overlay: null })}>
      <div className="overlay-card exchange" onClick={(e) => e.stopPropagation()}>
        <nav className="tabs">
          {(['import', 'export', 'stats'] as const).map((t) => (
            <button key={t} type="button" className={tab === t ? 'active' : ''} onClick={() => setTab(t)} data-testid={`exchange-tab-${t}`}>
              {t === 'stats' ? 'Statistics' : t[0]!.toUpperCase() + t.slice(1)}
            </button>
          ))}
        </nav>
        {tab !== 'stats' && (
          <div className="exchange-form">
            <label className="field">
              Format
              <select value={format} onChange={(e) => setFormat(e.target.value)} data-testid="exchange-format">
                {available.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
              </select>
            </label>
            <label className="field">
              {tab === 'import' ? 'File to import' : 'File to write'}
              <span className="row">
                <input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/file.jsonl" data-testid="exchange-path" />
                {nativeDialogs && <button type="button" onClick={() => void choosePath(tab === 'import' ? 'benchmarkFile' : 'benchmarkSaveFile').then((p) => p && setPath(p))}>Choose…</button>}
              </span>
            </label>
            <label className="field">
              Media folder (video paths are relative to it; optional)
              <span className="row">
                <input value={mediaDir} onChange={(e) => setMediaDir(e.target.value)} data-testid="exchange-media" />
                {nativeDialogs && <button type="button" onClick={() => void choosePath('mediaFolder').then((p) => p && setMediaDir(p))}>Choose…</button>}
              </span>
            </label>
            {tab === 'import' ? (
              <>
                <label className="check"><input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} /> Import the good records and report the bad ones (otherwise a file with any bad record imports nothing)</label>
                <button type="button" className="primary" disabled={!path} onClick={() => void runImport()} data-testid="exchange-run">Import</button>
                {lastImport && (
                  <div className="import-report" data-testid="exchange-import-result">
                    <strong>{lastImport.refused ? `Nothing imported: ${lastImport.problems.length} problem(s)` : `Imported ${lastImport.importedQuestions} questions and ${lastImport.importedMarks} marks from ${lastImport.records} records`}</strong>
                    <ul>
                      {lastImport.problems.slice(0, 200).map((p, i) => <li key={i}><code>{formatProblem(p)}</code></li>)}
                      {lastImport.missingMedia.map((m) => <li key={m.videoPath}>missing media: <code>{m.videoPath}</code> ({m.questions} questions not imported)</li>)}
                    </ul>
                  </div>
                )}
              </>
            ) : (
              <>
                <div className="row">
                  <button type="button" onClick={() => void check()} data-testid="exchange-check">Check readiness</button>
                  <label className="check"><input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Export even if not ready</label>
                  <button type="button" className="primary" disabled={!path} onClick={() => void runExport()} data-testid="exchange-run">Export</button>
                </div>
                {exported && (
                  <p data-testid="exchange-export-result" className={exported.written ? 'lint-ok' : 'error'}>
                    {exported.written ? `Wrote ${exported.items} ${format === 'tidemark' ? 'rows' : 'questions'} to ${exported.path}` : 'Not exported: the questions are not ready (see below), or tick “Export even if not ready”.'}
                  </p>
                )}
                {readiness && <ReadinessView report={readiness} />}
              </>
            )}
          </div>
        )}
        {tab === 'stats' && (stats ? <StatsView stats={stats} /> : <p className="hint">Loading…</p>)}
        <div className="actions">
          <button type="button" onClick={() => setState({ overlay: null })}>Close</button>
        </div>
      </div>
    </div>
  );
}

