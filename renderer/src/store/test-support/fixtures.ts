// Small domain objects for the selector tests.
import type { Video } from '../../../../shared/domain';
import type { Job } from '../../../../shared/jobs';
import type { Mark } from '../../../../shared/marks';
import type { Profile } from '../../../../shared/profiles';
import type { QueryPoint, Question } from '../../../../shared/questions';
import { initialState, type State } from '../store';
import { testQuestion } from '../../../../shared/questions.test-util';

export const video: Video = {
  id: 'v1',
  name: 'a.mp4',
  relPath: 'a.mp4',
  fingerprint: 'f',
  fileSize: 1,
  duration: 20,
  fps: 25,
  fpsRational: '25/1',
  variableFps: false,
  width: 640,
  height: 360,
  codec: 'h264',
  audioCodec: null,
  container: 'mp4',
  status: 'ok',
  statusMessage: null,
  sourceDataset: null,
  licenceNote: null,
  segmentOffset: 0,
  tags: [],
  addedAt: 'now',
};

/** The composed state with one selected video, changed by `over`. */
export const state = (over: Partial<State> = {}): State => ({ ...initialState, videos: [video], selectedVideoId: 'v1', ...over });

export const thumbnailJob = (over: Partial<Extract<Job, { kind: 'thumbnails' }>> = {}): Job => ({
  id: 'j',
  kind: 'thumbnails',
  videoId: 'v1',
  label: 'Thumbnails of a.mp4',
  state: 'running',
  progress: 0.5,
  message: '',
  startedAt: 'now',
  ...over,
});

export const profile = (id: string, rules: Partial<Profile['rules']> = {}): Profile => ({
  id,
  kind: 'custom',
  name: id,
  builtin: false,
  taxonomy: [],
  rules: { answerKinds: ['text'], temporalTypes: [], maxOptions: 4, groups: false, counting: false, denseCaptions: false, proactive: false, namedEntities: false, facets: {}, ...rules },
});

export const question = (id: string, profileId: string, over: Partial<Question> = {}): Question => testQuestion({ id, videoId: 'v1', profileId, answerKind: 'text', ...over });

export const point = (id: string, questionId: string, time: number, over: Partial<QueryPoint> = {}): QueryPoint => ({
  id,
  questionId,
  time,
  answer: null,
  evidence: [],
  proactiveTime: null,
  windowStart: null,
  ...over,
});

export const span = (id: string, start: number, end: number | null, target = ''): Mark => ({ id, videoId: 'v1', type: 'span', start, end, target, data: {} });
