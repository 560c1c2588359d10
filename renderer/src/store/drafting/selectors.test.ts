import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../shared/drafting/drafts';
import type { Mark } from '../../../../shared/marks';
import { point, profile, question, state } from '../test-support/fixtures';
import { captionDraftAt, currentDraft, draftTime, nextUndecided, undecidedCount } from './selectors';

const draft = (id: string, kind: DraftView['kind'], at: number, over: Partial<DraftView> = {}): DraftView =>
  ({ id, videoId: 'v', kind, target: 'task', at, madeId: `m-${id}`, status: 'draft', decidedBy: null, decidedAt: null, createdAt: '', current: 'x', task: 'task', provenance: {} as DraftView['provenance'], ...over });
const event = (id: string, start: number): Mark => ({ id, videoId: 'v', type: 'event', start, end: null, target: 'enters', data: {} });
const at = (time: number) => ({ commanded: { time, seq: 1 }, playing: false });

describe('drafting selectors', () => {
  const profiles = [profile('vsas', { denseCaptions: true })];
  const questions = [question('task', 'vsas'), question('q1', 'vsas')];
  const modelDrafts = [
    draft('c0', 'caption', 0, { status: 'accepted' }),
    draft('c1', 'caption', 1),
    draft('c2', 'caption', 2, { current: null }), // written over: nobody's to decide
    draft('e', 'event', 9, { kind: 'event', madeId: 'ev' }),
    draft('q', 'question', 11, { madeId: 'q1' }),
    draft('c5', 'caption', 5),
  ];
  const base = { profiles, questions, modelDrafts, marks: [event('ev', 3.5)], queryPoints: [point('p', 'q1', 7)] };

  it('places a draft at its mark or its question, else at its second', () => {
    expect(modelDrafts.map((d) => draftTime(base, d))).toEqual([0, 1, 2, 3.5, 7, 5]);
  });
  it('finds the caption task’s draft at the playhead, else the selected mark’s', () => {
    expect(captionDraftAt(base, 'task', 1)?.id).toBe('c1');
    expect(currentDraft(state({ ...base, ...at(1.4), selectedQuestionId: 'task' }))?.id).toBe('c1');
    expect(currentDraft(state({ ...base, ...at(1.4), selectedMarkId: 'ev' }))?.id).toBe('e');
    expect(currentDraft(state({ ...base, ...at(1.4) }))).toBeNull();
  });
  it('goes to the next and previous undecided draft in timeline order, wrapping around', () => {
    const s = (time: number, over = {}) => state({ ...base, ...at(time), ...over });
    expect(undecidedCount(s(0))).toBe(4);
    expect(nextUndecided(s(0), 1)?.id).toBe('c1');
    expect(nextUndecided(s(1.2, { selectedQuestionId: 'task' }), 1)?.id).toBe('e'); // from the draft at the playhead
    expect(nextUndecided(s(4), 1)?.id).toBe('c5');
    expect(nextUndecided(s(8), 1)?.id).toBe('c1'); // wraps
    expect(nextUndecided(s(4), -1)?.id).toBe('e');
    expect(nextUndecided(s(0), -1)?.id).toBe('q');
  });
});
