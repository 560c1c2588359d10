// Pure selectors of the timeline slice.
import type { TimelineBounds } from '../../../../shared/timeline';
import { selectedTimedVideo } from '../project/selectors';
import type { State } from '../store';

/** The timeline's extent: only with a selected video and a measured width. */
export const timelineBounds = (s: State): TimelineBounds | null => {
  const video = selectedTimedVideo(s);
  return video && s.timelineWidth > 0 ? { duration: video.duration, fps: video.fps, width: s.timelineWidth } : null;
};
