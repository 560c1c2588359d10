// The review forms kept by project, person and item (ui/kept-drafts): the blind review being written
// and the lead's round being set up. A way out — Esc, another video, a person switch, a reload —
// leaves them where the person can pick them up again.
import { z } from 'zod';
import { adjudicationDecisions, roundPurposes, strataKinds } from '../../../../shared/review/types';
import { questionStatuses } from '../../../../shared/questions';
import { reviewReasons, reviewVerdicts } from '../../../../shared/reviews';
import { getState, useStore, type State } from '../store';
import { dropDraft, keepDraft, keptDraft, type DraftKey } from '../ui/kept-drafts';
import type { RoundForm } from './round-form';
import type { DecisionDraft, ReviewDraft } from './state';

/** The key of a form of the caller's in the open project; null without either. */
function formKey(s: Pick<State, 'project' | 'info'>, item: string): DraftKey | null {
  const project = s.project?.path;
  const person = s.info?.caller.person;
  return project && person ? { project, person, item } : null;
}

export const reviewItemKey = (item: { questionId: string; round: number }): string => `review:${item.questionId}:${item.round}`;
export const decisionItemKey = (item: { questionId: string; round: number }): string => `decision:${item.questionId}:${item.round}`;
export const ROUND_FORM = 'round-form';
export const GUIDELINE_FORM = 'guideline-form';

/** A guideline version being written. */
export const guidelineFormSchema = z.object({ version: z.string(), changes: z.string(), why: z.string() });

const interval = z.tuple([z.number(), z.number()]);

/** A review being written, and how long it had been open (its clock goes on from there). */
export const keptReviewSchema = z.object({
  draft: z.object({
    answers: z.record(z.string(), z.object({ answer: z.string(), evidence: z.array(interval) })),
    verdict: z.enum(reviewVerdicts).nullable(),
    reason: z.enum(reviewReasons).nullable(),
    notes: z.string(),
  }) satisfies z.ZodType<ReviewDraft>,
  spentMs: z.number().nonnegative(),
});
type KeptReview = z.infer<typeof keptReviewSchema>;

export const keptDecisionSchema = z.object({
  decision: z.enum(adjudicationDecisions).nullable(),
  reviewId: z.string().nullable(),
  answers: z.record(z.string(), z.string()),
  reason: z.enum(reviewReasons).nullable(),
  notes: z.string(),
}) satisfies z.ZodType<DecisionDraft>;

export const roundFormSchema = z.object({
  name: z.string(),
  purpose: z.enum(roundPurposes),
  profileId: z.string(),
  taskCodes: z.string(),
  statuses: z.array(z.enum(questionStatuses)),
  authors: z.array(z.string()),
  sample: z.boolean(),
  sampleSize: z.string(),
  stratifyBy: z.enum(strataKinds),
  seed: z.number(),
  reviewers: z.array(z.string()),
  reviewsPerItem: z.string(),
  threshold: z.string(),
  numericTolerance: z.string(),
  eventTolerance: z.string(),
}) satisfies z.ZodType<RoundForm>;

/** Keeps the review and the decision being written, at every change (registered once). */
export function keepOpenForms(): void {
  useStore.subscribe((s, prev) => {
    if (s.reviewDraft !== prev.reviewDraft && s.reviewing && s.reviewDraft && !s.reviewContext?.mine) {
      const key = formKey(s, reviewItemKey(s.reviewing));
      if (key) keepDraft(key, { draft: s.reviewDraft, spentMs: Math.max(0, Date.now() - s.reviewing.openedAt) } satisfies KeptReview);
    }
    if (s.decisionDraft !== prev.decisionDraft && s.adjudicating && s.decisionDraft) {
      const key = formKey(s, decisionItemKey(s.adjudicating));
      if (key) keepDraft(key, s.decisionDraft);
    }
  });
}

/** The caller's kept form for an item, if any. */
export function keptForm<T>(item: string, schema: z.ZodType<T>): T | null {
  const key = formKey(getState(), item);
  return key ? keptDraft(key, schema) : null;
}

/** The form was sent: nothing to keep any more. */
export function dropForm(item: string): void {
  const key = formKey(getState(), item);
  if (key) dropDraft(key);
}

/** Keeps a form of the caller's as it is now. */
export function keepForm(item: string, value: unknown): void {
  const key = formKey(getState(), item);
  if (key) keepDraft(key, value);
}
