// Pure selectors over the store's state, tested without React.
import { frameIndexAt } from '../../../shared/timecode';
import type { TimelineBounds } from '../../../shared/timeline';
import type { Job, Video } from '../../../shared/domain';
import type { State } from './store';

export const selectors = {
  selectedVideo: (s: State): Video | null => s.videos.find((v) => v.id === s.selectedVideoId) ?? null,

  /** What the time display shows: the playing time while playing, else what was commanded. */
  displayTime: (s: State): number => (s.playing ? s.playerTime : s.commanded.time),

  displayFrame: (s: State): number | null => {
    const video = selectors.selectedVideo(s);
    return video ? frameIndexAt(selectors.displayTime(s), video.fps) : null;
  },

  timelineBounds: (s: State): TimelineBounds | null => {
    const video = selectors.selectedVideo(s);
    return video && s.timelineWidth > 0 ? { duration: video.duration, fps: video.fps, width: s.timelineWidth } : null;
  },

  runningJobs: (s: State): Job[] => s.jobs.filter((j) => j.state === 'running'),

  thumbnailJobFor: (videoId: string) => (s: State): Job | null =>
    s.jobs.find((j) => j.kind === 'thumbnails' && j.label === videoId && j.state === 'running') ?? null,
};
