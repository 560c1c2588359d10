// What the drafting feature answers: the selected video's drafts loaded with it and after undo,
// refreshed while a run drafts it and when the run ends, and its keys.
import { emit, on } from '../effects';
import { guarded } from '../guarded';
import { registerActions } from '../registry';
import { getState, setState, useStore } from '../store';
import { toggleOverlay } from '../ui/actions';
import { flash } from '../annotation/actions';
import { acceptCurrentDraft, loadDrafts, nextUndecidedDraft, previousUndecidedDraft, rejectCurrentDraft } from './actions';
import { runSummary } from './selectors';
import { initialDraftingState } from './state';

/** While a run drafts the selected video, what it has drafted is shown every so often. */
const LIVE_REFRESH_MS = 1_000;
let lastLiveRefresh = 0;

export function registerDrafting(): void {
  on('projectChanged', () => setState({ ...initialDraftingState, draftingTab: getState().draftingTab }));
  on('videoSelected', () => guarded(loadDrafts));
  on('annotationsChanged', () => guarded(loadDrafts));
  on('editApplied', (summary) => (summary.tables.includes('drafts') ? guarded(loadDrafts) : undefined));
  on('jobFinished', async (job) => {
    if (job.kind !== 'drafting' && job.kind !== 'probe') return;
    setState({ draftingLastRun: { job, endedAt: new Date().toISOString() } });
    flash(runSummary(job));
    await emit('annotationsChanged');
  });
  useStore.subscribe((s, before) => {
    if (s.jobs === before.jobs || Date.now() - lastLiveRefresh < LIVE_REFRESH_MS) return;
    if (!s.jobs.some((j) => j.kind === 'drafting' && j.state === 'running' && j.videoId === s.selectedVideoId)) return;
    lastLiveRefresh = Date.now();
    void emit('annotationsChanged');
  });
  registerActions({
    drafting: () => toggleOverlay('drafting'),
    'next-draft': nextUndecidedDraft,
    'previous-draft': previousUndecidedDraft,
    'accept-draft': acceptCurrentDraft,
    'reject-draft': rejectCurrentDraft,
  });
}
