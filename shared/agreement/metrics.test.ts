import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../review/prng';
import { AgreementError, cohenKappa, fleissKappa, krippendorffAlpha, landisKoch, percentAgreement, wilsonInterval, type Rating } from './metrics';

/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 observers, 12 units, missing values (null). */
const KRIPPENDORFF: Record<string, Array<number | null>> = {
  A: [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  B: [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  C: [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  D: [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
};
const reliabilityData: Rating[] = Object.entries(KRIPPENDORFF).flatMap(([rater, row]) => row.flatMap((label, unit) => (label === null ? [] : [{ item: `u${unit + 1}`, rater, label }])));

/** Fleiss (1971) as worked on Wikipedia's "Fleiss' kappa": 10 subjects, 14 raters, 5 categories (counts per category). */
const FLEISS: number[][] = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];
const fleissData: Rating[] = FLEISS.flatMap((counts, subject) => {
  const labels = counts.flatMap((c, category) => new Array<number>(c).fill(category + 1));
  return labels.map((label, r) => ({ item: `s${subject}`, rater: `r${r}`, label: String(label) }));
});

/**
 * Gwet's irrCAC package (README, `distrib.6raters`): 15 patients, 6 psychiatrists, 5 diagnoses (raters
 * per category). It prints Fleiss' κ 0.4139265 with standard error 0.08119291 (Gwet 2021's variance)
 * and Krippendorff's α 0.4204384.
 */
const SIX_RATERS: number[][] = [
  [0, 0, 0, 6, 0],
  [0, 3, 0, 0, 3],
  [0, 1, 4, 0, 1],
  [0, 0, 0, 0, 6],
  [0, 3, 0, 3, 0],
  [2, 0, 4, 0, 0],
  [0, 0, 4, 0, 2],
  [2, 0, 3, 1, 0],
  [2, 0, 0, 4, 0],
  [0, 0, 0, 0, 6],
  [1, 0, 0, 5, 0],
  [1, 1, 0, 4, 0],
  [0, 3, 3, 0, 0],
  [1, 0, 0, 5, 0],
  [0, 2, 0, 3, 1],
];
const fromCounts = (table: number[][]): Rating[] =>
  table.flatMap((counts, subject) => counts.flatMap((c, category) => new Array<number>(c).fill(category + 1)).map((label, r) => ({ item: `s${subject}`, rater: `r${r}`, label: String(label) })));
const sixRaters = fromCounts(SIX_RATERS);

const Z95 = 1.959963984540054;

/**
 * Generated reliability data with a known true agreement: each unit has a true category (uniform over
 * k); each rater reports it with probability 1 − e, else a category drawn at random. Then two ratings
 * of a unit agree beyond chance with probability (1 − e)², which is the true Fleiss' κ and the true
 * nominal α; all m ratings agree with probability Σ_t (1/k) Σ_c q_tc^m, q_tc = (1 − e)[c = t] + e/k.
 */
function generated(seed: number, units: number, raters: number, k: number, e: number): Rating[] {
  const random = mulberry32(seed);
  const draw = (): number => Math.floor(random() * k);
  return Array.from({ length: units }, (_, u) => {
    const truth = draw();
    return Array.from({ length: raters }, (_, r): Rating => ({ item: `u${u}`, rater: `r${r}`, label: String(random() < 1 - e ? truth : draw()) }));
  }).flat();
}
const allAgree = (raters: number, k: number, e: number): number => {
  const q = (same: boolean): number => (same ? 1 - e : 0) + e / k;
  return q(true) ** raters + (k - 1) * q(false) ** raters;
};

/** Share of `samples` generated data sets whose interval holds `truth`. */
function coverage(samples: number, make: (seed: number) => Rating[], interval: (ratings: Rating[]) => [number, number] | null, truth: number): number {
  let held = 0;
  for (let s = 1; s <= samples; s++) {
    const ci = interval(make(s));
    if (ci && ci[0] <= truth && truth <= ci[1]) held++;
  }
  return held / samples;
}

const twoRaters = (a: Array<string | number>, b: Array<string | number>): Rating[] =>
  a.flatMap((x, i) => [
    { item: `i${i}`, rater: 'a', label: x },
    { item: `i${i}`, rater: 'b', label: b[i]! },
  ]);

describe("Krippendorff's alpha", () => {
  it("reproduces Krippendorff's own four published values on his 4 × 12 reliability data", () => {
    expect(krippendorffAlpha(reliabilityData, 'nominal').value).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(reliabilityData, 'ordinal').value).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(reliabilityData, 'interval').value).toBeCloseTo(0.849, 3);
    expect(krippendorffAlpha(reliabilityData, 'ratio').value).toBeCloseTo(0.797, 3);
    expect(krippendorffAlpha(reliabilityData).items).toBe(11); // unit 12 has one value: not pairable
  });

  it("gives irrCAC's α on Fleiss's six psychiatrists (0.4204384)", () => {
    expect(krippendorffAlpha(sixRaters).value).toBeCloseTo(0.4204384, 7);
  });

  it('has a bootstrap interval over units: seeded (the same seed, the same interval), its draws and seed stated', () => {
    const a = krippendorffAlpha(reliabilityData, 'ordinal');
    expect(a.interval).toEqual({ method: 'bootstrap', draws: 1000, seed: 1, undefinedDraws: 0 });
    expect(a.ci95![0]).toBeLessThan(a.value);
    expect(a.ci95![1]).toBeLessThanOrEqual(1);
    expect(krippendorffAlpha(reliabilityData, 'ordinal').ci95).toEqual(a.ci95);
    const other = krippendorffAlpha(reliabilityData, 'ordinal', { draws: 500, seed: 7 });
    expect(other.interval).toEqual({ method: 'bootstrap', draws: 500, seed: 7, undefinedDraws: 0 });
    expect(other.ci95).not.toEqual(a.ci95);
    // on the six psychiatrists the bootstrap's spread is about irrCAC's large-sample one (± 1.96 × 0.0824)
    const six = krippendorffAlpha(sixRaters);
    expect(six.ci95![1] - six.ci95![0]).toBeGreaterThan(0.25);
    expect(six.ci95![1] - six.ci95![0]).toBeLessThan(0.4);
  });

  it('leaves out of the bootstrap the draws in which α is undefined (one value only), and says how many', () => {
    // three units with one value each and one that disagrees: a resample of only the agreeing units has no α
    const ratings = [
      ['x', 'x'],
      ['x', 'x'],
      ['y', 'y'],
      ['x', 'y'],
    ].flatMap(([p, q], i) => [
      { item: `i${i}`, rater: 'a', label: p! },
      { item: `i${i}`, rater: 'b', label: q! },
    ]);
    const result = krippendorffAlpha(ratings, 'nominal', { draws: 400 });
    // a resample of units 0 and 1 only (or of unit 2 only) has one value: (2/4)⁴ + (1/4)⁴ ≈ 6.6 % of draws
    expect(result.interval).toMatchObject({ method: 'bootstrap', draws: 400, seed: 1 });
    const undefinedDraws = (result.interval as { undefinedDraws: number }).undefinedDraws;
    expect(undefinedDraws).toBeGreaterThan(10);
    expect(undefinedDraws).toBeLessThan(50);
  });

  it('bootstrap intervals hold the true α about 95 % of the time (generated nominal data, 3 and 5 raters)', () => {
    const alpha = (ratings: Rating[]) => krippendorffAlpha(ratings, 'nominal', { draws: 400 }).ci95;
    // true α = (1 − e)² = 0.49; Krippendorff & Hayes's bootstrap of pairs holds it in ~86 % (3 raters) and ~73 % (5)
    for (const [i, [units, raters, k]] of [
      [50, 3, 3],
      [30, 5, 4],
    ].entries()) {
      const held = coverage(300, (s) => generated(1000 * (i + 1) + s, units!, raters!, k!, 0.3), alpha, 0.49);
      expect(held, `${units} units, ${raters} raters`).toBeGreaterThan(0.9);
      expect(held).toBeLessThan(0.985);
    }
  });

  it('equals 1 − observed / expected disagreement computed pair by pair (an independent implementation, random data)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), { minLength: 3, maxLength: 3 }), { minLength: 2, maxLength: 25 }), (units) => {
        const ratings = units.flatMap((row, u) => row.flatMap((label, r) => (label === null ? [] : [{ item: `u${u}`, rater: `r${r}`, label }])));
        const pairable = units.map((row) => row.filter((v): v is number => v !== null)).filter((vals) => vals.length >= 2);
        const all = pairable.flat();
        if (pairable.length === 0 || new Set(all).size < 2) return;
        // D_o: mean squared difference over ordered pairs within units, each unit weighted by 1/(m_u − 1)
        let observed = 0;
        for (const vals of pairable) for (let i = 0; i < vals.length; i++) for (let j = 0; j < vals.length; j++) if (i !== j) observed += (vals[i]! - vals[j]!) ** 2 / (vals.length - 1);
        observed /= all.length;
        let expected = 0;
        for (let i = 0; i < all.length; i++) for (let j = 0; j < all.length; j++) if (i !== j) expected += (all[i]! - all[j]!) ** 2;
        expected /= all.length * (all.length - 1);
        expect(krippendorffAlpha(ratings, 'interval').value).toBeCloseTo(1 - observed / expected, 9);
      }),
    );
  });
});

