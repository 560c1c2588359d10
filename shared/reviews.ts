// A review of one question: a reviewer's blind answers (given before seeing the author's), the
// verdict, and what it cost. Stored now so that projects carry reviews losslessly; adjudication
// and agreement (Cohen's kappa) build on these rows.
import { z } from 'zod';
import { answerSchema } from './questions';

export const reviewVerdicts = ['accept', 'revise', 'reject'] as const;
export type ReviewVerdict = (typeof reviewVerdicts)[number];

export const reviewFieldsSchema = z.object({
  round: z.number().int().min(0).default(0),
  /** The reviewer's own answer at each query point, given blind. */
  answers: z.array(z.object({ queryPointId: z.string().min(1).max(100), answer: answerSchema }).strict()).max(1000).default([]),
  verdict: z.enum(reviewVerdicts).nullable().default(null),
  reason: z.string().max(2_000).default(''),
  notes: z.string().max(10_000).default(''),
  secondsSpent: z.number().finite().min(0).nullable().default(null),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

export interface Review extends ReviewFields {
  id: string;
  questionId: string;
  reviewer: string;
  createdAt: string;
  updatedAt: string;
}
