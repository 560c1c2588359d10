// What the runs feature answers: runs loaded with the project, lanes with the video, an import's
// report when it ends, undo of a removal, and the key of the Runs overlay.
import { on } from '../effects';
import { guarded } from '../guarded';
import { registerActions } from '../registry';
import { setState } from '../store';
import { toggleOverlay } from '../ui/actions';
import { loadRunResponses, loadRuns, onJudgeFinished, onRunImportFinished } from './actions';
import { initialRunsState } from './state';

export function registerRuns(): void {
  on('projectChanged', async () => {
    setState({ ...initialRunsState });
    await guarded(loadRuns);
  });
  on('videoSelected', () => guarded(loadRunResponses));
  on('editApplied', (summary) => (summary.tables.some((t) => t === 'runs' || t === 'responses' || t === 'questions') ? guarded(loadRuns) : undefined));
  on('jobFinished', (job) => (job.kind === 'run-import' ? onRunImportFinished(job) : job.kind === 'judge' ? onJudgeFinished(job) : undefined));
  registerActions({ runs: () => toggleOverlay('runs') });
}
