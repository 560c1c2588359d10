import { describe, expect, it } from 'vitest';
import { answerKey, answerKeysOf, isStoredAnswer, keyNeedsMarks } from './answer-key';
import type { Mark } from './marks';
import type { QueryPoint } from './questions';

const cuts: Mark[] = [3, 7].map((start, i) => ({ id: `e${i}`, videoId: 'v', type: 'event', start, end: null, target: 'cuts', data: {} }));
const counting = { counting: { subcategory: 'E1-Transit' as const, target: 'cuts', windowSeconds: null } };
const point = (id: string, time: number, answer: QueryPoint['answer'] = null): QueryPoint => ({ id, questionId: 'q', time, answer, evidence: [], proactiveTime: null, windowStart: null });

describe('the answer key of a query point', () => {
  it('is the count the marks give where a counting point stores nothing, said to come from them', () => {
    expect([1, 5, 10].map((t) => answerKey(counting, point('p', t), cuts))).toEqual([0, 1, 2].map((answer) => ({ answer, fromMarks: true })));
    expect(answerKey(counting, point('p', 5, '  '), cuts)).toEqual({ answer: 1, fromMarks: true });
  });

  it('is the stored answer wherever one is stored: an imported count is not replaced by the marks', () => {
    expect(answerKey(counting, point('p', 10, 5), cuts)).toEqual({ answer: 5, fromMarks: false });
    expect(answerKey(counting, point('p', 10, 0), cuts)).toEqual({ answer: 0, fromMarks: false });
    expect(answerKey({ counting: null }, point('p', 10, 'B'), cuts)).toEqual({ answer: 'B', fromMarks: false });
    // a question that counts nothing has no key where nothing is stored
    expect(answerKey({ counting: null }, point('p', 10), cuts)).toEqual({ answer: null, fromMarks: false });
  });

  it('lists a question’s keys as a review records them, and says when the marks are needed', () => {
    const points = [point('a', 1), point('b', 10, 4)];
    expect(answerKeysOf(counting, points, cuts)).toEqual([
      { queryPointId: 'a', answer: 0, fromMarks: true },
      { queryPointId: 'b', answer: 4 },
    ]);
    expect(Object.keys(answerKeysOf(counting, points, cuts)[1]!)).toEqual(['queryPointId', 'answer']);
    expect(keyNeedsMarks(counting, points)).toBe(true);
    expect(keyNeedsMarks(counting, [points[1]!])).toBe(false);
    expect(keyNeedsMarks({ counting: null }, points)).toBe(false);
    expect([null, '', ' ', 0, 'x'].map(isStoredAnswer)).toEqual([false, false, false, true, true]);
  });
});
