// A video's annotations: its marks, questions and query points, and the bulk caption edits.
// The shapes are checked here; the annotation service checks times against the video's length.
import { z } from 'zod';
import { markInputSchema, type Mark } from '../marks';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question } from '../questions';
import { patchSchema } from '../schema-patch';
import { BULK_LIMIT, id, seconds } from './fields';
import { method, reply } from './method';

export interface VideoAnnotations {
  marks: Mark[];
  questions: Question[];
  queryPoints: QueryPoint[];
  /**
   * The questions whose answers are withheld from the caller (blind review): their answers come
   * empty and the marks a count derives from are left out, so nothing is to be read from them — an
   * empty answer or a count of 0 here means "not shown", not "none" or "0".
   */
  withheld: string[];
}

const markChange = z.object({ id, start: seconds.optional(), end: seconds.nullable().optional(), target: z.string().max(200).optional(), data: z.record(z.string(), z.unknown()).optional() }).strict();

// a reviewer answers in the review; the annotations under review are not theirs to change
const edit = { access: 'write', job: false, callers: 'member', blinding: 'refused' } as const;

export const annotationMethods = {
  'annotations.load': method({ request: z.object({ videoId: id }).strict(), response: reply<VideoAnnotations>(), access: 'read', job: false, callers: 'member', blinding: 'redacted' }),
  'marks.create': method({ ...edit, request: z.object({ videoId: id, marks: z.array(markInputSchema).min(1).max(BULK_LIMIT) }).strict(), response: reply<Mark[]>() }),
  'marks.update': method({ ...edit, request: z.object({ changes: z.array(markChange).min(1).max(BULK_LIMIT) }).strict(), response: reply<Mark[]>() }),
  'marks.remove': method({ ...edit, request: z.object({ ids: z.array(id).min(1).max(BULK_LIMIT) }).strict(), response: reply<null>() }),
  'captions.fill': method({ ...edit, request: z.object({ videoId: id, target: z.string().max(200), from: seconds, to: seconds, text: z.string().max(10_000) }).strict(), response: reply<Mark[]>() }),
  'captions.mergeRuns': method({ ...edit, request: z.object({ videoId: id, target: z.string().max(200) }).strict(), response: reply<{ merged: number }>() }),
  'questions.create': method({
    ...edit,
    request: z.object({ videoId: id, fields: questionFieldsSchema.strict(), queryPoints: z.array(queryPointFieldsSchema.strict()).max(1_000).default([]) }).strict(),
    response: reply<{ question: Question; queryPoints: QueryPoint[] }>(),
  }),
  'questions.update': method({
    ...edit,
    request: z
      .object({
        id,
        fields: patchSchema(questionFieldsSchema),
        /** The patched fields as the caller last saw them: if another edit has changed one since, the update is refused (a conflict naming both versions). */
        expected: patchSchema(questionFieldsSchema).optional(),
      })
      .strict(),
    response: reply<Question>(),
  }),
  'questions.remove': method({ ...edit, request: z.object({ id }).strict(), response: reply<null>() }),
  'queryPoints.create': method({ ...edit, request: z.object({ questionId: id, fields: queryPointFieldsSchema.strict() }).strict(), response: reply<QueryPoint>() }),
  'queryPoints.update': method({ ...edit, request: z.object({ id, fields: patchSchema(queryPointFieldsSchema) }).strict(), response: reply<QueryPoint>() }),
  'queryPoints.remove': method({ ...edit, request: z.object({ id }).strict(), response: reply<null>() }),
};

/** Calls whose one array may hold up to BULK_LIMIT items: checked item by item, a slice at a time. */
export const bulkFields = { 'marks.create': 'marks', 'marks.update': 'changes', 'marks.remove': 'ids' } as const satisfies Partial<Record<keyof typeof annotationMethods, string>>;
