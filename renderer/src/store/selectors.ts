// Pure selectors over the store's state, tested without React.
import { frameIndexAt } from '../../../shared/timecode';
import type { TimelineBounds } from '../../../shared/timeline';
import type { Job, Video } from '../../../shared/domain';
import type { Profile } from '../../../shared/profiles';
import type { QueryPoint, Question } from '../../../shared/questions';
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

  selectedQuestion: (s: State): Question | null => s.questions.find((q) => q.id === s.selectedQuestionId) ?? null,

  selectedQueryPoint: (s: State): QueryPoint | null => s.queryPoints.find((p) => p.id === s.selectedQueryPointId) ?? null,

  profileOf: (s: State, question: Pick<Question, 'profileId'> | null): Profile | null => (question ? (s.profiles.find((p) => p.id === question.profileId) ?? null) : null),

  /** Dense captions belong to the selected VSAS-style task (the question); null when none is selected. */
  captionTask: (s: State): string | null => {
    const question = selectors.selectedQuestion(s);
    return question && selectors.profileOf(s, question)?.rules.denseCaptions ? question.id : null;
  },

  /** The profile new questions get: the one chosen in the panel, else the first. */
  newQuestionProfile: (s: State): string | null => (s.profiles.some((p) => p.id === s.newQuestionProfileId) ? s.newQuestionProfileId : (s.profiles[0]?.id ?? null)),

  pointsOf: (s: State, questionId: string): QueryPoint[] => s.queryPoints.filter((p) => p.questionId === questionId).sort((a, b) => a.time - b.time),

  thumbnailJobFor: (videoId: string) => (s: State): Job | null =>
    s.jobs.find((j) => j.kind === 'thumbnails' && j.label === videoId && j.state === 'running') ?? null,
};
