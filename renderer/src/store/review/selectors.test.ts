import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../shared/api';
import type { Role } from '../../../../shared/domain';
import type { AdjudicationItem, AgreementReport, Funnel, PairAgreement, QueueItem } from '../../../../shared/review/types';
import type { Review } from '../../../../shared/reviews';
import { point, question, state } from '../test-support/fixtures';
import {
  adjudicationRows,
  currentReviewTab,
  decisionRequest,
  funnelSteps,
  heatCells,
  kappaBars,
  nextQueueItem,
  previewStrata,
  queueByRound,
  reportFileName,
  reviewComparison,
  reviewLanes,
  reviewPoints,
  reviewRequest,
  reviewTabsFor,
} from './selectors';

const info = (role: Role, person = 'ana'): AppInfo => ({
  version: '0',
  mode: 'browser',
  nativeDialogs: false,
  dataDir: '/d',
  caller: { person, role },
  ffmpeg: { source: 'bundled', ffmpeg: 'f', ffprobe: 'p' },
});

const item = (questionId: string, round: number, done = false): QueueItem => ({
  round,
  roundName: `R${round}`,
  questionId,
  videoId: 'v1',
  videoName: 'a.mp4',
  text: `text of ${questionId}`,
  taskCode: '1.1',
  done,
});

const review = (id: string, reviewer: string, answers: Review['answers']): Review => ({
  id,
  questionId: 'q',
  reviewer,
  round: 1,
  answers,
  verdict: 'revise',
  reason: 'wrong answer',
  notes: '',
  secondsSpent: 10,
  guidelineVersion: null,
  against: null,
  createdAt: 'now',
  updatedAt: 'now',
});

const funnel: Funnel = { items: 10, reviewed: 8, agreed: 5, escalated: 3, accepted: 6, revised: 1, rejected: 1, awaitingDecision: 1 };

const pair = (over: Partial<PairAgreement>): PairAgreement => ({
  on: 'answers',
  answerKind: 'choice',
  stratum: 'all',
  a: 'ana',
  b: 'bo',
  units: 20,
  percent: 0.9,
  percentCi95: [0.699, 0.972],
  kappa: 0.7,
  kappaLinear: null,
  kappaQuadratic: null,
  ci95: [0.5, 0.9],
  band: 'substantial',
  matrix: {
    labels: ['A', 'B'],
    counts: [
      [8, 1],
      [1, 10],
    ],
  },
  withinTolerance: null,
  ...over,
});

describe('review selectors: roles and tabs', () => {
  it('a lead has every tab; a reviewer the queue, guidelines and people (for their own passphrase); deciding and reporting go with their roles', () => {
    expect(reviewTabsFor('lead')).toEqual(['queue', 'rounds', 'people', 'guidelines', 'adjudication', 'report']);
    expect(reviewTabsFor('reviewer')).toEqual(['queue', 'guidelines', 'people']);
    expect(reviewTabsFor('adjudicator')).toEqual(['queue', 'adjudication', 'guidelines', 'report', 'people']);
    expect(reviewTabsFor('researcher')).toContain('report');
    expect(reviewTabsFor('annotator')).toEqual(['queue', 'guidelines', 'report', 'people']);
    expect(reviewTabsFor(null)).toEqual(['queue', 'guidelines']);
  });
  it('shows the chosen tab only when the role has it', () => {
    expect(currentReviewTab(state({ info: info('lead'), reviewTab: 'rounds' }))).toBe('rounds');
    expect(currentReviewTab(state({ info: info('reviewer'), reviewTab: 'rounds' }))).toBe('queue');
  });
});

