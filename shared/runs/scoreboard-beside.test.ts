import { describe, expect, it } from 'vitest';
import type { RuleComparison } from '../scoring/types';
import { besideTable } from './scoreboard-beside';
import type { RunScoreView } from './types';

const comparison = (against: RuleComparison['against'], accuracy: number, differenceCount: number): RuleComparison => ({
  against,
  label: `by ${against}`,
  overall: { accuracy },
  byCategory: {},
  differences: [],
  differenceCount,
});
const run = (model: string, accuracy: number, comparisons?: RuleComparison[]): RunScoreView => ({
  runId: model,
  model,
  label: 'r',
  profile: 'custom',
  overall: { accuracy },
  byCategory: {},
  items: [],
  notes: [],
  ...(comparisons ? { comparisons } : {}),
});

describe("the scoreboard's columns beside: the run as scored, strictly and by the other rules", () => {
  it("puts each comparison's overall beside the run's, with how many items differ", () => {
    const table = besideTable([run('gemini', 62.5, [comparison('strict', 50, 3), comparison('paper', 62.5, 0)]), run('gpt', 80, [comparison('paper', 80, 0)])], 'release');
    expect(table!.columns.map((c) => c.header)).toEqual(['accuracy (release)', 'accuracy (strict)', 'accuracy (paper)']);
    expect(table!.rows).toEqual([
      { run: 'gemini · r', values: [62.5, 50, 62.5], differing: [3, 0] },
      // a run without a strict column (no lenient rule read it) shows none there
      { run: 'gpt · r', values: [80, null, 80], differing: [null, 0] },
    ]);
  });

  it('is null when no run was compared', () => {
    expect(besideTable([run('a', 1)], 'release')).toBeNull();
  });
});
