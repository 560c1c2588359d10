// A review of one question: a reviewer's blind answers (given before seeing the author's), the
// verdict with its reason, and what it cost. Adjudication and agreement build on these rows.
import { z } from 'zod';
import { answerSchema } from './questions';

export const reviewVerdicts = ['accept', 'revise', 'reject'] as const;
export type ReviewVerdict = (typeof reviewVerdicts)[number];

/** The short list a reviewer (or an adjudicator) picks a reason from; notes say the rest. */
export const reviewReasons = ['ambiguous', 'shortcut', 'wrong evidence', 'wrong time', 'wrong answer', 'other'] as const;
export type ReviewReason = (typeof reviewReasons)[number];

const time = z.number().finite().min(0);

export const reviewAnswerSchema = z
  .object({
    queryPointId: z.string().min(1).max(100),
    answer: answerSchema,
    /** The reviewer's own evidence intervals, when they marked any (compared by tIoU). */
    evidence: z
      .array(z.tuple([time, time]))
      .max(100)
      .optional(),
    /** The reviewer's own event moments up to the query time (compared by event F1). */
    events: z.array(time).max(100_000).optional(),
  })
  .strict();
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** The answer key at one query point (shared/answer-key.ts), as a review records it. */
const answerKeyEntrySchema = z
  .object({
    queryPointId: z.string().min(1).max(100),
    answer: answerSchema,
    /** The count a counting question's marks gave, nothing being stored. */
    fromMarks: z.literal(true).optional(),
  })
  .strict();

export const reviewFieldsSchema = z.object({
  round: z.number().int().min(0).default(0),
  /** The reviewer's own answer at each query point, given blind. */
  answers: z.array(reviewAnswerSchema).max(1000).default([]),
  verdict: z.enum(reviewVerdicts).nullable().default(null),
  /** One of reviewReasons for reviews made in Tidemark; free text survives from older files. */
  reason: z.string().max(2_000).default(''),
  notes: z.string().max(10_000).default(''),
  secondsSpent: z.number().finite().min(0).nullable().default(null),
  /** The guideline version in force when the review was made. */
  guidelineVersion: z.string().max(50).nullable().default(null),
  /**
   * The answer key the review was given against (the author's answers, or the counts their marks
   * gave), recorded when it came in: agreement is about what was reviewed, not about answers an
   * adjudicator or the author changed afterwards.
   */
  against: z.array(answerKeyEntrySchema).max(1000).nullable().default(null),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

export interface Review extends ReviewFields {
  id: string;
  questionId: string;
  reviewer: string;
  createdAt: string;
  updatedAt: string;
}