describe("Fleiss' kappa", () => {
  it("reproduces Fleiss's worked example (κ = 0.210)", () => {
    expect(fleissKappa(fleissData).value).toBeCloseTo(0.21, 3);
  });
  it("gives irrCAC's κ and standard error on Fleiss's six psychiatrists (0.4139265 ± 1.96 × 0.08119291)", () => {
    const result = fleissKappa(sixRaters);
    expect(result.value).toBeCloseTo(0.4139265, 7);
    expect(result.interval).toEqual({ method: 'large-sample', variance: 'Gwet 2021' });
    expect(result.ci95![0]).toBeCloseTo(0.4139265 - Z95 * 0.08119291, 6);
    expect(result.ci95![1]).toBeCloseTo(0.4139265 + Z95 * 0.08119291, 6);
  });

  it('has an interval on the Wikipedia example too, and none where κ is 0/0 (one label only)', () => {
    const result = fleissKappa(fleissData);
    expect(result.ci95![0]).toBeLessThan(0.21);
    expect(result.ci95![1]).toBeGreaterThan(0.21);
    const one = fleissKappa(fleissData.map((r) => ({ ...r, label: 'same' })));
    expect(one.ci95).toBeNull();
    expect(one.interval).toBeNull();
  });

  it("intervals hold the true κ about 95 % of the time (generated data; Fleiss, Nee & Landis's null variance holds it in ~67 % at 5 raters)", () => {
    const fleiss = (ratings: Rating[]) => fleissKappa(ratings).ci95;
    for (const [i, [units, raters, k, e]] of [
      [50, 3, 3, 0.3],
      [30, 5, 4, 0.3],
      [100, 4, 2, 0.5],
      [50, 3, 3, 0.1],
    ].entries()) {
      const held = coverage(300, (s) => generated(10_000 * (i + 1) + s, units!, raters!, k!, e!), fleiss, (1 - e!) ** 2);
      expect(held, `${units} units, ${raters} raters, ${k} categories, e = ${e}`).toBeGreaterThan(0.9);
      expect(held).toBeLessThan(0.985);
    }
  });

  it('refuses items with different numbers of ratings', () => {
    expect(() => fleissKappa([...fleissData, { item: 's0', rater: 'extra', label: '5' }])).toThrow(AgreementError);
  });
});

