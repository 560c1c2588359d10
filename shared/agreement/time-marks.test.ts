import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intervalIoU, matchEvents, mergeIntervals, pooledEventF1 } from './time-marks';
import { withinTolerance } from './tolerance';

describe('intervalIoU', () => {
  it('divides the shared time by the time either marked', () => {
    expect(intervalIoU([[0, 10]], [[5, 15]])).toBeCloseTo(1 / 3, 12); // ∩ [5,10] = 5, ∪ [0,15] = 15
    // ∪a = [0,2] ∪ [4,8] (6 s), b = [1,5] (4 s): ∩ = [1,2] + [4,5] = 2, ∪ = 6 + 4 − 2 = 8
    expect(
      intervalIoU(
        [
          [0, 2],
          [4, 8],
        ],
        [[1, 5]],
      ),
    ).toBeCloseTo(0.25, 12);
  });

  it('merges overlaps within a set before comparing', () => {
    expect(
      mergeIntervals([
        [2, 6],
        [0, 4],
        [7, 7],
        [8, 9],
        [9, 10],
      ]),
    ).toEqual([
      [0, 6],
      [7, 7],
      [8, 10],
    ]);
    // ∪a = [0,6] (not 4 + 4 = 8 s), b = [3,9]: ∩ = 3, ∪ = 9
    expect(
      intervalIoU(
        [
          [0, 4],
          [2, 6],
        ],
        [[3, 9]],
      ),
    ).toBeCloseTo(1 / 3, 12);
    expect(intervalIoU([[10, 0]], [[0, 10]])).toBe(1); // ends given backwards
  });

  it('is null with nothing on either side, 0 with nothing on one', () => {
    expect(intervalIoU([], [])).toBeNull();
    expect(intervalIoU([[0, 1]], [])).toBe(0);
    expect(intervalIoU([], [[3, 3]])).toBe(0);
  });

  it('gives zero-length intervals no time, but equal moments alone agree', () => {
    expect(
      intervalIoU(
        [
          [0, 10],
          [12, 12],
        ],
        [[0, 10]],
      ),
    ).toBe(1);
    expect(
      intervalIoU(
        [[5, 5]],
        [
          [5, 5],
          [5, 5],
        ],
      ),
    ).toBe(1);
    expect(intervalIoU([[5, 5]], [[6, 6]])).toBe(0);
    expect(intervalIoU([[5, 5]], [[4, 6]])).toBe(0);
  });

  it('is symmetric, in [0, 1], and 1 against itself (property)', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }));
    const set = fc.array(interval, { maxLength: 6 });
    fc.assert(
      fc.property(set, set, (a, b) => {
        const v = intervalIoU(a, b);
        expect(intervalIoU(b, a)).toBe(v);
        if (a.length > 0 && b.length > 0) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        if (a.length > 0) expect(intervalIoU(a, a)).toBe(1);
      }),
    );
  });
});

/** Largest one-to-one matching by trying every choice (small inputs only). */
function bruteForceMatches(a: readonly number[], b: readonly number[], tolerance: number): number {
  const go = (i: number, used: readonly boolean[]): number => {
    if (i === a.length) return 0;
    let best = go(i + 1, used);
    b.forEach((y, j) => {
      if (!used[j] && withinTolerance(a[i]!, y, tolerance))
        best = Math.max(
          best,
          1 +
            go(
              i + 1,
              used.map((u, k) => u || k === j),
            ),
        );
    });
    return best;
  };
  return go(
    0,
    b.map(() => false),
  );
}

describe('matchEvents', () => {
  it('matches moments one to one within the tolerance', () => {
    // 1–1.4 and 5–5.9 match; 6.2 has no free reference left; 9 and 20 are too far:
    // precision 2/4, recall 2/3, F1 = 2·2 / (3 + 4) = 4/7
    const m = matchEvents([1, 5, 9], [1.4, 5.9, 6.2, 20], 1);
    expect(m.matched).toBe(2);
    expect(m.precision).toBe(0.5);
    expect(m.recall).toBeCloseTo(2 / 3, 12);
    expect(m.f1).toBeCloseTo(4 / 7, 12);
  });

  it('does not let one reference moment match several marks (BORIS #228)', () => {
    // a many-to-one count would say precision 3/3; one to one: 1/3, recall 1, F1 = 2/4
    expect(matchEvents([10], [9.5, 10, 10.5], 1)).toEqual({ matched: 1, precision: 1 / 3, recall: 1, f1: 0.5 });
  });

  it('finds the maximum matching where pairing nearest-first would not', () => {
    // nearest-first pairs 2–1.9 and leaves 1 and 2.9 apart; the maximum pairs 1–1.9 and 2–2.9
    expect(matchEvents([1, 2], [1.9, 2.9], 1).matched).toBe(2);
    expect(matchEvents([2, 1], [2.9, 1.9], 1).matched).toBe(2); // order of input does not matter
    expect(matchEvents([0], [1], 1).matched).toBe(1); // the boundary counts: |0 − 1| ≤ 1
    expect(matchEvents([1.1], [2.1], 1).matched).toBe(1); // 2.1 − 1.1 = 1.0000000000000002
  });

  it('scores empty sides: both empty 1, one empty 0', () => {
    expect(matchEvents([], [], 1)).toEqual({ matched: 0, precision: 1, recall: 1, f1: 1 });
    expect(matchEvents([], [3], 1)).toEqual({ matched: 0, precision: 0, recall: 0, f1: 0 });
    expect(matchEvents([3], [], 1)).toEqual({ matched: 0, precision: 0, recall: 0, f1: 0 });
  });

  it('equals a brute-force maximum matching on small random inputs (property)', () => {
    const moments = fc.array(
      fc.integer({ min: 0, max: 40 }).map((x) => x / 4),
      { maxLength: 7 },
    );
    fc.assert(
      fc.property(moments, moments, fc.constantFrom(0, 0.25, 0.5, 1, 2), (a, b, tol) => {
        expect(matchEvents(a, b, tol).matched).toBe(bruteForceMatches(a, b, tol));
      }),
      { numRuns: 500 },
    );
  });
});

describe('pooledEventF1', () => {
  it('sums matches and moments over units before dividing (micro F1)', () => {
    // unit 1: 1 of 2 reference moments matched by 1 mark; unit 2: no reference, one stray mark.
    // pooled: matched 1, reference 2, marked 2 → P = R = F1 = 0.5 (the mean of per-unit F1s would be (2/3 + 0) / 2)
    expect(
      pooledEventF1(
        [
          { a: [1, 2], b: [1] },
          { a: [], b: [5] },
        ],
        0.5,
      ),
    ).toEqual({ matched: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(pooledEventF1([], 1)).toEqual({ matched: 0, precision: 1, recall: 1, f1: 1 });
  });
});
