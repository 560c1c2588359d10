// What a drafting run is asked to do, as the contract carries it: dense captions for a VSAS task,
// event or cycle candidates for a target over a window, or candidate questions in a profile (each
// passing a cutoff check). Each run is causal: a request about second t is given frames ≤ t only.
import { z } from 'zod';
import { memoryPolicies } from './memory-policy';

const id = z.string().min(1).max(200);
const second = z.number().finite().min(0);

const common = {
  videoId: id,
  from: second.default(0),
  /** Exclusive end in seconds; null for the video's end. */
  to: second.nullable().default(null),
  policy: z.enum(memoryPolicies).default('sw+u'),
  k: z.number().int().min(1).max(256).default(42),
  /** Frame height in pixels sent to the model. */
  height: z.number().int().min(32).max(1080).default(360),
  /** Stop before a request that would take the run's estimated spending past this (US dollars). */
  budgetUsd: z.number().min(0).max(100_000).nullable().default(null),
};

const captionRunSchema = z.object({
  what: z.literal('captions'),
  ...common,
  /** The dense-caption task: a VSAS question's id (its captions are marks with this target). */
  target: id,
  /** The task prompt; the task question's text when not given. */
  task: z.string().trim().max(2_000).nullable().default(null),
  withPrevious: z.boolean().default(false),
});

const eventRunSchema = z.object({
  what: z.literal('events'),
  ...common,
  /** What to find, in words: "each time a person enters", "each lap". */
  target: z.string().trim().min(1).max(200),
  /** Moments (event marks) or complete repetitions (cycle marks). */
  mark: z.enum(['event', 'cycle']).default('event'),
  /** The model looks at the video this many seconds at a time, up to the window's last second. */
  stepSeconds: z.number().int().min(2).max(600).default(10),
});

const questionRunSchema = z.object({
  what: z.literal('questions'),
  ...common,
  profileId: id,
  /** Segments summarised one at a time (PhoStream cuts its stream into segments). */
  segmentSeconds: z.number().int().min(5).max(3_600).default(30),
  /** Candidate questions asked of the model per segment. */
  perSegment: z.number().int().min(1).max(20).default(2),
});

export const draftRunSchema = z.discriminatedUnion('what', [captionRunSchema, eventRunSchema, questionRunSchema]);
export type CaptionRun = z.output<typeof captionRunSchema>;
export type EventRun = z.output<typeof eventRunSchema>;
export type QuestionRun = z.output<typeof questionRunSchema>;
export type DraftRun = z.output<typeof draftRunSchema>;
export type DraftRunInput = z.input<typeof draftRunSchema>;
export type DraftWhat = DraftRun['what'];

export const probeRunSchema = z.object({
  /** The profile whose questions are probed; all profiles when null. */
  profileId: id.nullable().default(null),
  repeats: z.number().int().min(1).max(20).default(5),
  budgetUsd: z.number().min(0).max(100_000).nullable().default(null),
});
export type ProbeRun = z.output<typeof probeRunSchema>;

/** What a run will take, before it starts. */
export interface DraftEstimate {
  requests: number;
  frames: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Seconds (or items) already drafted or done by a person, which a run skips. */
  skipped: number;
}

/** What a run did. */
export interface DraftOutcome {
  drafted: number;
  failed: number;
  skipped: number;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  cancelled: boolean;
  /** It stopped before a request that would have gone past the budget. */
  stoppedAtBudget: boolean;
  /** Candidate questions the cutoff check found unsupported (flagged, not deleted). */
  flagged: number;
}