describe("Cohen's kappa", () => {
  it('gives 0.4 on the textbook 2 × 2 table (20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no)', () => {
    const a = [...Array(25).fill('yes'), ...Array(25).fill('no')];
    const b = [...Array(20).fill('yes'), ...Array(5).fill('no'), ...Array(10).fill('yes'), ...Array(15).fill('no')];
    const result = cohenKappa(twoRaters(a, b));
    expect(result.value).toBeCloseTo(0.4, 10);
    expect(result.labels).toEqual(['no', 'yes']);
    expect(result.confusion).toEqual([
      [15, 10],
      [5, 20],
    ]);
    // the asymptotic interval (Fleiss, Cohen & Everitt 1969), by hand: p = [[.3,.2],[.1,.4]], margins
    // .5/.5 and .4/.6; Σ = .3·.46² + .4·.34² + .2·.54² + .1·.66² = .2116; var = (.2116 − .1²)/(50·.5²)
    // = .016128; ±1.96·.12700 → [0.1511, 0.6489]
    expect(result.ci95![0]).toBeCloseTo(0.1511, 4);
    expect(result.ci95![1]).toBeCloseTo(0.6489, 4);
    expect(landisKoch(result.value)).toBe('fair');
  });

  it('keeps the interval within [−1, 1] where the large-sample formula overshoots on few items', () => {
    // 4 items, 3 agreeing (A A, B B, C C, C A): κ = (0.75 − 0.3125)/(1 − 0.3125) = 0.636…, ± more than 0.4
    const ratings = [
      ['A', 'A'],
      ['B', 'B'],
      ['C', 'C'],
      ['C', 'A'],
    ].flatMap(([x, y], i) => [
      { item: `i${i}`, rater: 'a', label: x! },
      { item: `i${i}`, rater: 'b', label: y! },
    ]);
    const result = cohenKappa(ratings);
    expect(result.value).toBeCloseTo(0.7 / 1.1, 10);
    expect(result.ci95![1]).toBe(1);
    expect(result.ci95![0]).toBeGreaterThan(-1);
  });

  it('weighted: quadratic κ equals the intraclass-style formula 1 − Σw·O / Σw·E, linear lies between', () => {
    const a = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3];
    const b = [1, 3, 3, 5, 4, 2, 2, 3, 3, 5, 1, 4];
    const quad = cohenKappa(twoRaters(a, b), 'quadratic').value;
    // independent: disagreement form with squared rank distances
    const n = a.length;
    let observed = 0;
    for (let i = 0; i < n; i++) observed += (a[i]! - b[i]!) ** 2;
    let expected = 0;
    for (const x of a) for (const y of b) expected += (x - y) ** 2;
    expect(quad).toBeCloseTo(1 - observed / n / (expected / (n * n)), 10);
    const plain = cohenKappa(twoRaters(a, b)).value;
    const linear = cohenKappa(twoRaters(a, b), 'linear').value;
    expect(linear).toBeGreaterThan(plain);
    expect(quad).toBeGreaterThan(linear);
  });

  it('needs exactly two raters (or two named)', () => {
    expect(() => cohenKappa(fleissData)).toThrow(/exactly two raters/);
    expect(cohenKappa(fleissData, 'none', ['r0', 'r1']).items).toBe(10);
  });
});

