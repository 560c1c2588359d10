import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import { scoreRun } from './score';
import { itemWith } from './synthetic-runs.test-util';
import type { JudgeLookup, ScoringItem } from './types';
import { VSAS_NOTE, forwardFill, lcsDistance, longestCommonSubstring, taskConsistency, verdictOf, vsasOverall } from './vsas';

describe('longest-common-substring distance', () => {
  it('is 0 for equal texts, 1 for texts sharing nothing, and 1 − |LCS| / longer length between', () => {
    expect(longestCommonSubstring('the man cuts onions', 'a man cuts bread')).toBe(' man cuts '.length);
    expect(lcsDistance('abc', 'abc')).toBe(0);
    expect(lcsDistance('', '')).toBe(0);
    expect(lcsDistance('abc', '')).toBe(1);
    expect(lcsDistance('abc', 'xyz')).toBe(1);
    expect(lcsDistance('abcd', 'abxd')).toBe(0.5);
  });
});

describe('forward fill (model response extrapolation, §3.3)', () => {
  it('carries the latest response over silent seconds and pauses; empty before the first', () => {
    const filled = forwardFill(
      [0, 1, 2, 3, 4],
      [
        { t: 1.4, text: 'a' },
        { t: 3, text: '' },
        { t: 2, text: 'b' },
        { t: 2.9, text: 'c' },
      ],
    );
    expect(filled).toEqual([
      { text: '', from: null },
      { text: 'a', from: 1.4 },
      { text: 'c', from: 2.9 }, // the last given during second 2
      { text: 'c', from: 2.9 }, // a pause at 3 s is not a response
      { text: 'c', from: 2.9 },
    ]);
  });
});

describe("the digest's worked example (N_t = 4, G = [A, A, B, B])", () => {
  it('raw s1 "a", s2 missing, s3 "b", s4 pause → R = [a, a, b, b]; judged yes, yes, yes, no → A_t = 0.75; C_t = 0.75', () => {
    const R = forwardFill(
      [0, 1, 2, 3],
      [
        { t: 0, text: 'a' },
        { t: 2, text: 'b' },
        { t: 3, text: '' },
      ],
    ).map((r) => r.text);
    expect(R).toEqual(['a', 'a', 'b', 'b']);
    expect(taskConsistency(R, ['A', 'A', 'B', 'B'])).toBe(0.75); // D(a, b) = D(A, B) = 1
    expect(taskConsistency(['x', 'x'], ['y', 'y'])).toBe(0.5); // N_t − 1 terms over N_t, as printed
    expect(taskConsistency(R, ['A', 'A', 'B', 'B'], () => 0.3)).toBe(0.75); // any D that treats both alike
  });
  it('takes the binary verdict, else tier 3 as yes and tiers 0–1 as no', () => {
    expect(verdictOf({ score: 2, reason: '', verdict: 'yes' })).toBe(true);
    expect(verdictOf({ score: 3, reason: '' })).toBe(true);
    expect(verdictOf({ score: 1, reason: '' })).toBe(false);
    expect(verdictOf({ score: 2, reason: '' })).toBeNull();
    expect(verdictOf(null)).toBeNull();
  });
});

describe('overall uniform over tasks (Present / Cumulative / Future weighting)', () => {
  // Task counts 65 / 39 / 21 give the paper's weights 0.520 / 0.312 / 0.168 (digest §2).
  const TASKS = [65, 39, 21];
  const overall = (p: number, c: number, f: number, published?: number) =>
    vsasOverall(
      [p, c, f].map((value, i) => ({ value, tasks: TASKS[i]! })),
      published === undefined ? undefined : { label: 'row', value: published, decimals: 1, tolerance: 0.1 },
    );

  it.each([
    ['GPT-5 low, sync', 83.1, 64.6, 81.8, 77.1],
    ['GPT-5 medium, sync', 81.5, 65.3, 84.4, 77.0],
    ['Qwen3-VL-4B, async', 62.3, 36.4, 17.9, 46.8],
    ['Qwen3-VL-8B, sync', 61.7, 52.3, 35.5, 54.3],
    ['Dispider, sync', 48.5, 33.5, 66.6, 46.8],
    ['FlashVStream, async', 22.2, 10.0, 10.5, 16.5],
    ['StreamBridge, async', 34.2, 6.9, 10.3, 21.7],
  ])('reproduces Tab. 2 %s within the printed rounding', (_, p, c, f, published) => {
    expect(overall(p, c, f, published).notes).toEqual([]);
  });

  it('follows the rule for Tab. 5\'s row "1" (printed 42.0, a typo for 32.0) and says so', () => {
    const row = vsasOverall(
      [
        { value: 42.0, tasks: 65 },
        { value: 15.8, tasks: 39 },
        { value: 31.0, tasks: 21 },
      ],
      { label: 'Tab. 5, memory buffer 1, Overall', value: 42.0, decimals: 1, tolerance: 0.1 },
    );
    expect(row.value!.toFixed(1)).toBe('32.0');
    expect(row.notes).toEqual(['Tab. 5, memory buffer 1, Overall: the paper prints 42.0, but the task-weighted mean of Present, Cumulative and Future gives 32.0; Tidemark follows the rule.']);
  });
});

