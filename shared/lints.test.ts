import { describe, expect, it } from 'vitest';
import { lintQuestion, type LintContext } from './lints';
import type { Mark } from './marks';
import { BUILTIN_PROFILES, type Profile } from './profiles';
import type { QueryPoint, Question } from './questions';
import { testQuestion } from './questions.test-util';

const profile = (kind: string): Profile => ({ ...BUILTIN_PROFILES.find((p) => p.kind === kind)!, id: `builtin:${kind}`, builtin: true });

const question = (over: Partial<Question> = {}): Question =>
  testQuestion({
    profileId: 'builtin:ovo-s-bench',
    taskCode: '1.1.1',
    text: 'How far is the sign from the camera?',
    options: { A: 'About 0.5 m', B: 'About 6 m', C: 'About 3 m', D: 'About 1.5 m' },
    ...over,
  });
const point = (over: Partial<QueryPoint> = {}): QueryPoint => ({ id: 'p', questionId: 'q', time: 22.8, answer: 'D', evidence: [[21.8, 22.5]], proactiveTime: null, windowStart: null, ...over });
const ctx = (over: Partial<LintContext> = {}): LintContext => ({ profile: profile('ovo-s-bench'), videoDuration: 60, marks: [], groupMembers: [], ...over });
const codes = (q: Question, points: QueryPoint[], c: LintContext = ctx()) => lintQuestion(q, points, c).map((l) => `${l.severity}:${l.code}`);

