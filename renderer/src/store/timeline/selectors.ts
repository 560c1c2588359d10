// Pure selectors of the timeline slice.
import type { TimelineBounds } from '../../../../shared/timeline';
import { selectedQuestion } from '../annotation/selectors';
import { selectedTimedVideo } from '../project/selectors';
import type { State } from '../store';

/** The timeline's extent: only with a selected video and a measured width. */
export const timelineBounds = (s: State): TimelineBounds | null => {
  const video = selectedTimedVideo(s);
  return video && s.timelineWidth > 0 ? { duration: video.duration, fps: video.fps, width: s.timelineWidth } : null;
};

/**
 * The selected counting question's answer is withheld from the caller (blind review): its count is
 * not drawn — without the marks it derives from, a line at 0 would read as the author's answer.
 */
export const countWithheld = (s: State): boolean => {
  const question = selectedQuestion(s);
  return question?.counting != null && s.withheld.includes(question.id);
};
