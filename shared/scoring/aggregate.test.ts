import { describe, expect, it } from 'vitest';
import { checkPublished, checked, countWeightedMean, meanAll, meanPresent, percent, tallyAnswer, weightedMean, type Tally } from './aggregate';

describe('means', () => {
  it('meanPresent drops missing values; meanAll is unknown when any is missing', () => {
    expect(meanPresent([1, null, 3])).toBe(2);
    expect(meanPresent([null])).toBeNull();
    expect(meanAll([1, 3])).toBe(2);
    expect(meanAll([1, null])).toBeNull();
    expect(meanAll([])).toBeNull();
  });
  it('weightedMean skips missing values and zero weights; countWeightedMean needs every group that has members', () => {
    expect(
      weightedMean([
        { value: 10, weight: 1 },
        { value: 20, weight: 3 },
        { value: null, weight: 5 },
      ]),
    ).toBe(17.5);
    expect(weightedMean([{ value: 10, weight: 0 }])).toBeNull();
    expect(
      countWeightedMean([
        { value: 10, count: 1 },
        { value: 20, count: 3 },
      ]),
    ).toBe(17.5);
    expect(
      countWeightedMean([
        { value: 10, count: 1 },
        { value: null, count: 3 },
      ]),
    ).toBeNull();
    expect(
      countWeightedMean([
        { value: 10, count: 1 },
        { value: null, count: 0 },
      ]),
    ).toBe(10);
  });
  it('percent and tallies', () => {
    expect(percent(1, 4)).toBe(25);
    expect(percent(0, 0)).toBeNull();
    const tallies = new Map<string, Tally>();
    tallyAnswer(tallies, 'a', true);
    tallyAnswer(tallies, 'a', false);
    expect(tallies.get('a')).toEqual({ correct: 1, total: 2 });
  });
});

describe('checking a printed number against the rule', () => {
  it('is silent within rounding and names both numbers otherwise', () => {
    expect(checkPublished(59.1875, { label: 'Gemini', value: 59.19, decimals: 2 }, 'the mean')).toBeNull();
    expect(checkPublished(84.965, { label: 'Table 2, Human (streaming), Overall', value: 86.61, decimals: 2 }, 'the mean of its levels')).toBe(
      'Table 2, Human (streaming), Overall: the paper prints 86.61, but the mean of its levels gives 84.97; Tidemark follows the rule.',
    );
    expect(checkPublished(36.99, { label: 'x', value: 37.0, decimals: 1, tolerance: 0.1 }, 'r')).toBeNull();
    expect(checkPublished(null, { label: 'x', value: 1, decimals: 0 }, 'r')).toBeNull();
    expect(checked(1, undefined, 'r')).toEqual({ value: 1, notes: [] });
  });
});
