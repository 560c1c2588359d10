// Pure selectors of the review slice. Those returning new arrays keep the last answer while their
// inputs are the same objects, so components and the timeline can compare them by identity.
import type { ApiRequest } from '../../../../shared/api';
import { landisKoch } from '../../../../shared/agreement/metrics';
import type { Role } from '../../../../shared/domain';
import type { QueryPoint, Question } from '../../../../shared/questions';
import type { AdjudicationItem, AgreementReport, ConfusionMatrix, Funnel, PairAgreement, QueueItem, ReviewContext, RoundPreview } from '../../../../shared/review/types';
import type { Review } from '../../../../shared/reviews';
import type { ExtraLane } from '../../timeline/extra-lanes';
import type { State } from '../store';
import { answersAgree } from '../../../../shared/review/compare';
import type { Answer } from '../../../../shared/questions';
import { decisionSubmission, reviewSubmission, type Submission } from './draft';
import { lastOf } from '../memo';
import { reviewTabs, type ReviewDraft, type ReviewTab } from './state';

// ── who may do what (the services decide; the overlay shows what fits the role) ──

export const callerRole = (s: State): Role | null => s.info?.caller.role ?? null;
export const callerName = (s: State): string | null => s.info?.caller.person ?? null;
export const isLead = (s: State): boolean => callerRole(s) === 'lead';

/**
 * The overlay's tabs for a role: everyone has a queue and the guidelines; deciding and reporting go
 * with their roles (a reviewer, blind, gets no report). Everyone signed in has the people, last (the
 * number keys of the tabs before it stay): each protects their own name with a passphrase there.
 */
export function reviewTabsFor(role: Role | null): ReviewTab[] {
  switch (role) {
    case 'lead':
      return [...reviewTabs];
    case 'adjudicator':
      return ['queue', 'adjudication', 'guidelines', 'report', 'people'];
    case 'researcher':
    case 'annotator':
      return ['queue', 'guidelines', 'report', 'people'];
    case 'reviewer':
      return ['queue', 'guidelines', 'people'];
    case null:
      return ['queue', 'guidelines'];
  }
}

/** The tab shown: the one chosen when the role has it, else the role's first. */
export const currentReviewTab = (s: State): ReviewTab => {
  const tabs = reviewTabsFor(callerRole(s));
  return tabs.includes(s.reviewTab) ? s.reviewTab : tabs[0]!;
};

// ── the queue ──

interface QueueRound {
  round: number;
  roundName: string;
  items: QueueItem[];
  done: number;
}

const groupQueue = lastOf((queue: readonly QueueItem[]): QueueRound[] => {
  const byRound = new Map<number, QueueRound>();
  for (const item of queue) {
    const group = byRound.get(item.round) ?? { round: item.round, roundName: item.roundName, items: [], done: 0 };
    group.items.push(item);
    if (item.done) group.done++;
    byRound.set(item.round, group);
  }
  return [...byRound.values()].sort((a, b) => a.round - b.round);
});

/** The caller's assignments grouped by round, with "done/assigned". */
export const queueByRound = (s: State): QueueRound[] => groupQueue(s.reviewQueue);

/** The next item still to review after the one open (or the first), for "Next item". */
export const nextQueueItem = (s: State): QueueItem | null => {
  const open = s.reviewing;
  const pending = s.reviewQueue.filter((i) => !i.done && !(open && i.questionId === open.questionId && i.round === open.round));
  if (!open) return pending[0] ?? null;
  const at = s.reviewQueue.findIndex((i) => i.questionId === open.questionId && i.round === open.round);
  return pending.find((i) => s.reviewQueue.indexOf(i) > at) ?? pending[0] ?? null;
};

// ── the item under review ──

export const reviewQuestion = (s: State): Question | null => (s.reviewing ? (s.questions.find((q) => q.id === s.reviewing!.questionId) ?? null) : null);

const sortedPoints = lastOf((all: readonly QueryPoint[], questionId: string | null): QueryPoint[] =>
  questionId === null ? [] : all.filter((p) => p.questionId === questionId).sort((a, b) => a.time - b.time),
);

/** The query points of the item under review, in time order. */
export const reviewPoints = (s: State): QueryPoint[] => sortedPoints(s.queryPoints, s.reviewing?.questionId ?? null);

/** Submitted already: the services then send the author's answers, and the form shows the comparison. */
export const reviewSubmitted = (s: State): boolean => Boolean(s.reviewContext?.mine);