describe('lints', () => {
  it('names the field an "empty" lint is about, so the app can wait while that field is typed into', () => {
    const lints = lintQuestion(question({ text: ' ', options: { A: 'About 0.5 m', B: '' } }), [point({ answer: 'A' })], ctx());
    expect(lints.filter((l) => l.field).map((l) => [l.code, l.field, l.message])).toEqual([
      ['empty-text', 'text', 'The question has no text.'],
      ['empty-option', 'options.B', 'Option B is empty.'],
    ]);
  });
  it('a clean OVO-S item has none', () => {
    expect(codes(question(), [point()])).toEqual([]);
  });
  it('warns (not fails) when evidence ends after the query time, as the OVO-S paper example does', () => {
    // Fig. 11: query 22.8, evidence [21.8, 23.8]
    expect(codes(question(), [point({ evidence: [[21.8, 23.8]] })])).toEqual(['warning:evidence-after-query']);
  });
  it('flags answers outside the options, duplicate and very unequal options', () => {
    expect(codes(question(), [point({ answer: 'E' })])).toContain('error:answer-not-an-option');
    expect(codes(question({ options: { A: 'About 3 m', B: 'about  3 m', C: 'x', D: 'y' } }), [point({ answer: 'A' })])).toContain('error:duplicate-option');
    expect(codes(question({ options: { A: 'Left', B: 'On the second shelf to the right of the tall blue cabinet', C: 'Up', D: 'Down' } }), [point({ answer: 'B' })])).toContain(
      'warning:unequal-options',
    );
    expect(codes(question({ options: { A: 'x', C: 'y' } }), [point({ answer: 'A' })])).toContain('error:option-gap');
  });
  it('flags query points beyond the video and missing answers', () => {
    expect(codes(question(), [point({ time: 61 })])).toContain('error:beyond-video');
    expect(codes(question(), [point({ answer: null })])).toContain('error:no-answer');
    expect(codes(question(), [])).toContain('error:no-query-points');
  });
  it('PhoStream: forward needs a proactive time after the query time', () => {
    const q = question({ profileId: 'builtin:phostream', taskCode: 'Action & Activity Recognition', answerKind: 'text', options: {}, temporalType: 'forward' });
    const c = ctx({ profile: profile('phostream') });
    expect(codes(q, [point({ answer: 'Christian', evidence: [] })], c)).toEqual(['error:forward-without-proactive']);
    expect(codes(q, [point({ answer: 'Christian', evidence: [], proactiveTime: 22.8 })], c)).toEqual(['error:proactive-not-after-query']);
    expect(codes(q, [point({ answer: 'Christian', evidence: [], proactiveTime: 40 })], c)).toEqual([]);
  });
  it('RTV-Bench: a group without its advanced question', () => {
    const c = ctx({ profile: profile('rtv-bench'), groupMembers: [question({ id: 'q1', group: { id: 'g', role: 'q1' } })] });
    const q = question({ profileId: 'builtin:rtv-bench', taskCode: 'TP', group: { id: 'g', role: 'q0' } });
    expect(codes(q, [point({ evidence: [] })], c)).toEqual(['warning:group-without-advanced']);
  });
  it('VCBench: wrong number of query points and a decreasing cumulative trajectory', () => {
    const events: Mark[] = [2, 4, 6].map((t, i) => ({ id: `e${i}`, videoId: 'v', type: 'event', start: t, end: null, target: 'cuts', data: {} }));
    const q = question({ profileId: 'builtin:vcbench', taskCode: 'E1-Transit', answerKind: 'number', options: {}, counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } });
    const c = ctx({ profile: profile('vcbench'), marks: events });
    const p = (time: number, answer: number | null = null) => point({ id: `p${time}`, time, answer, evidence: [] });
    // the paper's A.3 (3–8), a warning: the release's own file has 129 questions outside it (1 to 33 points), and exports them
    expect(codes(q, [p(3), p(5)], c)).toEqual(['warning:query-point-count']);
    expect(codes(q, [p(3), p(5), p(7)], c)).toEqual([]);
    expect(codes(q, [p(3), p(5, 0), p(7)], c)).toEqual(['warning:count-differs-from-marks', 'error:decreasing-trajectory']); // a manual answer of 0 after 1
    expect(codes({ ...q, counting: { subcategory: 'E1-Transit', target: 'nothing', windowSeconds: null } }, [p(3), p(5), p(7)], c)).toEqual(['warning:no-marks']);
  });
  it('VCBench: a stored count the marks do not give is said (the stored count stays the key); a window question without marks is not "every derived answer is 0"', () => {
    const events: Mark[] = [2, 4, 6].map((t, i) => ({ id: `e${i}`, videoId: 'v', type: 'event', start: t, end: null, target: 'cuts', data: {} }));
    const q = question({ profileId: 'builtin:vcbench', taskCode: 'E1-Transit', answerKind: 'number', options: {}, counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } });
    const c = ctx({ profile: profile('vcbench'), marks: events });
    const p = (time: number, answer: number) => point({ id: `p${time}`, time, answer, evidence: [] });
    expect(codes(q, [p(3, 1), p(5, 2), p(7, 3)], c)).toEqual([]);
    const lints = lintQuestion(q, [p(3, 1), p(5, 3), p(7, 3)], c);
    expect(lints.map((l) => [l.severity, l.code, l.message, l.queryPointId])).toEqual([
      ['warning', 'count-differs-from-marks', 'At 5 s the marks give 2 and the stored answer is 3: the stored answer is the key.', 'p5'],
    ]);
    // O1-Delta as imported: windows, answers given, no marks
    const delta = question({ profileId: 'builtin:vcbench', taskCode: 'O1-Delta', answerKind: 'number', options: {}, counting: { subcategory: 'O1-Delta', target: 'people', windowSeconds: null } });
    expect(codes(delta, [point({ time: 30, windowStart: 10, answer: 4, evidence: [] })], ctx({ profile: profile('vcbench') }))).toEqual([]);
    expect(codes(delta, [point({ time: 30, windowStart: 10, answer: null, evidence: [] })], ctx({ profile: profile('vcbench') }))).toEqual(['warning:no-marks']);
  });
  it('VCBench: an open span or cycle of the counted target asks to be closed (it does not count yet)', () => {
    const counting = question({ profileId: 'builtin:vcbench', taskCode: 'E2-Episode', answerKind: 'number', options: {}, counting: { subcategory: 'E2-Episode', target: 'x', windowSeconds: null } });
    const points = [1, 2, 3].map((t, i) => point({ id: `p${i}`, time: t, answer: null, evidence: [] }));
    const span = (id: string, end: number | null, target = 'x'): Mark => ({ id, videoId: 'v', type: 'span', start: 0.5, end, target, data: {} });
    const open = lintQuestion(counting, points, ctx({ profile: profile('vcbench'), marks: [span('a', 1), span('b', null)] }));
    expect(open.filter((l) => l.code === 'open-interval').map((l) => [l.severity, l.message])).toEqual([['warning', 'An open span from 0.5 s has no end yet and does not count: close it.']]);
    expect(codes(counting, points, ctx({ profile: profile('vcbench'), marks: [span('a', 1), span('c', null, 'other')] }))).not.toContain('warning:open-interval');
  });
  it('VSAS-Bench: prompted at t = 0, a caption for every second', () => {
    const q = question({ profileId: 'builtin:vsas-bench', taskCode: 'present', answerKind: 'text', options: {}, temporalType: 'present', text: 'Describe what the cook does now.' });
    const c = (marks: Mark[]) => ctx({ profile: profile('vsas-bench'), videoDuration: 4, marks });
    const caption = (s: number, e: number): Mark => ({ id: `c${s}`, videoId: 'v', type: 'caption', start: s, end: e, target: 'q', data: { text: 'stirring' } });
    expect(codes(q, [point({ time: 0, answer: null, evidence: [] })], c([caption(0, 2), caption(2, 4)]))).toEqual([]);
    expect(codes(q, [point({ time: 1, answer: null, evidence: [] })], c([caption(0, 4)]))).toEqual(['error:prompt-not-at-start']);
    const lints = lintQuestion(q, [point({ time: 0, answer: null, evidence: [] })], c([caption(0, 1), caption(3, 4)]));
    expect(lints.map((l) => l.message)).toEqual(['2 of 4 seconds have no caption for this task (first: 1 s).']);
  });
  it('named entities must be reused verbatim', () => {
    expect(codes(question({ entities: ['Room X'] }), [point()])).toContain('warning:entity-unused');
    expect(codes(question({ entities: ['Room X'], text: 'How far is Room X?' }), [point()])).toEqual([]);
  });
});
