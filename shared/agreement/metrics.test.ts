import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgreementError, cohenKappa, fleissKappa, krippendorffAlpha, landisKoch, percentAgreement, type Rating } from './metrics';

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

const twoRaters = (a: Array<string | number>, b: Array<string | number>): Rating[] => a.flatMap((x, i) => [{ item: `i${i}`, rater: 'a', label: x }, { item: `i${i}`, rater: 'b', label: b[i]! }]);

describe("Krippendorff's alpha", () => {
  it("reproduces Krippendorff's own four published values on his 4 × 12 reliability data", () => {
    expect(krippendorffAlpha(reliabilityData, 'nominal').value).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(reliabilityData, 'ordinal').value).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(reliabilityData, 'interval').value).toBeCloseTo(0.849, 3);
    expect(krippendorffAlpha(reliabilityData, 'ratio').value).toBeCloseTo(0.797, 3);
    expect(krippendorffAlpha(reliabilityData).items).toBe(11); // unit 12 has one value: not pairable
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
    const ratings = [['A', 'A'], ['B', 'B'], ['C', 'C'], ['C', 'A']].flatMap(([x, y], i) => [
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
});