/** The request the form would send now, or what it still needs. */
export const reviewRequest = (s: State, now: number): Submission<ApiRequest<'reviews.submit'>> => {
  const question = reviewQuestion(s);
  if (!s.reviewing || !s.reviewDraft || !question) return { ok: false, error: 'Open an item of your queue first.' };
  return reviewSubmission(s.reviewDraft, s.reviewing, question, reviewPoints(s), now);
};

interface ComparedAnswer {
  queryPointId: string;
  time: number;
  mine: unknown;
  /** The answer key (the author's answer, or the count their marks give). */
  author: unknown;
  /** The key is the count the marks give: no count is stored. */
  fromMarks: boolean;
  agrees: boolean;
}

/** An answer the author's side sent as unknown, as the comparison reads it. */
const asAnswer = (value: unknown): Answer => (typeof value === 'string' || typeof value === 'number' ? value : null);

const compare = lastOf(
  (mine: Review | null | undefined, author: ReviewContext['authorAnswers'] | undefined, points: readonly QueryPoint[], question: Question | null, tolerance: number): ComparedAnswer[] => {
    if (!mine || !author || !question) return [];
    return points.map((p) => {
      const m = mine.answers.find((a) => a.queryPointId === p.id)?.answer ?? null;
      const key = author.find((x) => x.queryPointId === p.id);
      const a = asAnswer(key?.answer);
      return { queryPointId: p.id, time: p.time, mine: m, author: a, fromMarks: key?.fromMarks === true, agrees: answersAgree(m, a, question.answerKind, tolerance) };
    });
  },
);

/**
 * After a submit: the reviewer's answer next to the author's at each query point, compared as the
 * services compare them (shared/review/compare.ts), numbers within the round's tolerance when known.
 */
export const reviewComparison = (s: State): ComparedAnswer[] => {
  const tolerance = s.rounds.find((r) => r.number === s.reviewing?.round)?.numericTolerance ?? 0;
  return compare(s.reviewContext?.mine, s.reviewContext?.authorAnswers, reviewPoints(s), reviewQuestion(s), tolerance);
};

// ── adjudication ──

export const adjudicationItem = (s: State): AdjudicationItem | null => {
  const open = s.adjudicating;
  return open ? (s.adjudicationQueue.find((i) => i.question.id === open.questionId && i.round === open.round) ?? null) : null;
};

interface AdjudicationRow {
  point: QueryPoint;
  /** The answer key the reviews were compared with (the author's answer, or the count their marks give). */
  author: unknown;
  /** The key is the count the marks give: no count is stored. */
  authorFromMarks: boolean;
  reviews: Array<{ review: Review; answer: unknown; agrees: boolean | null }>;
}

const rowsOf = lastOf((item: AdjudicationItem | null): AdjudicationRow[] => {
  if (!item) return [];
  return [...item.queryPoints]
    .sort((a, b) => a.time - b.time)
    .map((point) => {
      const key = item.authorAnswers.find((a) => a.queryPointId === point.id);
      return {
        point,
        author: key ? key.answer : point.answer,
        authorFromMarks: key?.fromMarks === true,
        reviews: item.reviews.map((review) => ({
          review,
          answer: review.answers.find((a) => a.queryPointId === point.id)?.answer ?? null,
          agrees: item.agreement.find((g) => g.queryPointId === point.id && g.reviewId === review.id)?.agrees ?? null,
        })),
      };
    });
});

/** Per query point, the author's answer and each reviewer's side by side, with the services' agree / disagree. */
export const adjudicationRows = (s: State): AdjudicationRow[] => rowsOf(adjudicationItem(s));

export const decisionRequest = (s: State): Submission<ApiRequest<'adjudication.decide'>> => {
  const item = adjudicationItem(s);
  if (!item || !s.decisionDraft) return { ok: false, error: 'Open an escalated item first.' };
  return decisionSubmission(s.decisionDraft, item);
};

// ── review lanes on the timeline ──

export const LANE_COLOURS = { author: '#4fa3ff', you: '#e9c46a', reviewers: ['#f4a261', '#2a9d8f', '#c77dff', '#ef476f', '#8ac926', '#ffca3a'] } as const;

const evidenceOf = (answers: Review['answers'], questionPoints: ReadonlySet<string>): Array<[number, number]> =>
  answers.filter((a) => questionPoints.has(a.queryPointId)).flatMap((a) => a.evidence ?? []);
const eventsOf = (answers: Review['answers']): number[] => answers.flatMap((a) => a.events ?? []);