describe('review selectors: the queue', () => {
  const reviewQueue = [item('a', 2), item('b', 1, true), item('c', 1), item('d', 2, true)];
  it('groups the caller’s items by round with done/assigned, the same answer while the queue is the same', () => {
    const s = state({ reviewQueue });
    const groups = queueByRound(s);
    expect(groups.map((g) => [g.round, g.roundName, g.done, g.items.length])).toEqual([
      [1, 'R1', 1, 2],
      [2, 'R2', 1, 2],
    ]);
    expect(queueByRound(state({ reviewQueue }))).toBe(groups);
  });
  it('offers the next item still to review after the open one, wrapping to the first', () => {
    expect(nextQueueItem(state({ reviewQueue }))?.questionId).toBe('a');
    const open = (questionId: string, round: number) => ({ questionId, round, videoId: 'v1', openedAt: 0 });
    expect(nextQueueItem(state({ reviewQueue, reviewing: open('a', 2) }))?.questionId).toBe('c');
    expect(nextQueueItem(state({ reviewQueue, reviewing: open('c', 1) }))?.questionId).toBe('a');
    expect(nextQueueItem(state({ reviewQueue: [item('a', 1, true)] }))).toBeNull();
  });
});

describe('review selectors: the item under review', () => {
  const questions = [question('q', 'p', { answerKind: 'choice', options: { A: 'one', B: 'two' } })];
  const queryPoints = [point('p2', 'q', 9), point('p1', 'q', 4), point('x', 'other', 1)];
  const reviewing = { questionId: 'q', videoId: 'v1', round: 1, openedAt: 1_000 };

  it('lists the item’s query points in time order', () => {
    expect(reviewPoints(state({ questions, queryPoints, reviewing })).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(reviewPoints(state({ questions, queryPoints }))).toEqual([]);
  });
  it('builds the review request with the seconds spent since the item was opened', () => {
    const reviewDraft = {
      answers: { p1: { answer: 'b', evidence: [[2, 4]] as Array<[number, number]> }, p2: { answer: 'A', evidence: [] } },
      verdict: 'revise' as const,
      reason: 'wrong answer' as const,
      notes: 'n',
    };
    const result = reviewRequest(state({ questions, queryPoints, reviewing, reviewDraft }), 43_400);
    expect(result).toEqual({
      ok: true,
      request: {
        questionId: 'q',
        round: 1,
        verdict: 'revise',
        reason: 'wrong answer',
        notes: 'n',
        secondsSpent: 42,
        answers: [
          { queryPointId: 'p1', answer: 'B', evidence: [[2, 4]] },
          { queryPointId: 'p2', answer: 'A' },
        ],
      },
    });
    expect(reviewRequest(state({ questions, queryPoints }), 0).ok).toBe(false);
  });
  it('after a submit, puts the reviewer’s answers next to the author’s, marking agreement', () => {
    const mine = review('r', 'bo', [
      { queryPointId: 'p1', answer: 'B' },
      { queryPointId: 'p2', answer: 'a' },
    ]);
    const reviewContext = {
      questionId: 'q',
      mine,
      authorAnswers: [
        { queryPointId: 'p1', answer: 'A' },
        { queryPointId: 'p2', answer: 'A' },
      ],
      otherReviews: [],
      decision: null,
      rounds: [1],
    };
    const rows = reviewComparison(state({ questions, queryPoints, reviewing, reviewContext }));
    expect(rows.map((r) => [r.queryPointId, r.mine, r.author, r.agrees])).toEqual([
      ['p1', 'B', 'A', false],
      ['p2', 'a', 'A', true],
    ]);
    // blind (no author's answers yet): nothing to compare
    expect(reviewComparison(state({ questions, queryPoints, reviewing, reviewContext: { ...reviewContext, authorAnswers: null } }))).toEqual([]);
  });
  it('compares a counting item with the key its marks give where no count is stored, and says so', () => {
    const counted = [question('c', 'p', { answerKind: 'number', counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } })];
    const points = [point('c1', 'c', 1), point('c2', 'c', 5), point('c3', 'c', 10)];
    const mine = {
      ...review(
        'r',
        'bo',
        points.map((p, i) => ({ queryPointId: p.id, answer: i })),
      ),
      questionId: 'c',
    };
    const authorAnswers = points.map((p, i) => ({ queryPointId: p.id, answer: i, fromMarks: true as const }));
    const rows = reviewComparison(
      state({
        questions: counted,
        queryPoints: points,
        reviewing: { ...reviewing, questionId: 'c' },
        reviewContext: { questionId: 'c', mine, authorAnswers, otherReviews: [], decision: null, rounds: [1] },
      }),
    );
    expect(rows.map((r) => [r.author, r.fromMarks, r.agrees])).toEqual([
      [0, true, true],
      [1, true, true],
      [2, true, true],
    ]);
  });
  it('draws the reviewer’s own evidence as a lane, only on the item’s video', () => {
    const reviewDraft = { answers: { p1: { answer: '', evidence: [[2, 4]] as Array<[number, number]> } }, verdict: null, reason: null, notes: '' };
    const lanes = reviewLanes(state({ questions, queryPoints, reviewing, reviewDraft }));
    expect(lanes).toEqual([expect.objectContaining({ label: 'your evidence', intervals: [[2, 4]] })]);
    expect(reviewLanes(state({ questions, queryPoints, reviewing, reviewDraft, selectedVideoId: 'other' }))).toEqual([]);
    expect(reviewLanes(state())).toEqual([]);
  });
});

