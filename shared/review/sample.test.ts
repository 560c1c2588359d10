import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, strataCounts, stratifiedSample, type SampleCandidate } from './sample';

const pool = (sizes: Record<string, number>): SampleCandidate[] =>
  Object.entries(sizes).flatMap(([stratum, n]) => Array.from({ length: n }, (_, i) => ({ id: `${stratum}-${String(i).padStart(3, '0')}`, stratum })));

describe('allocate', () => {
  it('is proportional when the quotas are whole: 40/30/20/10 with 10 → 4/3/2/1', () => {
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['L1', 40],
            ['L2', 30],
            ['L3', 20],
            ['L4', 10],
          ]),
          10,
        ),
      ),
    ).toEqual({ L1: 4, L2: 3, L3: 2, L4: 1 });
  });

  it('gives the rest to the largest remainders', () => {
    // 5/3/2 with 3: quotas 1.5, 0.9, 0.6 → floors 1, 0, 0; one each left for B (.9) and C (.6)
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 5],
            ['B', 3],
            ['C', 2],
          ]),
          3,
        ),
      ),
    ).toEqual({ A: 1, B: 1, C: 1 });
    // 6/3/1 with 5: quotas 3, 1.5, 0.5 → floors 3, 1, 0; the tie (.5, .5) goes to B by name → 3/2/0;
    // then C must have one: B is furthest above its quota (2 − 1.5 vs A's 3 − 3), so B gives it → 3/1/1
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 6],
            ['B', 3],
            ['C', 1],
          ]),
          5,
        ),
      ),
    ).toEqual({ A: 3, B: 1, C: 1 });
    // 6/3/1 with 2 (fewer than the 3 strata), no minimum: quotas 1.2, 0.6, 0.2 → floors 1, 0, 0; the rest to B (.6)
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 6],
            ['B', 3],
            ['C', 1],
          ]),
          2,
        ),
      ),
    ).toEqual({ A: 1, B: 1, C: 0 });
  });

  it('breaks equal remainders by stratum name, and leaves strata out when size < strata', () => {
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['D', 1],
            ['C', 1],
            ['B', 1],
            ['A', 1],
          ]),
          2,
        ),
      ),
    ).toEqual({ A: 1, B: 1, C: 0, D: 0 });
  });

  it('gives every stratum one when size ≥ strata, taken from the one furthest above its quota', () => {
    // 97/2/1 with 10: quotas 9.7, 0.2, 0.1 → 9 + the remainder → A 10, B 0, C 0; A (10 vs 9.7) gives one to B, then one to C
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 97],
            ['B', 2],
            ['C', 1],
          ]),
          10,
        ),
      ),
    ).toEqual({ A: 8, B: 1, C: 1 });
  });

  it('takes everything when size ≥ total, nothing for size ≤ 0', () => {
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 2],
            ['B', 1],
          ]),
          9,
        ),
      ),
    ).toEqual({ A: 2, B: 1 });
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['A', 2],
            ['B', 1],
          ]),
          0,
        ),
      ),
    ).toEqual({ A: 0, B: 0 });
  });

  it('always allocates exactly min(size, total) and never more than a stratum holds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 400 }), (sizes, size) => {
        const strata = new Map(sizes.map((n, i) => [`s${i}`, n]));
        const out = allocate(strata, size);
        const total = sizes.reduce((s, n) => s + n, 0);
        expect([...out.values()].reduce((s, n) => s + n, 0)).toBe(Math.min(size, total));
        for (const [s, n] of out) {
          expect(n).toBeLessThanOrEqual(strata.get(s)!);
          if (size >= strata.size) expect(n).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});

describe('stratifiedSample', () => {
  const candidates = pool({ L1: 40, L2: 30, L3: 20, L4: 10 });

  it('draws proportionally across strata and reports the draw per stratum', () => {
    const ids = stratifiedSample(candidates, 10, 7);
    expect(ids).toHaveLength(10);
    expect(strataCounts(candidates, ids)).toEqual({ L1: 4, L2: 3, L3: 2, L4: 1 });
    expect(strataCounts(candidates, ['L1-000', 'L1-000', 'nope'])).toEqual({ L1: 1, L2: 0, L3: 0, L4: 0 });
  });

  it('repeats with the same seed, differs with another, and ignores the input order', () => {
    const a = stratifiedSample(candidates, 10, 7);
    expect(stratifiedSample(candidates, 10, 7)).toEqual(a);
    expect(stratifiedSample([...candidates].reverse(), 10, 7)).toEqual(a);
    expect(stratifiedSample(candidates, 10, 8)).not.toEqual(a);
  });

  it('returns every id when size ≥ total, sorted by stratum then id', () => {
    const few = [
      { id: 'b', stratum: 'L2' },
      { id: 'c', stratum: 'L1' },
      { id: 'a', stratum: 'L1' },
    ];
    expect(stratifiedSample(few, 3, 1)).toEqual(['a', 'c', 'b']);
    expect(stratifiedSample(few, 100, 1)).toEqual(['a', 'c', 'b']);
    expect(stratifiedSample(few, 0, 1)).toEqual([]);
  });

  it('extends a smaller draw when the size grows within a stratum', () => {
    const one = pool({ L1: 30 });
    const small = stratifiedSample(one, 5, 3);
    const large = stratifiedSample(one, 12, 3);
    expect(large).toEqual(expect.arrayContaining(small));
  });

  it('never repeats an id, draws min(size, total), and does not depend on the order (property)', () => {
    const input = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), stratum: fc.constantFrom('L1', 'L2', 'L3', 'L4') }), { selector: (c) => c.id, maxLength: 60 });
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.func(fc.integer()), (cands, size, seed, key) => {
        const ids = stratifiedSample(cands, size, seed);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(Math.min(size, cands.length));
        const known = new Set(cands.map((c) => c.id));
        expect(ids.every((id) => known.has(id))).toBe(true);
        const shuffled = [...cands].sort((x, y) => key(x.id) - key(y.id));
        expect(stratifiedSample(shuffled, size, seed)).toEqual(ids);
      }),
    );
  });
});