describe('percent agreement', () => {
  it('counts items on which every rater agreed', () => {
    expect(percentAgreement(twoRaters(['a', 'b', 'c', 'd'], ['a', 'b', 'x', 'd'])).value).toBe(0.75);
  });

  it("has a Wilson interval: Newcombe's (1998) worked examples", () => {
    const examples: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [agree, n, low, high] of examples) {
      const result = percentAgreement(
        twoRaters(
          Array.from({ length: n }, () => 'a'),
          Array.from({ length: n }, (_, i) => (i < agree ? 'a' : 'b')),
        ),
      );
      expect(result.interval).toEqual({ method: 'wilson' });
      expect(result.ci95![0]).toBeCloseTo(low, 4);
      expect(result.ci95![1]).toBeCloseTo(high, 4);
    }
    expect(wilsonInterval(0, 20)[0]).toBe(0);
    expect(wilsonInterval(20, 20)[1]).toBe(1);
  });

  it('intervals hold the true share about 95 % of the time (generated data)', () => {
    const percent = (ratings: Rating[]) => percentAgreement(ratings).ci95;
    for (const [i, [units, raters, e]] of [
      [40, 2, 0.3],
      [60, 3, 0.2],
      [25, 4, 0.5],
    ].entries()) {
      const held = coverage(400, (s) => generated(100_000 * (i + 1) + s, units!, raters!, 3, e!), percent, allAgree(raters!, 3, e!));
      // Wilson's exact coverage at these sizes: 0.956, 0.959, 0.926
      expect(held, `${units} units, ${raters} raters, e = ${e}`).toBeGreaterThan(0.9);
      expect(held).toBeLessThan(0.985);
    }
  });
});
