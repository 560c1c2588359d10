// OVO-S-Bench inference results (formats §4; inference.py): one object {model, model_config,
// prompt_style, started_at, completed_at, total_queries, results: […]}. A result answers query
// point `query_index` (asked at `query_time`) of annotation `annotation_id`; a record without them
// (an error result {query_id, annotation_id, error, response: null, ground_truth}) takes its query
// point from the suffix of query_id ("<annotation id>_q<index>"). The file names its model.
//
// Each record is read as the release's score.py (calculate_scores) reads it: one with an "error" and
// no response (null or absent) is skipped there — out of every count — so it is left out here, by
// line, with why; any other is scored, a null or absent response as an empty one (wrong).
import { z } from 'zod';
import { documentRunReader, recordKind, textOf } from './reading';

const QUERY_ID = /_q(\d+)$/;

const resultSchema = z
  .object({
    query_id: z.string().regex(QUERY_ID, 'expected "<annotation id>_q<index>"'),
    annotation_id: z.union([z.string().min(1), z.number().int()]),
    query_index: z.number().int().min(0).optional(),
    query_time: z.number().finite().min(0).optional(),
    // score.py reads result.get("response"): absent is as null
    response: z.string().nullable().optional(),
    // score.py asks only whether the key is there (`"error" in result`)
    error: z.unknown().optional(),
    num_frames: z.number().optional(),
  })
  .passthrough();

const documentSchema = z.object({ model: z.string().trim().min(1).max(200), results: z.array(z.unknown()) }).passthrough();

/** An error message as a reason quotes it (what failed: a video not found, out of memory): one line, at most 120 characters. */
const clipped = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

export const readOvoSResults = documentRunReader((document) => {
  const parsed = documentSchema.safeParse(document);
  if (!parsed.success) return 'expected an object {"model": "…", "results": […]} (OVO-S-Bench inference output)';
  const model = parsed.data.model;
  return [
    recordKind(['results'], resultSchema, (r) => {
      // calculate_scores: `if "error" in result and result.get("response") is None: continue`
      if (r.error !== undefined && (r.response === null || r.response === undefined)) {
        return [
          {
            problem: `an error result with no response (${clipped(typeof r.error === 'string' ? r.error : JSON.stringify(r.error)) || 'no message'}): left out, as the release's score.py leaves error results out`,
            at: ['query_id'],
            unmatched: true,
          },
        ];
      }
      return [
        {
          model,
          item: String(r.annotation_id),
          query: r.query_index ?? Number(QUERY_ID.exec(r.query_id)![1]),
          ...(r.query_time !== undefined ? { queryTime: r.query_time } : {}),
          ...textOf(r.response, r.response === undefined ? 'no response (absent)' : undefined),
        },
      ];
    }),
  ];
});
