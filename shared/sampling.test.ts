import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastPrefixFrame, roundHalfEven, sampleFrames } from './sampling';

describe('frame sampling over the prefix (OVO-S App. A.1)', () => {
  it('n_q = ⌊t_q·f⌋', () => {
    expect(lastPrefixFrame(22.8, 30)).toBe(684);
    expect(lastPrefixFrame(10, 25)).toBe(250);
  });
  it('uniform-N takes round(k/(N−1)·n_q)', () => {
    expect(sampleFrames({ kind: 'uniform', frames: 5 }, 10, 10)).toEqual([0, 25, 50, 75, 100]);
    const u128 = sampleFrames({ kind: 'uniform', frames: 128 }, 22.8, 30);
    expect(u128).toHaveLength(128);
    expect(u128[0]).toBe(0);
    expect(u128.at(-1)).toBe(684);
    expect(u128[64]).toBe(Math.round((64 / 127) * 684));
    // a short prefix has fewer distinct frames than N
    expect(sampleFrames({ kind: 'uniform', frames: 64 }, 1, 30)).toHaveLength(31);
  });
  it('single@query is {n_q}', () => {
    expect(sampleFrames({ kind: 'single-at-query' }, 22.8, 30)).toEqual([684]);
  });
  it('nearest-16f@4fps is {n_q − kΔ}, Δ = round(f/4), the last 3.75 s', () => {
    const frames = sampleFrames({ kind: 'recent-window', frames: 16, rate: 4 }, 22.8, 30);
    expect(frames).toHaveLength(16);
    expect(frames.at(-1)).toBe(684);
    expect(frames[0]).toBe(684 - 15 * 8); // Δ = round(30/4) = 8
    expect(sampleFrames({ kind: 'recent-window', frames: 16, rate: 4 }, 1, 30)).toEqual([6, 14, 22, 30]);
  });
  it('1 fps takes the frame at each whole second up to t_q', () => {
    expect(sampleFrames({ kind: 'fps', rate: 1 }, 3.5, 30)).toEqual([0, 30, 60, 90]);
    expect(sampleFrames({ kind: 'fps', rate: 2 }, 1, 25)).toEqual([0, 12, 25]); // at 0.5 s frame 12 (0.48 s) is on screen
  });
  it('oracle spreads N frames over the evidence, in proportion to length', () => {
    // N_1 = round(4·3/4) = 3 over [0, 3] → 0, round(1.5) = 2, 3; N_2 = round(4·1/4) = 1 → 6
    const frames = sampleFrames(
      {
        kind: 'oracle',
        frames: 4,
        evidence: [
          [0, 3],
          [6, 7],
        ],
      },
      10,
      1,
    );
    expect(frames).toEqual([0, 2, 3, 6]);
  });
  it('rounds halves to even, as Python does', () => {
    expect([0.5, 1.5, 2.5, 3.5, 2.4, 2.6, -1.5].map(roundHalfEven)).toEqual([0, 2, 2, 4, 2, 3, -2]);
    // Δ for 10 fps at 4 fps: round(2.5) = 2 in Python (Math.round would give 3)
    expect(sampleFrames({ kind: 'recent-window', frames: 3, rate: 4 }, 10, 10)).toEqual([96, 98, 100]);
  });
  it('never leaves the prefix (fuzzed)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 7200, noNaN: true }), fc.constantFrom(10, 24, 25, 29.97, 30, 60), fc.integer({ min: 1, max: 256 }), (t, fps, n) => {
        const nq = lastPrefixFrame(t, fps);
        for (const policy of [{ kind: 'uniform', frames: n }, { kind: 'fps', rate: 1 }, { kind: 'recent-window', frames: 16, rate: 4 }, { kind: 'single-at-query' }] as const) {
          const frames = sampleFrames(policy, t, fps);
          expect(frames.length).toBeGreaterThan(0);
          expect(frames.every((f) => f >= 0 && f <= nq)).toBe(true);
          expect([...frames].sort((a, b) => a - b)).toEqual(frames);
        }
      }),
      { numRuns: 500 },
    );
  });
});
