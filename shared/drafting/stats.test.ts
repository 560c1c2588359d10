import { describe, expect, it } from 'vitest';
import type { DraftView } from './drafts';
import { draftStats } from './stats';

const draft = (status: DraftView['status'], decidedBy: string | null, task = 't1', current: string | null = 'x'): DraftView =>
  ({ id: Math.random().toString(36), videoId: 'v', kind: 'caption', target: task, at: 0, madeId: 'm', status, decidedBy, decidedAt: null, createdAt: '', current, task, provenance: {} as DraftView['provenance'] });

describe('draft statistics', () => {
  it('tallies per person and task, with the corrected share VSAS reports (edited ÷ kept)', () => {
    // VSAS-like: 9 accepted unchanged, 1 edited → 10 % corrected
    const drafts = [...Array.from({ length: 9 }, () => draft('accepted', 'ann')), draft('edited', 'ann'), draft('rejected', 'bo', 't2'), draft('draft', null, 't2'), draft('failed', null, 't2'), draft('empty', null, 't2')];
    const stats = draftStats(drafts);
    expect(stats.total).toEqual({ accepted: 9, edited: 1, rejected: 1, undecided: 1, failed: 1, correctedShare: 0.1 });
    expect(stats.byPerson).toEqual([
      { person: 'ann', accepted: 9, edited: 1, rejected: 0, undecided: 0, failed: 0, correctedShare: 0.1 },
      { person: 'bo', accepted: 0, edited: 0, rejected: 1, undecided: 0, failed: 0, correctedShare: null },
    ]);
    expect(stats.byTask.map((t) => [t.task, t.accepted, t.rejected, t.undecided])).toEqual([['t1', 9, 0, 0], ['t2', 0, 1, 1]]);
  });
  it('counts an undecided draft whose mark a person wrote over as edited', () => {
    expect(draftStats([draft('draft', null, 't1', null)]).total).toMatchObject({ edited: 1, undecided: 0 });
  });
});
