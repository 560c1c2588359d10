import { describe, expect, it } from 'vitest';
import { earlyBy, knowableAt } from './replay';

describe('when an answer is knowable (the Early responses list)', () => {
  const point = (time: number, evidence: Array<[number, number]> = [], proactiveTime: number | null = null) => ({ time, evidence, proactiveTime });

  it('never before the question is asked: an answer at 1 s to a question asked at 3 s is early, with no evidence or evidence that ended before', () => {
    expect(knowableAt({ temporalType: 'instant' }, point(3))).toBe(3);
    expect(earlyBy(1, knowableAt({ temporalType: 'instant' }, point(3)))).toBe(2);
    expect(knowableAt({ temporalType: 'backward' }, point(10, [[2, 8]]))).toBe(10);
    expect(earlyBy(3, knowableAt({ temporalType: null }, point(3)))).toBeNull();
  });

  it('T_p for a forward question, the end of the last evidence when it comes after the question', () => {
    expect(knowableAt({ temporalType: 'forward' }, point(548, [], 638))).toBe(638);
    expect(
      knowableAt(
        { temporalType: null },
        point(5, [
          [2, 8],
          [1, 4],
        ]),
      ),
    ).toBe(8);
  });
});
