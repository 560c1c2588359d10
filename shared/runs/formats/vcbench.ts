// VCBench results (formats §3). eval/demo_gemini.py writes one raw row per query point: the eval
// row {q_id, query_index, id, source_dataset, video_path, question, …, query_time, count} with the
// model's `prediction` (its text stripped) and `raw_response` added; eval/unify_results.py groups
// them by `id` into {id, query_times[], predictions[int(prediction)|null], gts[]}. Neither names the
// model.
// The eval file's `id` does not always name the same question as the data file's (digest §3: rows
// with id "0799" ask data question "0797"; 355 of its 1,000 ids name another question), so every line
// also carries its query time, and a raw row its video and question text: the matcher finds a raw
// row's question by its video and text, the query point nearest its time, and checks a unified row's
// id against its time.
import { z } from 'zod';
import { jsonlRunReader, modelOf, recordKind } from './reading';

const time = z.number().finite().min(0);

const unifiedSchema = z
  .object({ id: z.union([z.string().min(1), z.number().int()]), query_times: z.array(time).min(1), predictions: z.array(z.number().int().nullable()), gts: z.array(z.unknown()).optional() })
  .strict()
  .superRefine((r, ctx) => {
    if (r.predictions.length !== r.query_times.length)
      ctx.addIssue({ code: 'custom', path: ['predictions'], message: `has ${r.predictions.length} predictions for ${r.query_times.length} query times` });
  });

const rawSchema = z
  .object({
    id: z.union([z.string().min(1), z.number().int()]),
    query_index: z.number().int().min(0),
    video_path: z.string().min(1),
    question: z.string().optional(),
    query_time: time,
    prediction: z.union([z.string(), z.number()]).nullable().optional(),
    pred: z.union([z.string(), z.number()]).nullable().optional(),
    raw_response: z.string().nullable().optional(),
  })
  .passthrough();

/**
 * What unify_results.py reads as the prediction — `r.get('prediction', r.get('pred'))` — as text for
 * the extractor (its int()); a number as int() leaves it (truncated: 5.7 → 5). Why there is none, else.
 */
function predictionOf(r: z.infer<typeof rawSchema>): { text: string } | { error: string } {
  const p = r.prediction !== undefined ? r.prediction : r.pred;
  if (p === undefined) return { error: 'no prediction (neither "prediction" nor "pred")' };
  if (p === null) return { error: 'no prediction (null)' };
  return { text: typeof p === 'number' ? String(Math.trunc(p)) : p };
}

/** unify_results.py output: prediction k (an int, or null where the raw text was not one) answers query point k. */
export const readVcbenchUnified = jsonlRunReader((file, options) => {
  const model = modelOf(file, options);
  return recordKind([], unifiedSchema, (r) =>
    r.query_times.map((t, k) => {
      const p = r.predictions[k] ?? null;
      // the release's ground truth, where the unifier found one: a line whose id names another question is then noted, not scored silently
      const g = r.gts?.[k];
      const meta = { ...(typeof g === 'number' ? { groundTruth: String(g) } : {}), ...(p === null ? { error: 'no integer prediction (null)' } : {}) };
      return { model, item: String(r.id), query: k, queryTime: t, response: p === null ? '' : String(p), ...(Object.keys(meta).length ? { meta } : {}), at: ['predictions', k] };
    }),
  );
});

/**
 * demo_gemini.py raw rows: the prediction at one query point of one video — what the release scores
 * (demo_gemini.py writes the model's text stripped); the text as the model wrote it is kept beside it.
 */
export const readVcbenchRaw = jsonlRunReader((file, options) => {
  const model = modelOf(file, options);
  return recordKind([], rawSchema, (r) => {
    const p = predictionOf(r);
    const raw = typeof r.raw_response === 'string' && !('text' in p && p.text === r.raw_response) ? { rawResponse: r.raw_response } : {};
    const meta = 'error' in p ? { error: p.error, ...raw } : raw;
    // the row's video and question text name its question: its eval id may name another one in the data file
    const question = r.question !== undefined ? { question: r.question } : {};
    return [
      {
        model,
        item: String(r.id),
        query: r.query_index,
        video: r.video_path,
        ...question,
        queryTime: r.query_time,
        response: 'text' in p ? p.text : '',
        ...(Object.keys(meta).length ? { meta } : {}),
      },
    ];
  });
});
