import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES } from '../profiles';
import type { GroupRole } from '../questions';
import { RTV_NOTE, groupScore, meanOfDimensions } from './rtv';
import { scoreRun } from './score';
import { categoryRun, choiceItem, countsFor } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

// GPT-4o, Table 2: accuracy / Score per dimension.
const GPT_4O = { TP: [48.6, 18.2], VP: [53.59, 23.4], SP: [52.63, 24.1], GU: [45.02, 15.7], PU: [54.32, 25.8], IA: [48.58, 20.8], FP: [54.67, 27.1], SR: [42.75, 20.8] } as const;

describe('published aggregation (Tables 2–5)', () => {
  it('overall accuracy is the mean of the eight dimensions: GPT-4o 50.02, IXC2.5-OL 47.33', () => {
    expect(
      meanOfDimensions(
        Object.values(GPT_4O).map(([acc]) => acc),
        { label: 'GPT-4o', value: 50.02, decimals: 2 },
      ),
    ).toEqual({ value: expect.closeTo(50.02, 2), notes: [] });
    expect(meanOfDimensions([49.57, 49.8, 42.27, 43.88, 52.17, 48.62, 51.88, 40.48]).value!.toFixed(2)).toBe('47.33');
  });
  it('a category is the mean of its dimensions, for accuracy and Score: GPT-4o Reasoning 48.71 / 23.95, VideoLLaMA2 Perception 40.62 / 8.67', () => {
    expect(meanOfDimensions([GPT_4O.FP[0], GPT_4O.SR[0]]).value!.toFixed(2)).toBe('48.71');
    expect(meanOfDimensions([GPT_4O.FP[1], GPT_4O.SR[1]]).value!.toFixed(2)).toBe('23.95');
    expect(meanOfDimensions([39.52, 42.49, 39.85]).value!.toFixed(2)).toBe('40.62');
    expect(meanOfDimensions([7.9, 9.4, 8.7]).value!.toFixed(2)).toBe('8.67');
  });
});

describe('group-aware Score', () => {
  const rec = (group: string, role: GroupRole, correct: boolean, categories: string[] = ['TP']) => ({ group, role, correct, categories });

  it("reproduces the digest's worked example: Score 50.00", () => {
    const result = groupScore([
      rec('A', 'q0', true),
      rec('A', 'q1', true),
      rec('A', 'q2', true),
      rec('A', 'q2', false),
      rec('A', 'q2', true),
      rec('B', 'q0', false),
      rec('B', 'q1', true),
      rec('B', 'q2', true),
    ]);
    expect(result.score).toBe(50);
    expect(result.groups).toBe(2);
  });
  it("passes a group missing q0 or q1, skips a group without q2, and files a group under its first q2's dimension", () => {
    const result = groupScore([rec('A', 'q2', true, ['FP']), rec('A', 'q2', false, ['SR']), rec('B', 'q0', true), rec('B', 'q1', true)]);
    expect(result.score).toBe(50);
    expect(result.groups).toBe(1);
    expect([...result.byCategory]).toEqual([['FP', { earned: 1, q2: 2 }]]);
    expect(groupScore([]).score).toBeNull();
  });
});

describe('scoring an RTV run', () => {
  const profile = BUILTIN_PROFILES.find((p) => p.kind === 'rtv-bench')!;
  let n = 0;
  const member = (group: string, role: GroupRole, right: boolean, taskCode = 'TP', perspective = 'Object'): ScoringItem =>
    choiceItem(`${group}-${role}-${n++}`, { taskCode, group: { id: group, role }, facets: { perspective } }, right);

  it('reproduces the worked example end to end: accuracy 75.00 %, Score 50.00', () => {
    const timestamps = (item: ScoringItem, rights: boolean[]): ScoringItem => ({
      ...item,
      points: rights.map((_, i) => ({ ...item.points[0]!, time: 10 * (i + 1) })),
      responses: rights.map((right, query) => ({ query, t: null, text: right ? 'B' : 'C' })),
    });
    const run = scoreRun(profile, [
      member('A', 'q0', true),
      member('A', 'q1', true),
      timestamps(member('A', 'q2', true), [true, false, true]),
      member('B', 'q0', false),
      member('B', 'q1', true),
      member('B', 'q2', true),
    ]);
    expect(run.overall).toEqual({ accuracy: 75, score: 50 });
    expect(run.byCategory.TP).toEqual({ accuracy: 75, score: 50 });
    expect(run.byCategory.Object).toEqual({ accuracy: 75, score: 50 });
    expect(run.byCategory.Perception).toEqual({ accuracy: 75, score: 50 });
    expect(run.items[2]!.metrics.accuracy).toBeCloseTo(200 / 3, 10);
    expect(run.items[0]!.queries[0]).toMatchObject({ extracted: 'B', rule: 'step 1: the first standalone letter', correct: true });
    expect(run.notes).toContain(RTV_NOTE);
  });

  it("reproduces GPT-4o's overall accuracy 50.02 and its category rows from a run with its dimension accuracies", () => {
    const items = Object.entries(GPT_4O).flatMap(([dimension, [accuracy]]) => categoryRun(dimension, { taskCode: dimension }, countsFor(accuracy)));
    const run = scoreRun(profile, items);
    expect(run.overall.accuracy!.toFixed(2)).toBe('50.02');
    expect(run.byCategory.Perception!.accuracy!.toFixed(2)).toBe('51.61');
    expect(run.byCategory.Understanding!.accuracy!.toFixed(2)).toBe('49.31');
    expect(run.byCategory.Reasoning!.accuracy!.toFixed(2)).toBe('48.71');
    expect(run.overall.score).toBeNull();
    expect(run.notes).toContain('RTV-Bench: no question group has a q2 question, so there is no Score.');
  });

  it("pools the overall Score over groups, unlike the mean of the dimensions' Scores", () => {
    const run = scoreRun(profile, [member('A', 'q2', true, 'TP'), member('B', 'q2', false, 'VP'), member('C', 'q2', false, 'VP'), member('D', 'q2', true, 'VP')]);
    expect(run.byCategory.TP!.score).toBe(100);
    expect(run.byCategory.VP!.score).toBeCloseTo(100 / 3, 10);
    expect(run.overall.score).toBe(50); // 2 of 4 q2, not (100 + 33.3) / 2
  });
});
