import { describe, expect, it } from 'vitest';
import type { Video } from './domain';
import { BUILTIN_PROFILES } from './profiles';
import type { QueryPoint, Question } from './questions';
import { describeIssue, describeReadiness, readinessReport } from './readiness';
import { testQuestion } from './questions.test-util';

const profile = { ...BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!, id: 'p', builtin: true };
const video = (status: Video['status']): Video => ({
  id: 'v',
  name: 'v.mp4',
  relPath: 'v.mp4',
  fingerprint: 'f',
  fileSize: 1,
  duration: 60,
  fps: 30,
  fpsRational: '30/1',
  variableFps: false,
  width: 1,
  height: 1,
  codec: 'h264',
  audioCodec: null,
  container: 'mp4',
  status,
  statusMessage: status === 'ok' ? null : 'File not found.',
  sourceDataset: null,
  licenceNote: null,
  segmentOffset: 0,
  tags: [],
  addedAt: 'now',
});
const question = (over: Partial<Question>): Question =>
  testQuestion({ taskCode: '1.1.1', text: 'How far?', options: { A: '1 m', B: '2 m' }, status: 'accepted', provenance: { text: 'human' }, ...over });
const point: QueryPoint = { id: 'p1', questionId: 'q', time: 5, answer: 'A', evidence: [[1, 4]], proactiveTime: null, windowStart: null };

describe('readiness report', () => {
  it('is ready when nothing holds the export back', () => {
    const report = readinessReport({ profile, questions: [question({})], queryPoints: [point], marks: [], videos: [video('ok')] });
    expect(report.ready).toBe(true);
    expect(describeReadiness(report)).toBe('OVO-S-Bench: 1 question, ready to export.');
  });
  it('counts lint errors, unaccepted items, unedited model drafts and missing media', () => {
    const report = readinessReport({
      profile,
      questions: [question({ status: 'draft', provenance: { text: 'model', options: 'edited' } })],
      queryPoints: [{ ...point, answer: 'C' }],
      marks: [],
      videos: [video('missing')],
    });
    expect(report.counts).toEqual({ 'lint-error': 1, 'not-accepted': 1, 'unedited-draft': 1, 'missing-media': 1 });
    expect(report.issues.find((i) => i.kind === 'unedited-draft')?.message).toBe('Model-drafted text not checked by a person.');
    expect(describeReadiness(report)).toBe(
      'OVO-S-Bench: 1 question, not ready — 1 lint error, 1 not accepted, 1 unedited draft. 1 question is on videos whose files are missing (their times are checked once relinked).',
    );
  });
  it('finds the unedited drafts of a provenance many questions share (frozen, as a project reads them) for each', () => {
    const shared = Object.freeze({ text: 'model' as const, options: 'human' as const });
    const questions = [question({ id: 'a', provenance: shared }), question({ id: 'b', provenance: shared }), question({ id: 'c', provenance: { text: 'human' } })];
    const report = readinessReport({ profile, questions, queryPoints: ['a', 'b', 'c'].map((id) => ({ ...point, id, questionId: id })), marks: [], videos: [video('ok')] });
    expect(report.issues.filter((i) => i.kind === 'unedited-draft').map((i) => [i.questionId, i.message])).toEqual([
      ['a', 'Model-drafted text not checked by a person.'],
      ['b', 'Model-drafted text not checked by a person.'],
    ]);
  });
  it('names the question of each problem (text and id), not only its video', () => {
    const report = readinessReport({
      profile,
      questions: [question({ status: 'draft', text: '  How far is the red sign\nfrom the camera?  ' })],
      queryPoints: [point],
      marks: [],
      videos: [video('ok')],
    });
    expect(report.issues[0]).toMatchObject({ questionId: 'q', question: 'How far is the red sign from the camera?', videoId: 'v', video: 'v.mp4' });
    expect(describeIssue(report.issues[0]!)).toBe('"How far is the red sign from the camera?" (q, v.mp4): not-accepted: Not accepted in review (status: draft).');
  });
  it('lists missing media without holding the export back; a placeholder video (length unknown) skips the end-of-video check', () => {
    const placeholder = { ...video('missing'), fingerprint: null, duration: null };
    const report = readinessReport({ profile, questions: [question({})], queryPoints: [{ ...point, time: 5000 }], marks: [], videos: [placeholder] });
    expect(report).toMatchObject({ ready: true, counts: { 'missing-media': 1, 'lint-error': 0 } });
    expect(readinessReport({ profile, questions: [question({})], queryPoints: [{ ...point, time: 5000 }], marks: [], videos: [video('ok')] }).ready).toBe(false);
  });
});