describe('review selectors: adjudication', () => {
  const q = question('q', 'p', { answerKind: 'choice', options: { A: 'one', B: 'two' }, createdBy: 'ana' });
  const points = [point('p2', 'q', 9, { answer: 'A', evidence: [[5, 8]] }), point('p1', 'q', 4, { answer: 'A', evidence: [[1, 3]] })];
  const r1 = review('r1', 'bo', [
    { queryPointId: 'p1', answer: 'B', evidence: [[2, 4]] },
    { queryPointId: 'p2', answer: 'A' },
  ]);
  const r2 = review('r2', 'cy', [
    { queryPointId: 'p1', answer: 'A' },
    { queryPointId: 'p2', answer: 'A', events: [6] },
  ]);
  const escalated: AdjudicationItem = {
    round: 1,
    question: q,
    queryPoints: points,
    authorAnswers: [
      { queryPointId: 'p1', answer: 'A' },
      { queryPointId: 'p2', answer: 'A' },
    ],
    reviews: [r1, r2],
    decision: null,
    agreement: [
      { queryPointId: 'p1', reviewId: 'r1', agrees: false },
      { queryPointId: 'p2', reviewId: 'r1', agrees: true },
      { queryPointId: 'p1', reviewId: 'r2', agrees: true },
      { queryPointId: 'p2', reviewId: 'r2', agrees: true },
    ],
  };
  const s = state({
    adjudicationQueue: [escalated],
    adjudicating: { questionId: 'q', round: 1 },
    decisionDraft: { decision: 'keep-reviewer', reviewId: 'r1', answers: {}, reason: 'wrong answer', notes: '' },
  });

  it('puts the author’s and each reviewer’s answer side by side per query point, with the services’ agreement', () => {
    const rows = adjudicationRows(s);
    expect(rows.map((r) => [r.point.id, r.author, r.reviews.map((x) => `${x.review.reviewer}:${String(x.answer)}:${x.agrees}`)])).toEqual([
      ['p1', 'A', ['bo:B:false', 'cy:A:true']],
      ['p2', 'A', ['bo:A:true', 'cy:A:true']],
    ]);
  });
  it('shows the key of a counting item authored by marking as the author’s answer, from the marks', () => {
    const counted = question('c', 'p', { answerKind: 'number', createdBy: 'ana', counting: { subcategory: 'E1-Transit', target: 'cuts', windowSeconds: null } });
    const cPoints = [point('c2', 'c', 5), point('c1', 'c', 1)];
    const rev = {
      ...review('rc', 'bo', [
        { queryPointId: 'c1', answer: 0 },
        { queryPointId: 'c2', answer: 3 },
      ]),
      questionId: 'c',
    };
    const item: AdjudicationItem = {
      round: 1,
      question: counted,
      queryPoints: cPoints,
      reviews: [rev],
      decision: null,
      authorAnswers: [
        { queryPointId: 'c1', answer: 0, fromMarks: true },
        { queryPointId: 'c2', answer: 1, fromMarks: true },
      ],
      agreement: [
        { queryPointId: 'c1', reviewId: 'rc', agrees: true },
        { queryPointId: 'c2', reviewId: 'rc', agrees: false },
      ],
    };
    const rows = adjudicationRows(state({ adjudicationQueue: [item], adjudicating: { questionId: 'c', round: 1 } }));
    expect(rows.map((r) => [r.point.id, r.author, r.authorFromMarks, r.reviews[0]!.agrees])).toEqual([
      ['c1', 0, true, true],
      ['c2', 1, true, false],
    ]);
    expect(adjudicationRows(s).map((r) => r.authorFromMarks)).toEqual([false, false]);
  });
  it('gives the author and each reviewer a lane of their own evidence', () => {
    const lanes = reviewLanes(s);
    expect(lanes.map((l) => [l.label, l.intervals, l.moments])).toEqual([
      [
        'author · ana',
        [
          [5, 8],
          [1, 3],
        ],
        [],
      ],
      ['reviewer · bo', [[2, 4]], []],
      ['reviewer · cy', [], [6]],
    ]);
    expect(reviewLanes(s)).toBe(lanes); // the same lanes while nothing changed: the timeline does not repaint
  });
  it('keeping a reviewer’s answer copies that review’s answers into the decision', () => {
    expect(decisionRequest(s)).toEqual({
      ok: true,
      request: {
        questionId: 'q',
        round: 1,
        decision: 'keep-reviewer',
        reviewId: 'r1',
        reason: 'wrong answer',
        notes: '',
        answers: [
          { queryPointId: 'p1', answer: 'B' },
          { queryPointId: 'p2', answer: 'A' },
        ],
      },
    });
  });
});

