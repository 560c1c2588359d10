// How one feature makes others react without importing their actions (which would tie the slices
// into import cycles): named hooks, each handled by the features that care. Features register their
// handlers in store/features.ts; emit() runs them in order — their synchronous parts at once — and
// resolves when all have finished.
import type { AppliedEditSummary } from '../../../shared/api';
import type { Job } from '../../../shared/jobs';
import { report } from './guarded';
import type { Overlay } from './ui/state';

interface Effects {
  /** The selected video is about to change, or the project to close: keep where the person was. */
  leavingVideo: [];
  /** A video became the selected one: load what belongs to it. */
  videoSelected: [videoId: string];
  /** A request to select a video (from a readiness problem, say); resolves once its annotations are in. */
  selectVideo: [videoId: string];
  /** A request to select a question of the selected video and go to its first query point. */
  showQuestion: [questionId: string];
  /** A request to move the playhead of the selected video. */
  seek: [time: number];
  /** The playhead moved: by a command ('seek', to be remembered) or by playback. */
  playheadMoved: [time: number, cause: 'seek' | 'playback'];
  /** A job was started: list jobs now rather than at the next idle poll. */
  jobStarted: [];
  /** A job finished (done, failed or cancelled) since the last listing. */
  jobFinished: [job: Job];
  /** The project was opened, created, closed or filled by an import: reload what is shown from it. */
  projectChanged: [];
  /** Videos were added, relinked or restored. */
  videosChanged: [];
  /** Annotations changed other than by this window's edits (an import): reload the selected video's. */
  annotationsChanged: [];
  /** Profiles were added or changed (a profile edit, an undo). */
  profilesChanged: [];
  /** An undo or redo was applied. */
  editApplied: [summary: AppliedEditSummary];
  /** An overlay was closed: what it showed (errors, results) is over. */
  overlayClosed: [overlay: Overlay];
}

type EffectName = keyof Effects;
type Handler<K extends EffectName> = (...args: Effects[K]) => unknown;

const handlers: { [K in EffectName]?: Array<Handler<K>> } = {};

/** Registers a handler; returns its removal. */
export function on<K extends EffectName>(name: K, handler: Handler<K>): () => void {
  const list: Array<Handler<K>> = handlers[name] ?? [];
  handlers[name] = list as (typeof handlers)[K];
  list.push(handler);
  return () => {
    const at = list.indexOf(handler);
    if (at >= 0) list.splice(at, 1);
  };
}

/** Runs every handler of a hook; a failing handler is reported and does not stop the others. */
export async function emit<K extends EffectName>(name: K, ...args: Effects[K]): Promise<void> {
  const list: Array<Handler<K>> = [...(handlers[name] ?? [])];
  const results = await Promise.allSettled(
    list.map((handler) => {
      try {
        return Promise.resolve(handler(...args));
      } catch (error) {
        return Promise.reject(error);
      }
    }),
  );
  for (const result of results) if (result.status === 'rejected') report(result.reason);
}
