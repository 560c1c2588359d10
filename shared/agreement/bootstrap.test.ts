import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../review/prng';
import { binomial, resampleCounts } from './bootstrap';

/** Mean and variance of `samples` draws. */
function moments(samples: number, draw: () => number): { mean: number; variance: number; min: number; max: number } {
  const xs = Array.from({ length: samples }, draw);
  const mean = xs.reduce((s, x) => s + x, 0) / samples;
  return { mean, variance: xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (samples - 1), min: Math.min(...xs), max: Math.max(...xs) };
}

describe('binomial', () => {
  it.each([
    [12, 0.3], // inversion
    [1000, 0.995], // inversion on the other tail
    [100_000, 0.3], // splits on order statistics, then inversion
    [50_001, 0.5],
  ])('Binomial(%i, %f) has mean np and variance np(1 − p), within its range', (n, p) => {
    const random = mulberry32(42);
    const samples = 4000;
    const { mean, variance, min, max } = moments(samples, () => binomial(random, n, p));
    const npq = n * p * (1 - p);
    // the mean within 4 standard errors; the sample variance within 10 % (its own error is ~2 % here)
    expect(Math.abs(mean - n * p)).toBeLessThan(4 * Math.sqrt(npq / samples));
    expect(variance / npq).toBeGreaterThan(0.9);
    expect(variance / npq).toBeLessThan(1.1);
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThanOrEqual(n);
    expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
  });

  it('gives 0 and n at p = 0 and 1, and 0 for n = 0', () => {
    const random = mulberry32(1);
    expect(binomial(random, 10, 0)).toBe(0);
    expect(binomial(random, 10, 1)).toBe(10);
    expect(binomial(random, 0, 0.5)).toBe(0);
  });

  it('matches the exact distribution of a small case (chi-square over Binomial(6, 0.4))', () => {
    const random = mulberry32(3);
    const samples = 20_000;
    const seen = new Array<number>(7).fill(0);
    for (let i = 0; i < samples; i++) seen[binomial(random, 6, 0.4)]!++;
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    let chi2 = 0;
    for (let k = 0; k <= 6; k++) {
      const expected = samples * choose(6, k) * 0.4 ** k * 0.6 ** (6 - k);
      chi2 += (seen[k]! - expected) ** 2 / expected;
    }
    expect(chi2).toBeLessThan(22.46); // 6 degrees of freedom, p = 0.001
  });
});

describe('resampleCounts', () => {
  it('draws n items with replacement over kinds of items: counts sum to n, each kind at its share', () => {
    const random = mulberry32(9);
    const sizes = [30_000, 15_000, 4_000, 1_000];
    const n = 50_000;
    const into = new Float64Array(4);
    const totals = [0, 0, 0, 0];
    const draws = 500;
    for (let d = 0; d < draws; d++) {
      resampleCounts(random, n, sizes, into);
      expect(into.reduce((s, x) => s + x, 0)).toBe(n);
      into.forEach((c, i) => (totals[i]! += c));
    }
    sizes.forEach((size, i) => {
      const p = size / n;
      expect(Math.abs(totals[i]! / draws - size)).toBeLessThan(4 * Math.sqrt((n * p * (1 - p)) / draws));
    });
  });
});