describe('review selectors: funnels and the report', () => {
  it('lists a funnel in the order items move through it', () => {
    expect(funnelSteps(funnel).map((f) => `${f.label}=${f.value}`)).toEqual(['items=10', 'reviewed=8', 'agreed=5', 'escalated=3', 'awaiting decision=1', 'accepted=6', 'revised=1', 'rejected=1']);
  });
  it('orders a preview’s strata largest first', () => {
    expect(previewStrata({ questions: 6, byStratum: { L2: 1, L1: 3, L3: 1 }, shortOfReviewers: 0 })).toEqual([
      ['L1', 3],
      ['L2', 1],
      ['L3', 1],
    ]);
  });
  it('charts κ per stratum with its Landis–Koch band, leaving out pairs without one', () => {
    const report = {
      pairs: [pair({}), pair({ stratum: 'L1', kappa: 0.1, band: null }), pair({ stratum: 'L2', kappa: null }), pair({ on: 'verdicts', answerKind: null, kappa: 0.9 })],
    } as AgreementReport;
    expect(kappaBars(report, 'answers').map((b) => [b.label, b.kappa, b.band])).toEqual([
      ['choice · all · ana–bo', 0.7, 'substantial'],
      ['choice · L1 · ana–bo', 0.1, 'slight'],
    ]);
    expect(kappaBars(report, 'verdicts')).toHaveLength(1);
  });
  it('shades a confusion matrix by each cell’s share of the largest', () => {
    const cells = heatCells({
      labels: ['A', 'B'],
      counts: [
        [8, 2],
        [0, 4],
      ],
    });
    expect(cells.map((row) => row.map((c) => c.shade))).toEqual([
      [1, 0.25],
      [0, 0.5],
    ]);
    expect(cells[1]![1]!.diagonal).toBe(true);
    expect(heatCells({ labels: ['A'], counts: [[0]] })[0]![0]!.shade).toBe(0);
  });
  it('names the report’s files by round and strata', () => {
    expect(reportFileName({ round: 2, by: 'level' }, 'md')).toBe('tidemark-agreement-round-2-by-level.md');
    expect(reportFileName({ round: null, by: 'none' }, 'csv')).toBe('tidemark-agreement-all-rounds.csv');
  });
});
