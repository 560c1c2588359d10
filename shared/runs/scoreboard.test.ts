import { describe, expect, it } from 'vitest';
import { scoreboard, scoreboardCsv, scoreboardLatex, scoreboardMarkdown } from './scoreboard';
import type { RunScoreView } from './types';

const run = (model: string, overall: number | null, l1: number | null): RunScoreView => ({
  runId: model,
  model,
  label: 'r',
  profile: 'ovo-s-bench',
  overall: { accuracy: overall },
  byCategory: { L1: { accuracy: l1 }, L2: { accuracy: 50 } },
  items: [],
  notes: [],
});

describe('the scoreboard', () => {
  it('ranks runs by the overall, ties sharing a rank, runs without a value last and unranked', () => {
    const [table] = scoreboard([run('b', 40, 30), run('a', 59.19, 61.92), run('c', null, null), run('d', 40, 20)]);
    expect(table!.categories).toEqual(['L1', 'L2']);
    expect(table!.rows.map((r) => [r.rank, r.run, r.overall])).toEqual([
      [1, 'a · r', 59.19],
      [2, 'b · r', 40],
      [2, 'd · r', 40],
      [0, 'c · r', null],
    ]);
  });
  it('writes CSV, Markdown and LaTeX', () => {
    const tables = scoreboard([run('a', 59.19, 61.92), run('b_1', 40, 30)]);
    expect(scoreboardCsv(tables).split('\n').slice(0, 4)).toEqual(['metric,rank,run,category,value', 'accuracy,1,a · r,L1,61.92', 'accuracy,1,a · r,L2,50', 'accuracy,1,a · r,Overall,59.19']);
    expect(scoreboardMarkdown(tables)).toContain('| 1 | a · r | 61.92 | 50.00 | 59.19 |');
    expect(scoreboardLatex(tables)).toContain('b\\_1 · r & 30.00 & 50.00 & 40.00 \\\\');
    expect(scoreboardLatex(tables)).toContain('\\textbf{59.19}');
  });
});