const adjudicationLanes = lastOf((item: AdjudicationItem | null): ExtraLane[] => {
  if (!item) return [];
  const ids = new Set(item.queryPoints.map((p) => p.id));
  return [
    { label: `author · ${item.question.createdBy}`, colour: LANE_COLOURS.author, intervals: item.queryPoints.flatMap((p) => p.evidence), moments: [] },
    ...item.reviews.map((r, i) => ({
      label: `reviewer · ${r.reviewer}`,
      colour: LANE_COLOURS.reviewers[i % LANE_COLOURS.reviewers.length]!,
      intervals: evidenceOf(r.answers, ids),
      moments: eventsOf(r.answers),
    })),
  ];
});

const ownLanes = lastOf((draft: ReviewDraft | null, mine: Review | null | undefined): ExtraLane[] => {
  const intervals = mine ? mine.answers.flatMap((a) => a.evidence ?? []) : Object.values(draft?.answers ?? {}).flatMap((a) => a.evidence);
  return intervals.length > 0 ? [{ label: 'your evidence', colour: LANE_COLOURS.you, intervals, moments: [] }] : [];
});

/** The lanes the timeline adds: while adjudicating, the author's and each reviewer's evidence; while reviewing, one's own. */
export const reviewLanes = (s: State): ExtraLane[] => {
  const item = adjudicationItem(s);
  if (item && item.question.videoId === s.selectedVideoId) return adjudicationLanes(item);
  if (s.reviewing && s.reviewing.videoId === s.selectedVideoId) return ownLanes(s.reviewDraft, s.reviewContext?.mine);
  return NO_LANES;
};
const NO_LANES: ExtraLane[] = [];

// ── rounds, funnels and the report ──

interface FunnelStep {
  key: keyof Funnel;
  label: string;
  value: number;
}

const FUNNEL_STEPS: Array<[keyof Funnel, string]> = [
  ['items', 'items'],
  ['reviewed', 'reviewed'],
  ['agreed', 'agreed'],
  ['escalated', 'escalated'],
  ['awaitingDecision', 'awaiting decision'],
  ['accepted', 'accepted'],
  ['revised', 'revised'],
  ['rejected', 'rejected'],
];

/** A round's funnel in the order items move through it. */
export const funnelSteps = (funnel: Funnel): FunnelStep[] => FUNNEL_STEPS.map(([key, label]) => ({ key, label, value: funnel[key] }));

/** Strata of a preview, largest first. */
export const previewStrata = (preview: RoundPreview): Array<[string, number]> => Object.entries(preview.byStratum).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

export interface KappaBar {
  label: string;
  stratum: string;
  kappa: number;
  band: string;
  units: number;
}

/** Cohen's κ of each pair per stratum, on answers or on verdicts; pairs without a κ are left out (the report's notes say why). */
export function kappaBars(report: AgreementReport, on: PairAgreement['on']): KappaBar[] {
  return report.pairs
    .filter((p) => p.on === on && p.kappa !== null)
    .map((p) => ({ label: `${p.answerKind ? `${p.answerKind} · ` : ''}${p.stratum} · ${p.a}–${p.b}`, stratum: p.stratum, kappa: p.kappa!, band: p.band ?? landisKoch(p.kappa!), units: p.units }));
}

/** Landis & Koch's bands, for the legend of the κ chart. */
export const LANDIS_KOCH: ReadonlyArray<{ band: string; from: number; to: number }> = [
  { band: 'poor', from: -1, to: 0 },
  { band: 'slight', from: 0, to: 0.2 },
  { band: 'fair', from: 0.2, to: 0.4 },
  { band: 'moderate', from: 0.4, to: 0.6 },
  { band: 'substantial', from: 0.6, to: 0.8 },
  { band: 'almost perfect', from: 0.8, to: 1 },
];

/** A confusion matrix's cells with their share of the largest cell (the heat-map's shade), and its diagonal. */
export function heatCells(matrix: ConfusionMatrix): Array<Array<{ count: number; shade: number; diagonal: boolean }>> {
  const max = Math.max(0, ...matrix.counts.flat());
  return matrix.counts.map((row, i) => row.map((count, j) => ({ count, shade: max === 0 ? 0 : count / max, diagonal: i === j })));
}

/** A name for the report's files: tidemark-agreement-round-2-by-level.md. */
export function reportFileName(report: Pick<AgreementReport, 'round' | 'by'>, extension: 'md' | 'csv' | 'json'): string {
  const round = report.round === null ? 'all-rounds' : `round-${report.round}`;
  return `tidemark-agreement-${round}${report.by === 'none' ? '' : `-by-${report.by}`}.${extension}`;
}

/** A value of the report as it reads in tables: two decimals, or a dash. */
export const decimal = (value: number | null | undefined, digits = 2): string => (value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits));
