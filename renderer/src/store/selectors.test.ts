import { describe, expect, it } from 'vitest';
import type { Job, Video } from '../../../shared/domain';
import { selectors } from './selectors';
import { initialState, type State } from './store';

const video: Video = {
  id: 'v1', name: 'a.mp4', relPath: 'a.mp4', fingerprint: 'f', fileSize: 1, duration: 20, fps: 25, fpsRational: '25/1', variableFps: false,
  width: 640, height: 360, codec: 'h264', audioCodec: null, container: 'mp4', status: 'ok', statusMessage: null, sourceDataset: null,
  licenceNote: null, segmentOffset: 0, tags: [], addedAt: 'now',
};
const job = (over: Partial<Job>): Job => ({ id: 'j', kind: 'thumbnails', label: 'v1', state: 'running', progress: 0.5, message: '', startedAt: 'now', ...over });
const state = (over: Partial<State>): State => ({ ...initialState, videos: [video], selectedVideoId: 'v1', ...over });

describe('selectors', () => {
  it('finds the selected video', () => {
    expect(selectors.selectedVideo(state({}))).toBe(video);
    expect(selectors.selectedVideo(state({ selectedVideoId: 'x' }))).toBeNull();
  });
  it('shows the commanded time when paused and the playing time while playing', () => {
    expect(selectors.displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5 }))).toBe(3);
    expect(selectors.displayTime(state({ commanded: { time: 3, seq: 1 }, playerTime: 5, playing: true }))).toBe(5);
    expect(selectors.displayFrame(state({ commanded: { time: 2.04, seq: 1 } }))).toBe(51);
  });
  it('gives timeline bounds only with a video and a measured width', () => {
    expect(selectors.timelineBounds(state({}))).toBeNull();
    expect(selectors.timelineBounds(state({ timelineWidth: 800 }))).toEqual({ duration: 20, fps: 25, width: 800 });
  });
  it('finds the running thumbnail job of a video', () => {
    const jobs = [job({ id: 'a', state: 'done' }), job({ id: 'b' }), job({ id: 'c', label: 'v2' })];
    expect(selectors.thumbnailJobFor('v1')(state({ jobs }))?.id).toBe('b');
    expect(selectors.runningJobs(state({ jobs })).map((j) => j.id)).toEqual(['b', 'c']);
  });
});

describe('annotation selectors', () => {
  const profile = (id: string, denseCaptions: boolean) => ({ id, kind: 'custom' as const, name: id, builtin: false, taxonomy: [], rules: { answerKinds: ['text' as const], temporalTypes: [], maxOptions: 4, groups: false, counting: false, denseCaptions, proactive: false, namedEntities: false, facets: {} } });
  const question = (id: string, profileId: string) => ({ id, videoId: 'v1', profileId, taskCode: null, text: '', answerKind: 'text' as const, options: {}, temporalType: null, group: null, entities: [], facets: {}, counting: null, status: 'draft' as const, guidelineVersion: null, round: 0, origin: null, provenance: {}, createdBy: 'a', updatedAt: 'now' });
  it('captions belong to the selected task only when its profile has dense captions', () => {
    const profiles = [profile('vsas', true), profile('other', false)];
    const questions = [question('t1', 'vsas'), question('t2', 'other')];
    expect(selectors.captionTask(state({ profiles, questions, selectedQuestionId: 't1' }))).toBe('t1');
    expect(selectors.captionTask(state({ profiles, questions, selectedQuestionId: 't2' }))).toBeNull();
    expect(selectors.captionTask(state({ profiles, questions }))).toBeNull();
  });
  it('new questions get the chosen profile, else the first', () => {
    const profiles = [profile('a', false), profile('b', false)];
    expect(selectors.newQuestionProfile(state({ profiles }))).toBe('a');
    expect(selectors.newQuestionProfile(state({ profiles, newQuestionProfileId: 'b' }))).toBe('b');
    expect(selectors.newQuestionProfile(state({ profiles, newQuestionProfileId: 'gone' }))).toBe('a');
  });
  it('lists a question’s query points in time order', () => {
    const queryPoints = [3, 1, 2].map((time, i) => ({ id: `p${i}`, questionId: 'q', time, answer: null, evidence: [], proactiveTime: null, windowStart: null }));
    expect(selectors.pointsOf(state({ queryPoints }), 'q').map((p) => p.time)).toEqual([1, 2, 3]);
  });
});
