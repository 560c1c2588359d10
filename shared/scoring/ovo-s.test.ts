import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import { NOT_COUNTED, OVO_S_NOTE, levelAverage, ovoOverall } from './ovo-s';
import { scoreRun } from './score';
import { categoryRun, countsFor } from './synthetic-runs.test-util';

// Table 2 (streaming), family accuracies L1 … L4 (digest ovo-s-bench.md §4).
const GEMINI = [
  [58.69, 71.18, 55.89],
  [57.92, 59.97, 74.23],
  [67.33, 41.27, 59.09],
  [60.4, 81.67, 22.64],
];
const HUMAN_STREAMING = [
  [91.77, 95.85, 92.02],
  [86.87, 77.98, 78.23],
  [88.67, 87.3, 83.33],
  [79.21, 86.67, 71.7],
];
const RANDOM = [
  [33.93, 25.49, 30.0],
  [37.44, 26.77, 41.08],
  [50, 25, 25],
  [25, 31.25, 25],
];

describe('macro aggregation (family → level → overall)', () => {
  it('reproduces Gemini-3.1-Pro: levels 61.92 / 64.04 / 55.90 / 54.90, overall 59.19', () => {
    const levels = GEMINI.map(levelAverage);
    expect(levels.map((l) => l!.toFixed(2))).toEqual(['61.92', '64.04', '55.90', '54.90']);
    expect(ovoOverall(levels, { label: 'Gemini-3.1-Pro', value: 59.19, decimals: 2 })).toEqual({ value: expect.closeTo(59.19, 2), notes: [] });
  });

  it('reproduces Random 31.33 and drops a family a model cannot run (InfiniPot-V L4 = 40.58)', () => {
    expect(ovoOverall(RANDOM.map(levelAverage)).value!.toFixed(2)).toBe('31.33');
    expect(levelAverage([33.66, null, 47.5])!.toFixed(2)).toBe('40.58');
  });

  it('follows the rule for the Human rows the paper aggregates differently, and says so', () => {
    const streaming = ovoOverall(HUMAN_STREAMING.map(levelAverage), { label: 'Table 2, Human (streaming), Overall', value: 86.61, decimals: 2 });
    expect(streaming.value!.toFixed(2)).toBe('84.97');
    expect(streaming.notes).toEqual(['Table 2, Human (streaming), Overall: the paper prints 86.61, but the unweighted mean of its level averages gives 84.97; Tidemark follows the rule.']);
    const offline = ovoOverall([96.95, 86.22, 94.17, 89.16], { label: 'Table 2, Human (offline), Overall', value: 92.2, decimals: 2 });
    expect(offline.value!.toFixed(2)).toBe('91.63');
    expect(offline.notes).toHaveLength(1);
  });
});

describe('scoring an OVO-S run', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'ovo-s-bench')!;

  it("reproduces Gemini-3.1-Pro's 59.19 from a run with its family accuracies", () => {
    // L3 and L4 use the paper's own query counts (3.1 = 150, 3.2 = 63, 3.3 = 66, 4.1 = 101, 4.2 = 120, 4.3 = 53)
    const paperCounts: Record<string, number> = { '3.1': 150, '3.2': 63, '3.3': 66, '4.1': 101, '4.2': 120, '4.3': 53 };
    const items = GEMINI.flatMap((families, l) =>
      families.flatMap((accuracy, f) => {
        const family = `${l + 1}.${f + 1}`;
        const total = paperCounts[family];
        const counts = total ? { total, correct: Math.round((accuracy * total) / 100) } : countsFor(accuracy);
        return categoryRun(family, { taskCode: `${family}.1` }, counts);
      }),
    );
    const run = scoreRun(profile, items);
    expect(run.byCategory['3.1']!.accuracy!.toFixed(2)).toBe('67.33');
    expect(run.byCategory['4.3']!.accuracy!.toFixed(2)).toBe('22.64');
    expect(run.byCategory['1']!.accuracy!.toFixed(2)).toBe('61.92');
    expect(run.byCategory['1.1.1']!.accuracy!.toFixed(2)).toBe('58.69');
    expect(run.overall.accuracy!.toFixed(2)).toBe('59.19');
    expect(run.items[0]).toMatchObject({
      category: '1.1',
      metrics: { accuracy: 100 },
      queries: [{ extracted: 'B', rule: 'step 1: "Answer: X" in the last 300 characters', correct: true, timing: null }],
    });
    expect(run.notes).toContain(OVO_S_NOTE);
    expect(run.notes).toContain('Answers read with OVO-S-Bench release letter (score.py extract_answer, A–E) (ovo-s-letter v2).');
  });

  it('counts an unreadable or empty response as wrong, in the denominator; a query point with no response not at all, as score.py', () => {
    const [right] = categoryRun('r', { taskCode: '1.1.1' }, { correct: 1, total: 1 });
    const unreadable = { ...right!, item: 'u', responses: [{ query: 0, t: null, text: 'It is hard to tell from these frames' }] };
    const empty = { ...right!, item: 'e', responses: [{ query: 0, t: null, text: '' }] };
    const missing = { ...right!, item: 'm', responses: [] };
    const run = scoreRun(profile, [right!, unreadable, empty, missing]);
    expect(run.overall.accuracy).toBeCloseTo(100 / 3, 10);
    expect(run.overall.pooledAccuracy).toBeCloseTo(100 / 3, 10);
    expect(run.items[1]!.queries[0]).toMatchObject({ extracted: null, rule: 'nothing matched', correct: false });
    expect(run.items[2]!.queries[0]).toMatchObject({ extracted: null, correct: false });
    expect(run.items[3]!.queries[0]).toMatchObject({ rule: NOT_COUNTED, correct: null });
    expect(run.items[3]!.metrics.accuracy).toBeNull();
    expect(run.notes).toContain("1 query point had no response (no record, or an error result left out) and is not counted, as the release's score.py counts only the records it scores.");
    expect(scoreRun(profile, [missing]).overall).toEqual({ accuracy: null, pooledAccuracy: null });
  });

  it('reads with another extractor when asked, and flags a brittle one', () => {
    const items = categoryRun('x', { taskCode: '1.1.1' }, { correct: 0, total: 1 }); // "Answer: C" against B
    expect(scoreRun(profile, items).overall.accuracy).toBe(0);
    const brittle = scoreRun(
      profile,
      items.map((i) => ({ ...i, points: [{ ...i.points[0]!, answer: 'A' }] })),
      { extractor: 'substring' },
    );
    expect(brittle.overall.accuracy).toBe(100); // the "A" of "Answer"
    expect(brittle.notes).toContain('Answers read with OVO-Bench substring test (substring v1), a brittle rule.');
  });

  it('keeps items whose task code is not in the taxonomy out of the levels, with a note', () => {
    const run = scoreRun(profile, categoryRun('z', { taskCode: '9.9.9' }, { correct: 1, total: 2 }));
    expect(run.overall.accuracy).toBeNull();
    expect(run.items[0]!.category).toBe('9.9.9');
    expect(run.notes).toContain("2 items had a task code outside the profile's taxonomy and are left out of the level averages.");
  });
});
