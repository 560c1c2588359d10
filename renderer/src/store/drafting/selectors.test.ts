import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../shared/drafting/drafts';
import type { Mark } from '../../../../shared/marks';
import { point, profile, question, state } from '../test-support/fixtures';
import type { Job } from '../../../../shared/jobs';
import { captionDraftAt, currentDraft, draftSpendLine, draftTime, nextUndecided, runTotals, undecidedCount } from './selectors';

const draft = (id: string, kind: DraftView['kind'], at: number, over: Partial<DraftView> = {}): DraftView => ({
  id,
  videoId: 'v',
  kind,
  target: 'task',
  at,
  madeId: `m-${id}`,
  status: 'draft',
  decidedBy: null,
  decidedAt: null,
  createdAt: '',
  current: 'x',
  task: 'task',
  provenance: {} as DraftView['provenance'],
  ...over,
});
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

describe('what drafting spent', () => {
  const job = (
    result: Partial<NonNullable<Extract<Job, { kind: 'drafting' }>['result']>> | undefined,
    over: Partial<Extract<Job, { kind: 'drafting' }>> = {},
  ): Extract<Job, { kind: 'drafting' | 'probe' }> => ({
    id: 'j',
    kind: 'drafting',
    videoId: 'v1',
    what: 'captions',
    label: 'Draft captions for a.mp4',
    state: 'done',
    progress: 1,
    message: '',
    startedAt: 'now',
    result: result && { drafted: 11, failed: 1, skipped: 0, requests: 12, inputTokens: 11_200, outputTokens: 150, costUsd: 0.0236, cancelled: false, stoppedAtBudget: false, flagged: 0, ...result },
    ...over,
  });
  it('gives a run’s requests, tokens and cost', () => {
    expect(runTotals(job({}))).toBe('12 requests · 11,200 in / 150 out tokens · ~$0.0236');
    expect(runTotals(job({ requests: 1, inputTokens: 1, outputTokens: 1, costUsd: 0 }))).toBe('1 request · 1 in / 1 out tokens · not priced (no prices in the Endpoint tab)');
    expect(runTotals(job({ requests: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 }))).toBe('no requests sent');
    expect(runTotals(job(undefined, { state: 'failed', message: 'boom' }))).toBeNull();
  });
  it('gives a draft’s tokens, cost and latency, its cutoff check included', () => {
    const d = draft('c', 'caption', 3, { provenance: { inputTokens: 1000, outputTokens: 10, costUsd: 0.00208, latencyMs: 1234, check: null } as unknown as DraftView['provenance'] });
    expect(draftSpendLine(d)).toBe('1,000 in / 10 out tokens · $0.0021 · 1.23 s');
    const checked = { ...d, provenance: { ...d.provenance, check: { cutoff: 4, supported: true, reason: '', frameTimes: [], inputTokens: 500, outputTokens: 5, costUsd: 0.001, raw: null } } };
    expect(draftSpendLine(checked)).toBe('1,500 in / 15 out tokens (with its cutoff check) · $0.0031 · 1.23 s');
    expect(draftSpendLine({ ...d, provenance: { ...d.provenance, costUsd: 0, latencyMs: 80 } })).toBe('1,000 in / 10 out tokens · not priced · 0.08 s');
  });
});
