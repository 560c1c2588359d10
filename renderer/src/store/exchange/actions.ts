// Benchmark files in and out. Import, export and the readiness check run as jobs on the service
// side: their progress shows while they run and they can be cancelled; their outcome arrives as the
// finished job's result. Failures are shown in the dialog, not the page banner.
import type { ApiRequest } from '../../../../shared/api';
import type { Job } from '../../../../shared/jobs';
import type { ReadinessIssue } from '../../../../shared/readiness';
import { plural } from '../../../../shared/plural';
import { call } from '../../api/client';
import { emit, on } from '../effects';
import { guardedFor } from '../guarded';
import { getState, setState } from '../store';

/** Runs a call whose failure belongs to the dialog. */
const inDialog = <T>(work: () => Promise<T>): Promise<T | undefined> => guardedFor((message) => setState({ exchangeError: message }), work);

export async function loadFormats(): Promise<void> {
  const formats = await inDialog(() => call('exchange.formats'));
  if (formats) setState({ formats });
}

export async function loadStats(): Promise<void> {
  const stats = await inDialog(() => call('exchange.stats'));
  if (stats) setState({ stats });
}

/** A path from the desktop app's file dialog (null when cancelled, or in browser mode, where paths are typed). */
export async function chooseExchangePath(kind: 'benchmarkFile' | 'benchmarkSaveFile' | 'mediaFolder'): Promise<string | null> {
  if (!getState().info?.nativeDialogs) return null;
  const result = await inDialog(() => call('dialogs.pick', { kind }));
  return result?.paths[0] ?? null;
}

export async function startImport(request: ApiRequest<'exchange.import'>): Promise<void> {
  setState({ lastExchangeImport: null, exchangeError: null });
  const started = await inDialog(() => call('exchange.import', request));
  if (!started) return;
  setState({ importJobId: started.jobId });
  await emit('jobStarted');
}

export async function startExport(request: ApiRequest<'exchange.export'>): Promise<void> {
  setState({ exported: null, readiness: null, exchangeError: null });
  const started = await inDialog(() => call('exchange.export', request));
  if (!started) return;
  setState({ exportJobId: started.jobId });
  await emit('jobStarted');
}

export async function checkReadiness(format: string): Promise<void> {
  setState({ readiness: null, exchangeError: null });
  const started = await inDialog(() => call('exchange.readiness', { format }));
  if (!started) return;
  setState({ readinessJobId: started.jobId });
  await emit('jobStarted');
}

/** A readiness problem, selected: its video, its question and the question's first query point. */
export async function openIssue(issue: Pick<ReadinessIssue, 'videoId' | 'questionId'>): Promise<void> {
  const { overlay } = getState();
  setState({ overlay: null });
  if (overlay) void emit('overlayClosed', overlay);
  await emit('selectVideo', issue.videoId);
  await emit('showQuestion', issue.questionId);
}

async function onJobFinished(job: Job): Promise<void> {
  const s = getState();
  const failed = job.state === 'failed' ? job.message : null;
  const cancelled = job.state === 'cancelled';
  if (job.kind === 'exchange' && job.id === s.importJobId) {
    // a cancel that reached the import only after it had committed leaves its outcome: the import stands
    const outcome = job.state === 'failed' ? null : (job.result ?? null);
    setState({ importJobId: null, exchangeError: failed, ...(cancelled && !outcome ? { status: 'Import cancelled: the project is as it was.' } : {}) });
    if (outcome) {
      // the status line says how it ended too (an older message there would otherwise stand)
      const present = outcome.alreadyPresent > 0 ? ` (${outcome.alreadyPresent.toLocaleString('en')} already there)` : '';
      const status = outcome.refused
        ? `Nothing imported from ${outcome.file}: ${plural(outcome.problems.length, 'problem')}.`
        : `Imported ${plural(outcome.importedQuestions, 'question')} from ${outcome.file}${present}.`;
      setState({ lastExchangeImport: outcome, status });
      await emit('projectChanged');
      await emit('annotationsChanged');
      if (s.stats) await loadStats();
    }
  } else if (job.kind === 'export' && job.id === s.exportJobId) {
    setState({ exportJobId: null, exchangeError: failed, ...(cancelled ? { status: 'Export cancelled.' } : {}) });
    if (job.state === 'done' && job.result) setState({ exported: job.result, readiness: job.result.readiness });
  } else if (job.kind === 'readiness' && job.id === s.readinessJobId) {
    setState({ readinessJobId: null, exchangeError: failed });
    if (job.state === 'done' && job.result) setState({ readiness: job.result });
  }
}

/** What the statistics count: an undo or redo touching these makes the shown figures stale. */
const COUNTED_TABLES = new Set(['profiles', 'videos', 'questions', 'query_points']);

export function registerExchange(): void {
  on('jobFinished', onJobFinished);
  on('editApplied', (summary) => (getState().stats && summary.tables.some((t) => COUNTED_TABLES.has(t)) ? loadStats() : undefined));
  // what the dialog showed is over once it closes; results stay until the next run
  on('overlayClosed', (overlay) => {
    if (overlay === 'exchange') setState({ exchangeError: null });
  });
}
