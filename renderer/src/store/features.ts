// The composition root of the renderer's behaviour: every feature registers its hooks and its
// keyboard actions here, once, before the app starts. (store.ts composes the state.)
import { guarded } from './guarded';
import { registerAnnotation } from './annotation/register';
import { registerDrafting } from './drafting/register';
import { registerExchange } from './exchange/actions';
import { startLive } from './live/actions';
import { refreshJobs, registerJobs } from './jobs/actions';
import { registerPlayer } from './player/actions';
import { registerProfiles } from './profiles/actions';
import { loadAppInfo, loadProject, registerProject } from './project/actions';
import { registerReview } from './review/register';
import { registerRuns } from './runs/register';
import { registerTimeline } from './timeline/actions';
import { registerUi } from './ui/actions';

let registered = false;

export function registerFeatures(): void {
  if (registered) return;
  registered = true;
  registerUi();
  registerProject();
  registerPlayer();
  registerTimeline();
  registerAnnotation();
  registerProfiles();
  registerJobs();
  registerExchange();
  registerReview();
  registerDrafting();
  registerRuns();
}

/** Starts the app: who is calling and their settings, the jobs (the first start's demo), the project. */
export async function startApp(): Promise<void> {
  registerFeatures();
  await guarded(loadAppInfo);
  await guarded(refreshJobs); // and keeps polling them
  await guarded(loadProject);
  // on a team server: other people's edits, as they commit
  startLive();
}