describe('scoring a VSAS run', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'vsas-bench')!;
  const task = (id: string, type: 'present' | 'cumulative' | 'future', captions: string[], responses: Array<[number | null, string]>): ScoringItem =>
    itemWith(
      id,
      { temporalType: type, taskCode: type },
      captions.map((answer, second) => ({ time: second, answer })),
      responses,
    );
  const example = task(
    't1',
    'present',
    ['A', 'A', 'B', 'B'],
    [
      [0.2, 'a'],
      [2.5, 'b'],
      [3, ''],
    ],
  );
  const yesYesYesNo: JudgeLookup = (item, query, second) =>
    item === 't1' && query === 0 && second !== undefined ? { score: second < 3 ? 3 : 0, reason: '', verdict: second < 3 ? 'yes' : 'no' } : null;

  it('scores the worked example: accuracy 75, consistency 75, and lists every second for the judge', () => {
    const run = scoreRun(profile, [example], { judgments: yesYesYesNo });
    expect(run.items[0]!.metrics).toEqual({ accuracy: 75, consistency: 75 });
    expect(run.items[0]!.queries.map((q) => [q.t, q.extracted, q.rule, q.correct])).toEqual([
      [0, 'a', 'response at 00:00.20', true],
      [1, 'a', 'carried over from 00:00.20', true],
      [2, 'b', 'response at 00:02.50', true],
      [3, 'b', 'carried over from 00:02.50', false],
    ]);
    expect(run.byCategory.present).toEqual({ accuracy: 75, consistency: 75 });
    expect(run.overall).toEqual({ accuracy: 75, consistency: 75 });
    expect(run.notes).toContain(VSAS_NOTE);
  });

  it('without a judge accuracy is null, with a note; consistency needs none', () => {
    const run = scoreRun(profile, [example, task('t2', 'future', ['x', 'x'], [])]);
    expect(run.items.map((i) => i.metrics)).toEqual([
      { accuracy: null, consistency: 75 },
      { accuracy: null, consistency: 50 },
    ]);
    expect(run.overall).toEqual({ accuracy: null, consistency: 62.5 });
    expect(run.notes).toContain('A judge is needed: 6 seconds have no yes/no judgment, so accuracy is null for their tasks and overall.');
  });

  it('averages tasks uniformly, clips C_t to [0, 1] and takes another distance when given', () => {
    // G changes every second while R is constant: 1 − 0 + D(G) per step exceeds 1 before clipping
    const changing = task('t3', 'cumulative', ['p', 'q', 'r'], [[0, 'same']]);
    expect(scoreRun(profile, [changing]).items[0]!.metrics.consistency).toBe(100);
    // a distance that finds the model's change (a → b) smaller than the truth's (A → B)
    const lenient = scoreRun(profile, [example], { distance: (a, b) => (a === b ? 0 : a === a.toLowerCase() ? 0.5 : 1) });
    expect(lenient.items[0]!.metrics.consistency).toBe(87.5);
    const both = scoreRun(profile, [example, changing], { judgments: yesYesYesNo });
    expect(both.overall.consistency).toBe((75 + 100) / 2);
    expect(both.overall.accuracy).toBeNull(); // t3 has no judgments
  });

  it('says when a task comes without its per-second captions', () => {
    const unexpanded = task('t4', 'present', [], [[0, 'a']]);
    const run = scoreRun(profile, [{ ...unexpanded, points: [{ time: 0, answer: null, proactiveTime: null, evidence: [], windowStart: null }] }]);
    expect(run.notes).toContain('1 task had no ground-truth captions: give one point per second, its caption as the answer.');
  });
});
