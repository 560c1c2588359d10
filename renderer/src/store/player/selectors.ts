// Pure selectors of the player slice.
import { frameIndexAt, snapTime } from '../../../../shared/timecode';
import { selectedVideo } from '../project/selectors';
import type { State } from '../store';

/** What the time display shows: the playing time while playing, else what was commanded. */
export const displayTime = (s: State): number => (s.playing ? s.playerTime : s.commanded.time);

export const displayFrame = (s: State): number | null => {
  const video = selectedVideo(s);
  return video ? frameIndexAt(displayTime(s), video.fps) : null;
};

/** The playhead on the active grid: whole seconds, or native frames when snapping to frames. */
export const playheadSnapped = (s: State): number => snapTime(displayTime(s), s.grid, selectedVideo(s)?.fps ?? 30);
