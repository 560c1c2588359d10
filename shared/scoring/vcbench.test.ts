import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, type CountingSubcategory } from '../profiles';
import { scoreRun } from './score';
import { question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';
import { gpa, moc, mocApplies, uda, udaApplies, vcbenchOverall } from './vcbench';

describe("GPA (Eq. 1) reproduces the digest's reference values", () => {
  it.each([
    [[11], [10], 0.1353],
    [[21], [20], 0.6065],
    [[6], [5], 0.0003],
    [[105], [100], 0.6065],
    [[110], [100], 0.1353],
    [[115], [100], 0.0111],
    [[2, 5, 7], [2, 5, 6], 0.668],
  ])('P = %j, G = %j → %f', (p, g, expected) => {
    expect(gpa(p, g)).toBeCloseTo(expected, 4);
  });
  it('is ≈ 0 one off at g = 0 (σ uses max(g, 1)), exactly 1 when right, null with no points', () => {
    expect(gpa([1], [0])).toBeLessThan(1e-80);
    expect(gpa([7, 0], [7, 0])).toBe(1);
    expect(gpa([], [])).toBeNull();
  });
});

describe('MoC (Eq. 2) and UDA (Eq. 3)', () => {
  it('MoC: P = [1, 2, 1, 3] gives v = 2, 1/3; a drop at the first pair gives 0; no drop gives 1', () => {
    expect(moc([1, 2, 1, 3])).toBeCloseTo(1 / 3, 12);
    expect(moc([3, 2, 4])).toBe(0);
    expect(moc([1, 1, 2, 5])).toBe(1);
    expect(moc([0, 0, 0])).toBe(1); // the limitation the paper names (E.3): all zeros is "monotone"
    expect(moc([4])).toBeNull();
  });
  it("UDA: the share of steps whose direction matches the truth's", () => {
    expect(uda([1, 2, 1, 3], [1, 2, 2, 3])).toBeCloseTo(2 / 3, 12);
    expect(uda([3, 1, 0, 2], [3, 1, 0, 2])).toBe(1);
    expect(uda([5], [5])).toBeNull();
  });
  it('applies MoC to the cumulative multi-point subcategories and UDA also to O1-Snap', () => {
    const all: CountingSubcategory[] = ['O1-Snap', 'O1-Delta', 'O2-Unique', 'O2-Gain', 'E1-Action', 'E1-Transit', 'E2-Periodic', 'E2-Episode'];
    expect(all.filter(mocApplies)).toEqual(['O2-Unique', 'E1-Action', 'E1-Transit', 'E2-Periodic', 'E2-Episode']);
    expect(all.filter(udaApplies)).toEqual(['O1-Snap', 'O2-Unique', 'E1-Action', 'E1-Transit', 'E2-Periodic', 'E2-Episode']);
  });
});

describe('question-weighted overall (Table 1 counts × Table 2 subcategories)', () => {
  const QUESTIONS = { 'O1-Snap': 81, 'O1-Delta': 98, 'O2-Unique': 289, 'O2-Gain': 78, 'E1-Action': 203, 'E1-Transit': 48, 'E2-Episode': 147, 'E2-Periodic': 56 };
  const weigh = (values: Partial<Record<keyof typeof QUESTIONS, number>>) => Object.entries(values).map(([s, value]) => ({ value, questions: QUESTIONS[s as keyof typeof QUESTIONS] }));

  it('reproduces Gemini-3-Flash: GPA 37.0 and MoC 73.7 within ±0.1', () => {
    const gpaOverall = vcbenchOverall(weigh({ 'O1-Snap': 44.3, 'O1-Delta': 41.0, 'O2-Unique': 36.5, 'O2-Gain': 55.3, 'E1-Action': 28.5, 'E1-Transit': 49.8, 'E2-Episode': 41.7, 'E2-Periodic': 3.9 }), {
      label: 'Gemini GPA',
      value: 37.0,
      decimals: 1,
      tolerance: 0.1,
    });
    expect(gpaOverall.value).toBeCloseTo(36.99, 2);
    expect(gpaOverall.notes).toEqual([]);
    const mocOverall = vcbenchOverall(weigh({ 'O2-Unique': 77.8, 'E1-Action': 66.0, 'E1-Transit': 83.7, 'E2-Episode': 79.5, 'E2-Periodic': 56.2 }), {
      label: 'Gemini MoC',
      value: 73.7,
      decimals: 1,
      tolerance: 0.1,
    });
    expect(mocOverall.value).toBeCloseTo(73.67, 2);
    expect(mocOverall.notes).toEqual([]);
  });

  it('gives Human 96.2 where the paper prints 96.1, and says so (the macro mean would be 96.8)', () => {
    const human = { 'O1-Snap': 96.7, 'O1-Delta': 100, 'O2-Unique': 94.5, 'O2-Gain': 100, 'E1-Action': 94.9, 'E1-Transit': 98.3, 'E2-Episode': 97.0, 'E2-Periodic': 93.2 };
    const result = vcbenchOverall(weigh(human), { label: 'Table 2, Human, GPA', value: 96.1, decimals: 1, tolerance: 0.1 });
    expect(result.value).toBeCloseTo(96.2, 1);
    expect(result.notes).toEqual(['Table 2, Human, GPA: the paper prints 96.1, but the question-weighted mean of its subcategories gives 96.2; Tidemark follows the rule.']);
  });
});

describe('scoring a VCBench run', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'vcbench')!;
  const counting = (subcategory: CountingSubcategory, id: string, truths: number[], answers: string[]): ScoringItem => ({
    item: id,
    question: question({ id, answerKind: 'number', options: {}, taskCode: subcategory, counting: { subcategory, target: 'chairs', windowSeconds: null } }),
    points: truths.map((answer, i) => ({ time: 10 * (i + 1), answer, proactiveTime: null, evidence: [], windowStart: null })),
    responses: answers.map((text, query) => ({ query, t: null, text })),
  });

  it("computes GPA, MoC and UDA per question, skips unreadable answers and averages over questions (the paper's reader)", () => {
    const run = scoreRun(
      profile,
      [counting('E1-Action', 'e1', [2, 5, 6], ['two', '5', 'I count 7']), counting('O1-Snap', 'o1', [3, 1, 0, 2], ['3', 'one', 'none', '2']), counting('O1-Delta', 'd1', [2], ['2'])],
      { extractor: 'number' },
    );
    const [e1, o1, d1] = run.items;
    expect(e1!.metrics.gpa).toBeCloseTo(66.8, 1);
    expect(e1!.metrics.moc).toBe(100);
    expect(e1!.metrics.uda).toBe(100);
    expect(e1!.queries[2]).toMatchObject({ extracted: 7, rule: 'the only number ("7")', correct: false });
    expect(o1!.metrics).toEqual({ gpa: 100, moc: null, uda: 100 }); // "none" is skipped: P = [3, 1, 2] against G = [3, 1, 2]
    expect(d1!.metrics).toEqual({ gpa: 100, moc: null, uda: null });
    expect(run.byCategory['E1-Action']!.gpa).toBeCloseTo(66.8, 1);
    expect(run.overall.gpa).toBeCloseTo((66.8 + 100 + 100) / 3, 1);
    expect(run.overall.moc).toBe(100);
    expect(run.overall.uda).toBe(100);
    expect(run.notes).toContain('1 answer could not be read as a number and was skipped (invalid, App. B.1).');
    expect(run.notes).toContain('Answers read with VCBench number (digits or English words) (number v1).');
  });

  it('reads answers as the release does by default: int() of the response, words and "7 apples" unread (skipped)', () => {
    const run = scoreRun(profile, [counting('E1-Action', 'e1', [2, 5, 6], [' 2\n', 'five', '7 apples']), counting('O1-Snap', 'o1', [3, 1], ['+3', '\u0661'])]);
    expect(run.items[0]!.queries.map((q) => q.extracted)).toEqual([2, null, null]);
    expect(run.items[0]!.metrics).toEqual({ gpa: 100, moc: null, uda: null });
    expect(run.items[1]!.metrics).toEqual({ gpa: 100, moc: null, uda: 100 });
    expect(run.notes).toContain('2 answers could not be read as a number and were skipped (invalid, App. B.1).');
    expect(run.notes).toContain('Answers read with VCBench release: int() of the response (eval/unify_results.py) (python-int v1).');
  });

  it('says "no response" for points a model gave no answer to (none, or an empty one), not that they could not be read', () => {
    const silent = {
      ...counting('O1-Snap', 'silent', [3, 1, 2], ['', '  ']),
      responses: [
        { query: 0, t: null, text: '' },
        { query: 1, t: null, text: '  ' },
      ],
    };
    const run = scoreRun(profile, [silent]);
    expect(run.notes).toContain('3 query points with no response were skipped (nothing to read).');
    expect(run.notes.some((n) => n.includes('could not be read'))).toBe(false);
    // an answer given but unreadable is still said to be so
    expect(scoreRun(profile, [counting('O1-Snap', 'words', [3], ['three'])]).notes).toContain('1 answer could not be read as a number and was skipped (invalid, App. B.1).');
  });

  it("reads answers by the paper's B.1 (digits or English words) under --rules paper; an extractor asked for still wins", () => {
    const item = counting('E1-Action', 'e1', [2, 5, 6], ['two', '5 apples', '6']);
    expect(scoreRun(profile, [item]).items[0]!.queries.map((q) => q.extracted)).toEqual([null, null, 6]);
    expect(scoreRun(profile, [item], { rules: 'paper' }).items[0]!.queries.map((q) => q.extracted)).toEqual([2, 5, 6]);
    expect(scoreRun(profile, [item], { rules: 'paper', extractor: 'python-int' }).items[0]!.queries.map((q) => q.extracted)).toEqual([null, null, 6]);
  });

  it("takes MoC and UDA over the query points in the file's order, as the release does; the paper's rules in time order", () => {
    // O1-Snap 0018 of the release's file: asked at 1.7, 64.3 and 8.8 s (counts 2, 0, 3)
    const snap: ScoringItem = {
      ...counting('O1-Snap', '0018', [2, 0, 3], ['2', '1', '3']),
      points: [1.7, 64.3, 8.8].map((time, i) => ({ time, answer: [2, 0, 3][i]!, proactiveTime: null, evidence: [], windowStart: null })),
    };
    const release = scoreRun(profile, [snap]);
    // file order: P 2 → 1 → 3 against G 2 → 0 → 3: both steps agree in direction
    expect(release.items[0]!.metrics.uda).toBe(100);
    expect(release.notes).toContain(
      "1 question lists its query points out of time order: MoC and UDA take them in the file's order, as the release does (the paper's consecutive points: --rules paper).",
    );
    // (in time order P 2 → 3 → 1 against G 2 → 3 → 0 agrees as well); these predictions tell the orders apart
    const wrong = { ...snap, responses: ['2', '5', '3'].map((text, query) => ({ query, t: null, text })) };
    expect(scoreRun(profile, [wrong]).items[0]!.metrics.uda).toBe(0); // file order: 2 → 5 (G 2 → 0), 5 → 3 (G 0 → 3)
    const paper = scoreRun(profile, [wrong], { rules: 'paper' });
    expect(paper.items[0]!.metrics.uda).toBe(50); // time order: 2 → 3 (G 2 → 3), 3 → 5 (G 3 → 0)
    expect(paper.notes).toContain("MoC and UDA over each question's query points in time order (the paper's consecutive points); the release takes them in the file's order.");
  });

  it('leaves a question whose answers are all unreadable out of the averages', () => {
    const run = scoreRun(profile, [counting('E1-Action', 'a', [1, 2], ['?', '?']), counting('E1-Action', 'b', [1, 2], ['1', '2'])]);
    expect(run.items[0]!.metrics).toEqual({ gpa: null, moc: null, uda: null });
    expect(run.overall).toEqual({ gpa: 100, moc: 100, uda: 100 });
  });
});
