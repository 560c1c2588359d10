import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjudicationItem, ReviewContext } from '../../../../shared/review/types';
import type { Review } from '../../../../shared/reviews';
import { emit, on } from '../effects';
import { getState, setState } from '../store';
import { point, question, state } from '../test-support/fixtures';

const calls: Array<{ method: string; request: unknown }> = [];
let answers: Record<string, unknown> = {};
vi.mock('../../api/client', () => ({
  call: async (method: string, request: unknown) => {
    calls.push({ method, request });
    const value = answers[method];
    if (value instanceof Error) throw value;
    return value;
  },
}));
const { openQueueItem, setDraftAnswer, setReason, setVerdict, submitReview } = await import('./blind-review-actions');
const { decide, editDecision, openAdjudicationItem } = await import('./adjudication-actions');
const { registerReview } = await import('./register');
registerReview();

const q = question('q', 'p', { answerKind: 'text', text: 'What is written?', createdBy: 'ann' });
const points = [point('p1', 'q', 5, { evidence: [[2, 4]] })];
const mine: Review = {
  id: 'r',
  questionId: 'q',
  reviewer: 'rita',
  round: 1,
  answers: [{ queryPointId: 'p1', answer: 'blue' }],
  verdict: 'revise',
  reason: 'wrong answer',
  notes: '',
  secondsSpent: 42,
  guidelineVersion: null,
  against: null,
  createdAt: 'now',
  updatedAt: 'now',
};
const blind: ReviewContext = { questionId: 'q', mine: null, authorAnswers: null, otherReviews: [], decision: null, rounds: [1] };
const seen: string[] = [];
// what the other features do on these hooks: select the video (its annotations arrive), show the question
on('selectVideo', (videoId) => {
  seen.push(`select ${videoId}`);
  setState({ selectedVideoId: videoId, questions: [q], queryPoints: points });
});
on('showQuestion', (id) => void seen.push(`show ${id}`));
on('annotationsChanged', () => void seen.push('reload annotations'));

describe('blind review actions', () => {
  beforeEach(() => {
    calls.length = 0;
    seen.length = 0;
    answers = { 'reviews.context': blind, 'reviews.queue': [], 'rounds.list': [] };
    setState(state({ overlay: 'review', selectedVideoId: null }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000);
  });
  afterEach(() => vi.useRealTimers());

  it('opening an item closes the overlay, selects its video and question, starts an empty form and asks for its context', async () => {
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    expect(seen).toEqual(['select v1', 'show q']);
    expect(getState()).toMatchObject({ overlay: null, reviewing: { questionId: 'q', round: 1, openedAt: 10_000 }, reviewContext: blind });
    expect(getState().reviewDraft?.answers).toEqual({ p1: { answer: '', evidence: [] } });
    expect(calls.map((c) => c.method)).toEqual(['reviews.context', 'rounds.list']);
  });

  it('an incomplete form is not sent; a complete one goes with the seconds spent, then shows the author’s answers and reloads', async () => {
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    calls.length = 0;
    expect(await submitReview()).toBe(false);
    expect(getState().reviewError).toBe('Give your answer at 5.00 s.');
    expect(calls).toEqual([]);

    setDraftAnswer('p1', 'blue');
    setVerdict('revise');
    setReason('wrong answer');
    vi.setSystemTime(52_400);
    answers['reviews.submit'] = mine;
    answers['reviews.context'] = { ...blind, mine, authorAnswers: [{ queryPointId: 'p1', answer: 'crimson' }] };
    seen.length = 0;
    expect(await submitReview()).toBe(true);
    expect(calls[0]).toEqual({
      method: 'reviews.submit',
      request: { questionId: 'q', round: 1, answers: [{ queryPointId: 'p1', answer: 'blue' }], verdict: 'revise', reason: 'wrong answer', notes: '', secondsSpent: 42 },
    });
    expect(calls.map((c) => c.method)).toEqual(['reviews.submit', 'reviews.context', 'reviews.queue']);
    expect(getState().reviewContext?.authorAnswers).toEqual([{ queryPointId: 'p1', answer: 'crimson' }]);
    expect(seen).toEqual(['reload annotations']);
    // submitted: a second submit sends nothing
    expect(await submitReview()).toBe(false);
  });

  it('a refusal is shown in the form, not the page banner', async () => {
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    setDraftAnswer('p1', 'blue');
    setVerdict('accept');
    answers['reviews.submit'] = new Error('This item is not assigned to you.');
    expect(await submitReview()).toBe(false);
    expect(getState()).toMatchObject({ reviewError: 'This item is not assigned to you.', error: null });
  });

  it('another video chosen leaves the open item', async () => {
    await openQueueItem({ questionId: 'q', videoId: 'v1', round: 1 });
    await emit('videoSelected', 'v2');
    expect(getState()).toMatchObject({ reviewing: null, reviewDraft: null, reviewContext: null });
  });
});

describe('adjudication and identity actions', () => {
  beforeEach(() => {
    calls.length = 0;
    seen.length = 0;
    setState(state({ overlay: 'review' }));
  });

  it('a decision is sent, then the queue, the rounds and the question are reloaded', async () => {
    const item: AdjudicationItem = {
      round: 1,
      question: q,
      queryPoints: [point('p1', 'q', 5, { answer: 'crimson' })],
      authorAnswers: [{ queryPointId: 'p1', answer: 'crimson' }],
      reviews: [mine],
      agreement: [{ queryPointId: 'p1', reviewId: 'r', agrees: false }],
      decision: null,
    };
    answers = {
      'adjudication.queue': [],
      'rounds.list': [],
      'adjudication.decide': {
        id: 'd',
        questionId: 'q',
        round: 1,
        decision: 'keep-reviewer',
        reviewId: 'r',
        answers: [],
        reason: 'wrong answer',
        notes: '',
        guidelineVersion: null,
        adjudicator: 'ada',
        createdAt: 'now',
      },
    };
    setState({ adjudicationQueue: [item] });
    await openAdjudicationItem(item);
    expect(getState()).toMatchObject({ overlay: null, adjudicating: { questionId: 'q', round: 1 } });
    editDecision({ decision: 'keep-reviewer', reviewId: 'r', reason: 'wrong answer' });
    seen.length = 0;
    expect(await decide()).toBe(true);
    expect(calls.find((c) => c.method === 'adjudication.decide')?.request).toMatchObject({
      questionId: 'q',
      decision: 'keep-reviewer',
      reviewId: 'r',
      answers: [{ queryPointId: 'p1', answer: 'blue' }],
    });
    expect(calls.map((c) => c.method)).toEqual(expect.arrayContaining(['adjudication.queue', 'rounds.list']));
    expect(seen).toEqual(['reload annotations']);
    expect(getState()).toMatchObject({ adjudicating: null, status: 'Decision recorded: keep reviewer (wrong answer)' });
  });
});
