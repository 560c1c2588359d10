import { describe, expect, it } from 'vitest';
import { STREAMINGBENCH_PROFILE } from '../benchmarks';
import { scoreRun } from './score';
import { STREAMINGBENCH_NOTE } from './streamingbench';
import { itemWith } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

// a custom profile of this name is StreamingBench's (its importer makes it)
const profile = { kind: 'custom' as const, name: STREAMINGBENCH_PROFILE, taxonomy: [] };
const OPTIONS = { A: 'one cup', B: 'two cups', C: 'three cups', D: 'four cups' };

const choice = (id: string, task: string, responses: Array<[number | null, string]>): ScoringItem =>
  itemWith(id, { taskCode: task, answerKind: 'choice', options: OPTIONS }, [{ time: 31, answer: 'C' }], responses);
// "When the scoreboard shows 3 points for USA, output "3"." asked at 00:20, due at 00:29
const proactive = (id: string, responses: Array<[number | null, string]>): ScoringItem =>
  itemWith(id, { taskCode: 'Proactive Output', answerKind: 'text', temporalType: 'forward' }, [{ time: 20, answer: '3', proactiveTime: 29 }], responses);

describe('StreamingBench multiple choice (count.py: question[model][0] == answer)', () => {
  it('reads the first character only: "C" and "C. three cups" are right; "c", " C", "(C)", "The answer is C." are wrong', () => {
    const answers = ['C', 'C. three cups', 'c', ' C', '(C)', 'The answer is C.', 'B'];
    const run = scoreRun(
      profile,
      answers.map((a, i) => choice(`q${i}`, 'Counting', [[null, a]])),
    );
    expect(run.items.map((i) => i.metrics.accuracy)).toEqual([100, 100, 0, 0, 0, 0, 0]);
    expect(run.byCategory.Counting!.accuracy).toBeCloseTo((2 / 7) * 100, 9);
    expect(run.notes).toContain(STREAMINGBENCH_NOTE);
    // the paper-layout reading of letters stays one flag away
    expect(
      scoreRun(
        profile,
        answers.map((a, i) => choice(`q${i}`, 'Counting', [[null, a]])),
        { extractor: 'ovo-s-letter' },
      ).items.map((i) => i.metrics.accuracy),
    ).toEqual([100, 100, 100, 100, 100, 100, 0]);
  });

  it('leaves questions without an answer, and empty answers, out of the denominator, and says so', () => {
    const run = scoreRun(profile, [
      choice('right', 'Counting', [[null, 'C']]),
      choice('none', 'Counting', []),
      choice('empty', 'Counting', [[null, '']]),
      choice('wrong', 'Spatial Understanding', [[null, 'A']]),
    ]);
    expect(run.items.map((i) => i.metrics.accuracy)).toEqual([100, null, null, 0]);
    expect(run.byCategory).toEqual({ Counting: { accuracy: 100 }, 'Spatial Understanding': { accuracy: 0 } });
    // the overall pools every question counted (count.py's "total" row), not the mean of the tasks
    expect(run.overall).toEqual({ accuracy: 50 });
    expect(run.notes).toEqual(
      expect.arrayContaining(['1 question without an answer left out, as count.py leaves it out.', '1 empty answer left out (count.py passes over it in the SQA file and stops on it in the others).']),
    );
  });
});

describe('StreamingBench proactive output (count.py: the last turn, ±2 s, then the output in it)', () => {
  it('scores the time within ±2 s of the ground truth (edges in) and the expected output in the text (case-sensitive)', () => {
    const cases: Array<[number, string]> = [
      [29, 'Now: 3'],
      [27, '3'],
      [31, 'It is 3 now'],
      [26, '3'],
      [32, '3'],
      [30, 'three'],
    ];
    const run = scoreRun(
      profile,
      cases.map(([t, text], i) => proactive(`p${i}`, [[t, text]])),
    );
    expect(run.items.map((i) => [i.metrics.timeAccuracy, i.metrics.answerAccuracy])).toEqual([
      [100, 100],
      [100, 100],
      [100, 100],
      [0, 0],
      [0, 0],
      [100, 0],
    ]);
    expect(run.items.map((i) => i.queries[0]!.timing)).toEqual(['on-time', 'on-time', 'on-time', 'early', 'late', 'on-time']);
    expect(run.items[3]!.queries[0]!.rule).toBe('last turn at 00:26, 3 s before the ground truth 00:29 (outside ±2 s)');
    expect(run.items[5]!.queries[0]!.rule).toBe('last turn at 00:30, 1 s after the ground truth 00:29 (within ±2 s); "3" not in its text');
    expect(run.byCategory['Proactive Output']).toEqual({ timeAccuracy: (100 * 4) / 6, answerAccuracy: 50 });
    // multiple choice has no questions here: its pooled accuracy is unknown, the proactive shares are given
    expect(run.overall).toEqual({ accuracy: null, timeAccuracy: (100 * 4) / 6, answerAccuracy: 50 });
  });

  it('leaves out a question without an answer, and one whose dialog is empty (no time), and says so', () => {
    const run = scoreRun(profile, [proactive('none', []), proactive('empty', [[null, '']]), proactive('ok', [[29, '3']])]);
    expect(run.items.map((i) => i.metrics)).toEqual([
      { timeAccuracy: null, answerAccuracy: null },
      { timeAccuracy: null, answerAccuracy: null },
      { timeAccuracy: 100, answerAccuracy: 100 },
    ]);
    expect(run.notes).toContain('1 proactive answer with no time (an empty dialog history) left out (count.py stops on an empty history).');
  });
});
