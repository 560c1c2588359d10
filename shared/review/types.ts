// The review workflow's shapes: people and their roles, guideline versions, review rounds (which
// items, which reviewers, how many reviews each), adjudication decisions, and what the services
// report back (queues, funnels, the agreement report).
import { z } from 'zod';
import type { AnswerKeyEntry } from '../answer-key';
import { roles, type Role } from '../domain';
import type { AnswerKind } from '../profiles';
import { answerSchema, questionStatuses, type QueryPoint, type Question } from '../questions';
import { reviewAnswerSchema, reviewReasons, reviewVerdicts, type Review } from '../reviews';

/** The roles a project may give a person: every role there is. */
export const personRoles = roles;
export type PersonRole = Role;

/** Control and invisible characters: in a name they would forge lines of a log, or show two people alike. */
export const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const personName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => !UNPRINTABLE.test(name), 'a name has no control or invisible characters (line breaks, tabs, zero-width spaces)');

export interface Person {
  id: string;
  name: string;
  roles: PersonRole[];
  createdAt: string;
  /** Whether they protect their name with a passphrase (what it is never leaves the services). */
  hasPassphrase: boolean;
}

export const guidelineFieldsSchema = z.object({
  version: z.string().trim().min(1).max(50),
  /** What changed since the previous version. */
  changes: z.string().max(10_000).default(''),
  /** Why it changed (the disagreements that prompted it). */
  why: z.string().max(10_000).default(''),
});
export type GuidelineFields = z.infer<typeof guidelineFieldsSchema>;

export interface GuidelineVersion extends GuidelineFields {
  id: string;
  createdBy: string;
  createdAt: string;
}

/** Strata a sample is drawn across: the taxonomy's top level (OVO-S L1–L4) or its leaf task code. */
export const strataKinds = ['none', 'level', 'category'] as const;
export type StrataKind = (typeof strataKinds)[number];

