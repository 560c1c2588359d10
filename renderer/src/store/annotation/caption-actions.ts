// Dense captions (VSAS-Bench): the selected task's caption for a range of seconds, and merging runs
// of identical captions.
import { call } from '../../api/client';
import { guarded } from '../guarded';
import { getState } from '../store';
import { flash, reloadAnnotations } from './actions';
import { captionTask } from './selectors';

export async function setCaption(from: number, to: number, text: string): Promise<void> {
  const s = getState();
  const videoId = s.selectedVideoId;
  const target = captionTask(s);
  if (!videoId || target === null) return;
  const written = await guarded(() => call('captions.fill', { videoId, target, from, to, text }));
  if (written) await reloadAnnotations();
}

export async function mergeCaptionRuns(): Promise<void> {
  const s = getState();
  const videoId = s.selectedVideoId;
  const target = captionTask(s);
  if (!videoId || target === null) return;
  const result = await guarded(() => call('captions.mergeRuns', { videoId, target }));
  if (result) {
    flash(`Merged ${result.merged} captions into runs`);
    await reloadAnnotations();
  }
}
