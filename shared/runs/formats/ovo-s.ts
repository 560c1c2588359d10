// OVO-S-Bench inference results (formats §4; inference.py): one object {model, model_config,
// prompt_style, started_at, completed_at, total_queries, results: […]}. A result answers query
// point `query_index` (asked at `query_time`) of annotation `annotation_id`; an error result
// {query_id, annotation_id, error, response: null, ground_truth} has neither, and its query point is
// the suffix of query_id ("<annotation id>_q<index>"). The file names its model.
import { z } from 'zod';
import { documentRunReader, recordKind, textOf } from './reading';

const QUERY_ID = /_q(\d+)$/;

const resultSchema = z
  .object({
    query_id: z.string().regex(QUERY_ID, 'expected "<annotation id>_q<index>"'),
    annotation_id: z.union([z.string().min(1), z.number().int()]),
    query_index: z.number().int().min(0).optional(),
    query_time: z.number().finite().min(0).optional(),
    response: z.string().nullable(),
    error: z.string().optional(),
    num_frames: z.number().optional(),
  })
  .passthrough();

const documentSchema = z.object({ model: z.string().trim().min(1).max(200), results: z.array(z.unknown()) }).passthrough();

export const readOvoSResults = documentRunReader((document) => {
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) return 'expected an object {"model": "…", "results": […]} (OVO-S-Bench inference output)';
  const model = parsed.data.model;
  return [
    recordKind(['results'], resultSchema, (r) => {
      const text = textOf(r.response, r.error ?? undefined);
      return [
        {
          model,
          item: String(r.annotation_id),
          query: r.query_index ?? Number(QUERY_ID.exec(r.query_id)![1]),
          ...(r.query_time !== undefined ? { queryTime: r.query_time } : {}),
          ...text,
        },
      ];
    }),
  ];
});
