import { describe, expect, it } from 'vitest';
import type { DraftProvenance, DraftView } from './drafts';
import { draftSpend, draftStats } from './stats';

type Spend = Pick<DraftProvenance, 'inputTokens' | 'outputTokens' | 'costUsd' | 'check'>;
const NOTHING: Spend = { inputTokens: 0, outputTokens: 0, costUsd: 0, check: null };
const draft = (status: DraftView['status'], decidedBy: string | null, task = 't1', current: string | null = 'x', spend: Spend = NOTHING): DraftView => ({
  id: Math.random().toString(36),
  videoId: 'v',
  kind: 'caption',
  target: task,
  at: 0,
  madeId: 'm',
  status,
  decidedBy,
  decidedAt: null,
  createdAt: '',
  current,
  task,
  provenance: spend as DraftView['provenance'],
});
const check = (inputTokens: number, outputTokens: number, costUsd: number): NonNullable<DraftProvenance['check']> => ({
  cutoff: 4,
  supported: true,
  reason: '',
  frameTimes: [0, 4],
  inputTokens,
  outputTokens,
  costUsd,
  raw: null,
});

describe('draft statistics', () => {
  it('tallies per person and task, with the corrected share VSAS reports (edited ÷ kept)', () => {
    // VSAS-like: 9 accepted unchanged, 1 edited → 10 % corrected
    const drafts = [
      ...Array.from({ length: 9 }, () => draft('accepted', 'ann')),
      draft('edited', 'ann'),
      draft('rejected', 'bo', 't2'),
      draft('draft', null, 't2'),
      draft('failed', null, 't2'),
      draft('empty', null, 't2'),
    ];
    const stats = draftStats(drafts);
    const free = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    expect(stats.total).toEqual({ accepted: 9, edited: 1, rejected: 1, undecided: 1, failed: 1, correctedShare: 0.1, ...free });
    expect(stats.byPerson).toEqual([
      { person: 'ann', accepted: 9, edited: 1, rejected: 0, undecided: 0, failed: 0, correctedShare: 0.1, ...free },
      { person: 'bo', accepted: 0, edited: 0, rejected: 1, undecided: 0, failed: 0, correctedShare: null, ...free },
    ]);
    expect(stats.byTask.map((t) => [t.task, t.accepted, t.rejected, t.undecided])).toEqual([
      ['t1', 9, 0, 0],
      ['t2', 0, 1, 1],
    ]);
  });
  it('counts an undecided draft whose mark a person wrote over as edited', () => {
    expect(draftStats([draft('draft', null, 't1', null)]).total).toMatchObject({ edited: 1, undecided: 0 });
  });
  it('adds up what the drafts cost: failed and empty ones too, and a candidate question’s cutoff check', () => {
    expect(draftSpend({ inputTokens: 1000, outputTokens: 10, costUsd: 0.002, check: check(600, 20, 0.0015) })).toEqual({ inputTokens: 1600, outputTokens: 30, costUsd: 0.0035 });
    const drafts = [
      draft('accepted', 'ann', 't1', 'x', { inputTokens: 1000, outputTokens: 10, costUsd: 0.002, check: null }),
      draft('failed', null, 't1', null, { inputTokens: 500, outputTokens: 0, costUsd: 0.001, check: null }),
      draft('empty', null, 't2', null, { inputTokens: 800, outputTokens: 5, costUsd: 0.0016, check: null }),
      draft('draft', null, 't2', 'q', { inputTokens: 1000, outputTokens: 10, costUsd: 0.002, check: check(600, 20, 0.0015) }),
    ];
    const stats = draftStats(drafts);
    expect(stats.total).toMatchObject({ inputTokens: 3900, outputTokens: 45 });
    expect(stats.total.costUsd).toBeCloseTo(0.0081, 12);
    expect(stats.byTask.map((t) => [t.task, t.inputTokens, t.outputTokens])).toEqual([
      ['t1', 1500, 10],
      ['t2', 2400, 35],
    ]);
    expect(stats.byPerson).toEqual([expect.objectContaining({ person: 'ann', inputTokens: 1000, outputTokens: 10, costUsd: 0.002 })]);
  });
});