/** Which questions a round takes: filters, then (optionally) a seeded stratified random sample. */
export const roundSelectionSchema = z
  .object({
    profileId: z.string().min(1).max(200).nullable().default(null),
    /** Task-code prefixes ("1" = all of L1, "1.2" = a family, "1.2.3" = one type). */
    taskCodes: z.array(z.string().min(1).max(80)).max(500).default([]),
    statuses: z.array(z.enum(questionStatuses)).max(10).default([]),
    authors: z.array(personName).max(500).default([]),
    sample: z
      .object({
        size: z.number().int().min(1).max(1_000_000),
        stratifyBy: z.enum(strataKinds).default('level'),
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .default(1),
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type RoundSelection = z.infer<typeof roundSelectionSchema>;

export const roundPurposes = ['review', 'qualification'] as const;
export type RoundPurpose = (typeof roundPurposes)[number];

export const roundFieldsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** A qualification round asks reviewers to answer a gold set; κ against its answers decides. */
  purpose: z.enum(roundPurposes).default('review'),
  selection: roundSelectionSchema,
  reviewers: z.array(personName).min(1).max(500),
  reviewsPerItem: z.number().int().min(1).max(20).default(1),
  /** Qualification threshold on Cohen's κ (VCBench: κ > 0.8). */
  threshold: z.number().min(-1).max(1).default(0.8),
  /** Tolerance for numeric answers (counts): |a − b| ≤ tolerance counts as agreeing. */
  numericTolerance: z.number().min(0).max(1_000_000).default(0),
  /** Tolerance in seconds for matching event moments one to one. */
  eventTolerance: z.number().min(0).max(3600).default(1),
  guidelineVersion: z.string().max(50).nullable().default(null),
  closed: z.boolean().default(false),
});
export type RoundFields = z.infer<typeof roundFieldsSchema>;

export interface ReviewRound extends RoundFields {
  id: string;
  number: number;
  createdBy: string;
  createdAt: string;
}

export interface Assignment {
  id: string;
  roundId: string;
  questionId: string;
  reviewer: string;
}

/** Where an item stands in a round. */
export type ItemState = 'pending' | 'agreed' | 'escalated' | 'accepted' | 'revised' | 'rejected';

/** Items of a round at each step (OVO-S logs rejected / revised / accepted per round). */
export interface Funnel {
  items: number;
  /** Items with every review they were assigned. */
  reviewed: number;
  agreed: number;
  escalated: number;
  /** Decided by an adjudicator, by outcome; accepted also counts agreed items. */
  accepted: number;
  revised: number;
  rejected: number;
  /** Escalated and not yet decided. */
  awaitingDecision: number;
}

export interface RoundSummary extends ReviewRound {
  funnel: Funnel;
  /** Per reviewer: assigned and submitted. */
  progress: Array<{ reviewer: string; assigned: number; done: number }>;
}

export interface RoundPreview {
  questions: number;
  /** Stratum → questions drawn. */
  byStratum: Record<string, number>;
  /** Items that could not get enough reviewers who did not write them. */
  shortOfReviewers: number;
}

export interface QueueItem {
  round: number;
  roundName: string;
  questionId: string;
  videoId: string;
  videoName: string;
  text: string;
  taskCode: string | null;
  done: boolean;
}

export const adjudicationDecisions = ['keep-author', 'keep-reviewer', 'edit', 'reject'] as const;
export type AdjudicationDecision = (typeof adjudicationDecisions)[number];

export const adjudicationFieldsSchema = z.object({
  round: z.number().int().min(0),
  decision: z.enum(adjudicationDecisions),
  /** The review kept, for keep-reviewer. */
  reviewId: z.string().min(1).max(100).nullable().default(null),
  /** The answers that stand after the decision (edit; keep-reviewer copies the review's). */
  answers: z
    .array(z.object({ queryPointId: z.string().min(1).max(100), answer: answerSchema }).strict())
    .max(1000)
    .default([]),
  reason: z.string().max(2_000).default(''),
  notes: z.string().max(10_000).default(''),
  guidelineVersion: z.string().max(50).nullable().default(null),
});
export type AdjudicationFields = z.infer<typeof adjudicationFieldsSchema>;

export interface Adjudication extends AdjudicationFields {
  id: string;
  questionId: string;
  adjudicator: string;
  createdAt: string;
}

/** One escalated item, with everything an adjudicator compares. */
export interface AdjudicationItem {
  round: number;
  question: Question;
  queryPoints: QueryPoint[];
  reviews: Review[];
  /** The answer key as the reviews saw it (shared/answer-key.ts: the author's answers, or their marks' counts); the query points hold what stands now. */
  authorAnswers: AnswerKeyEntry[];
  /** Per query point: does each review agree with the key? */
  agreement: Array<{ queryPointId: string; reviewId: string; agrees: boolean }>;
  decision: Adjudication | null;
}

/** What a reviewer sees of a question besides its annotations: their review, and after it the author's answers and the others'. */
export interface ReviewContext {
  questionId: string;
  mine: Review | null;
  /** The answer key (the author's answers, or their marks' counts); null while the caller is blind to this question, and in a review package. */
  authorAnswers: Array<{ queryPointId: string; answer: unknown; fromMarks?: true }> | null;
  otherReviews: Review[];
  decision: Adjudication | null;
  rounds: number[];
}

export const reviewSubmitSchema = z
  .object({
    questionId: z.string().min(1).max(200),
    round: z.number().int().min(0),
    answers: z.array(reviewAnswerSchema).max(1000),
    verdict: z.enum(reviewVerdicts),
    reason: z.enum(reviewReasons).nullable().default(null),
    notes: z.string().max(10_000).default(''),
    secondsSpent: z
      .number()
      .finite()
      .min(0)
      .max(7 * 24 * 3600)
      .nullable()
      .default(null),
  })
  .strict();

// ── agreement report ────────────────────────────────────────────────────────

export const reportGroupings = ['none', 'level', 'category'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

export interface ConfusionMatrix {
  labels: string[];
  /** counts[i][j]: first rater said labels[i], second labels[j]. */
  counts: number[][];
}

/** Agreement of two people over the units both rated. */
export interface PairAgreement {
  on: 'answers' | 'verdicts';
  /** Answers are compared within one answer kind (letters with letters, counts with counts); null for verdicts. */
  answerKind: AnswerKind | null;
  stratum: string;
  a: string;
  b: string;
  units: number;
  percent: number;
  /** Wilson's 95 % interval of the share. */
  percentCi95: [number, number];
  kappa: number | null;
  kappaLinear: number | null;
  kappaQuadratic: number | null;
  ci95: [number, number] | null;
  band: string | null;
  matrix: ConfusionMatrix;
  /** Numeric answers: share within the round's tolerance (null when not numeric). */
  withinTolerance: number | null;
}

/** Agreement of everyone who rated a unit (more than two raters). */
export interface GroupAgreement {
  on: 'answers' | 'verdicts';
  answerKind: AnswerKind | null;
  stratum: string;
  units: number;
  raters: number;
  percent: number;
  /** Wilson's 95 % interval of the share of units everyone agreed on. */
  percentCi95: [number, number];
  fleiss: number | null;
  /** Large-sample interval (Gwet 2021's variance); null with Fleiss' κ. */
  fleissCi95: [number, number] | null;
  alphaNominal: number | null;
  /** Percentile bootstrap over the units; null with α. */
  alphaCi95: [number, number] | null;
  /** The bootstrap behind alphaCi95: its draws, seed, and the draws on which α was undefined (one label only). */
  alphaBootstrap: { draws: number; seed: number; undefinedDraws: number } | null;
  band: string | null;
}

/** Evidence intervals and event moments, compared by tIoU and F1 at a tolerance. */
export interface TimeMarkAgreement {
  stratum: string;
  a: string;
  b: string;
  evidenceUnits: number;
  meanTIoU: number | null;
  eventUnits: number;
  eventF1: number | null;
  eventTolerance: number;
}

export interface Qualification {
  person: string;
  units: number;
  kappa: number | null;
  threshold: number;
  qualified: boolean;
}

export interface AgreementReport {
  project: string;
  round: number | null;
  roundName: string | null;
  by: ReportGrouping;
  generatedAt: string;
  funnel: Funnel | null;
  pairs: PairAgreement[];
  groups: GroupAgreement[];
  timeMarks: TimeMarkAgreement[];
  qualification: Qualification[] | null;
  /** Notes on what could not be computed and why (a single label, too few units…). */
  notes: string[];
}

export interface PackageImportOutcome {
  file: string;
  reviews: number;
  alreadyPresent: number;
  problems: string[];
}
