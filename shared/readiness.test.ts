import { describe, expect, it } from 'vitest';
import type { Video } from './domain';
import { BUILTIN_PROFILES } from './profiles';
import type { QueryPoint, Question } from './questions';
import { describeReadiness, readinessReport } from './readiness';

const profile = { ...BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!, id: 'p', builtin: true };
const video = (status: Video['status']): Video => ({ id: 'v', name: 'v.mp4', relPath: 'v.mp4', fingerprint: 'f', fileSize: 1, duration: 60, fps: 30, fpsRational: '30/1', variableFps: false, width: 1, height: 1, codec: 'h264', audioCodec: null, container: 'mp4', status, statusMessage: status === 'ok' ? null : 'File not found.', sourceDataset: null, licenceNote: null, segmentOffset: 0, tags: [], addedAt: 'now' });
const question = (over: Partial<Question>): Question => ({ id: 'q', videoId: 'v', profileId: 'p', taskCode: '1.1.1', text: 'How far?', answerKind: 'choice', options: { A: '1 m', B: '2 m' }, temporalType: null, group: null, entities: [], facets: {}, counting: null, status: 'accepted', guidelineVersion: null, round: 0, origin: null, provenance: { text: 'human' }, createdBy: 'a', updatedAt: 'now', ...over });
const point: QueryPoint = { id: 'p1', questionId: 'q', time: 5, answer: 'A', evidence: [[1, 4]], proactiveTime: null, windowStart: null };

describe('readiness report', () => {
  it('is ready when nothing holds the export back', () => {
    const report = readinessReport({ profile, questions: [question({})], queryPoints: [point], marks: [], videos: [video('ok')] });
    expect(report.ready).toBe(true);
    expect(describeReadiness(report)).toBe('OVO-S-Bench: 1 questions, ready to export.');
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
    expect(describeReadiness(report)).toBe('OVO-S-Bench: 1 questions, not ready — 1 lint error, 1 not accepted, 1 unedited draft, 1 missing media.');
  });
});
