import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { framesFor, memoryPolicies } from './memory-policy';

describe('memory policies (VSAS-Bench §4.1)', () => {
  it('SW keeps the latest k seconds', () => {
    expect(framesFor('sw', 10, 4)).toEqual([7, 8, 9, 10]);
    expect(framesFor('sw', 2, 4)).toEqual([0, 1, 2]);
  });

  it('U spreads k over everything so far, first and last included', () => {
    // 11 seconds (0..10), k = 5: round(i·10/4) = 0, 2.5→3 (Math.round), 5, 7.5→8, 10
    expect(framesFor('u', 10, 5)).toEqual([0, 3, 5, 8, 10]);
    expect(framesFor('u', 3, 5)).toEqual([0, 1, 2, 3]);
  });

  it('SW+U: the latest ⌈k/2⌉ plus ⌊k/2⌋ spread over the older seconds (VSAS drafted with k = 42)', () => {
    // t = 100, k = 42: recent 80..100 (21), older 0..79 sampled 21 times: round(i·79/20)
    const frames = framesFor('sw+u', 100, 42);
    expect(frames).toHaveLength(42);
    expect(frames.slice(21)).toEqual(Array.from({ length: 21 }, (_, i) => 80 + i));
    expect(frames.slice(0, 21)).toEqual(Array.from({ length: 21 }, (_, i) => Math.round((i * 79) / 20)));
    expect(framesFor('sw+u', 5, 42)).toEqual([0, 1, 2, 3, 4, 5]);
    // t = 10, k = 5: recent 8..10 (⌈5/2⌉ = 3), older 0..7 sampled twice: first and last
    expect(framesFor('sw+u', 10, 5)).toEqual([0, 7, 8, 9, 10]);
  });

  it('never gives a frame after the second drafted, never more than k, always that second itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...memoryPolicies), fc.integer({ min: 0, max: 3_600 }), fc.integer({ min: 1, max: 128 }), (policy, t, k) => {
        const frames = framesFor(policy, t, k);
        expect(frames.every((f) => Number.isInteger(f) && f >= 0 && f <= t)).toBe(true);
        expect(frames.length).toBe(Math.min(k, t + 1));
        expect(new Set(frames).size).toBe(frames.length);
        expect(frames).toEqual([...frames].sort((a, b) => a - b));
        expect(frames.at(-1)).toBe(t);
      }),
    );
  });
});
