// Questions and their query points: what a benchmark item is, in one shape for all five profiles.
import { z } from 'zod';
import { answerKinds, countingSubcategories, temporalTypes, type AnswerKind, type CountingSubcategory, type TemporalType } from './profiles';

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

export const groupRoles = ['q0', 'q1', 'q2'] as const;
export type GroupRole = (typeof groupRoles)[number];

export const questionStatuses = ['draft', 'ready', 'in-review', 'accepted', 'rejected'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

/** Who wrote a field: a person, a model's draft, a model's draft a person kept unchanged, or a person editing a draft. */
export const fieldProvenances = ['human', 'model', 'accepted', 'edited'] as const;
export type FieldProvenance = (typeof fieldProvenances)[number];

export interface CountingSettings {
  subcategory: CountingSubcategory;
  target: string;
  windowSeconds: number | null;
}

export interface Question {
  id: string;
  videoId: string;
  profileId: string;
  taskCode: string | null;
  text: string;
  answerKind: AnswerKind;
  /** Letter → option text, for choice questions. */
  options: Partial<Record<OptionLetter, string>>;
  temporalType: TemporalType | null;
  group: { id: string; role: GroupRole } | null;
  /** Named entities ("Room X") reused verbatim in the question and options. */
  entities: string[];
  /** Extra tags the profile defines (RTV perspective, PhoStream scenario…). */
  facets: Record<string, string>;
  counting: CountingSettings | null;
  status: QuestionStatus;
  guidelineVersion: string | null;
  round: number;
  origin: { format: string; extra: Record<string, unknown> } | null;
  /** What models found checking the item (cutoff check, text-only probe); shown as lints. */
  modelChecks?: ModelChecks;
  provenance: Record<string, FieldProvenance>;
  createdBy: string;
  updatedAt: string;
}

export type Answer = string | number | null;

export interface QueryPoint {
  id: string;
  questionId: string;
  /** When the question is asked (t_q). */
  time: number;
  /** The answer valid at `time`; null when derived from marks (counting) or not given yet. */
  answer: Answer;
  /** Evidence intervals [start, end] in seconds. */
  evidence: Array<[number, number]>;
  /** Earliest moment the answer is visible (PhoStream T_p). */
  proactiveTime: number | null;
  /** Window start (O1-Delta baseline, O2-Gain window); the window ends at `time`. */
  windowStart: number | null;
  timeTexts?: { time?: string; proactiveTime?: string; windowStart?: string; evidence?: Array<[string, string]> };
  /** Its place among its question's points in the benchmark file it was imported from (OVO-Bench test_info[i]); a run's `query` counts in this order. */
  probe?: number;
}

const time = z.number().finite().min(0);
const interval = z.tuple([time, time]).refine(([s, e]) => e >= s, { message: 'evidence interval ends before it starts' });

const countingSettingsSchema = z.object({
  subcategory: z.enum(countingSubcategories),
  target: z.string().trim().min(1, 'name what is counted').max(200),
  windowSeconds: z.number().positive().nullable().default(null),
});

/** A model's checks of an item: never a drafted field (they hold nothing back), flags for a person to look at. */
const modelChecksSchema = z.object({
  /** PhoStream's cutoff check: shown only the video up to the cutoff, is the answer supported? */
  cutoff: z
    .object({ cutoff: time, supported: z.boolean(), reason: z.string().max(2_000), model: z.string().max(200), at: z.string().max(40) })
    .nullable()
    .default(null),
  /** OVO-S's text-only shortcut probe: right answers out of repeats with no video at all. */
  textOnly: z
    .object({ correct: z.number().int().min(0), repeats: z.number().int().min(1), answers: z.array(z.string().max(200)).max(20), model: z.string().max(200), at: z.string().max(40) })
    .nullable()
    .default(null),
});
export type ModelChecks = z.infer<typeof modelChecksSchema>;

export const questionFieldsSchema = z.object({
  profileId: z.string().min(1),
  taskCode: z.string().max(80).nullable().default(null),
  text: z.string().max(10_000).default(''),
  answerKind: z.enum(answerKinds).default('choice'),
  options: z.partialRecord(z.enum(OPTION_LETTERS), z.string().max(2_000)).default({}),
  temporalType: z.enum(temporalTypes).nullable().default(null),
  group: z
    .object({ id: z.string().min(1).max(100), role: z.enum(groupRoles) })
    .nullable()
    .default(null),
  entities: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
  facets: z.record(z.string().max(50), z.string().max(200)).default({}),
  counting: countingSettingsSchema.nullable().default(null),
  status: z.enum(questionStatuses).default('draft'),
  guidelineVersion: z.string().max(50).nullable().default(null),
  round: z.number().int().min(0).default(0),
  /** Where an imported question came from, with the fields Tidemark does not model, for re-export. */
  origin: z
    .object({ format: z.string().max(40), extra: z.record(z.string(), z.unknown()) })
    .nullable()
    .default(null),
  modelChecks: modelChecksSchema.optional(),
});
export type QuestionFields = z.infer<typeof questionFieldsSchema>;

export const answerSchema = z.union([z.string().max(10_000), z.number().finite(), z.null()]);

export const queryPointFieldsSchema = z.object({
  time,
  answer: answerSchema.default(null),
  evidence: z.array(interval).max(100).default([]),
  proactiveTime: time.nullable().default(null),
  windowStart: time.nullable().default(null),
  /** How an imported file wrote these times ("00:36", "663.0"), so a re-export writes them the same way. */
  timeTexts: z
    .object({
      time: z.string().max(40).optional(),
      proactiveTime: z.string().max(40).optional(),
      windowStart: z.string().max(40).optional(),
      evidence: z.array(z.tuple([z.string().max(40), z.string().max(40)])).optional(),
    })
    .optional(),
  /** Its place in the benchmark file's list of probes (OVO-Bench test_info[i]), where the file lists them; a run's query counts in this order (runs/query-order.ts). */
  probe: z.number().int().min(0).max(100_000).optional(),
});
export type QueryPointFields = z.infer<typeof queryPointFieldsSchema>;

export function optionLetters(question: Pick<Question, 'options'>): OptionLetter[] {
  return OPTION_LETTERS.filter((l) => question.options[l] !== undefined);
}

/** The moment the model may see up to: T_p for forward questions, else t_q (prefix-only). */
export function prefixEnd(point: Pick<QueryPoint, 'time' | 'proactiveTime'>, question: Pick<Question, 'temporalType'>): number {
  return question.temporalType === 'forward' && point.proactiveTime !== null ? point.proactiveTime : point.time;
}
