// RTV-Bench results (formats §6): eval_results/<model>_nframes<N>.json is the QA list with the
// model's `pred` (and `correct`, `error`, clip fields) added to each record; a record answers
// questionID at its end_time. The file does not name its model; the runner's file name does.
import { z } from 'zod';
import { documentRunReader, modelOf, recordKind, textOf } from './reading';

const resultSchema = z.object({ questionID: z.string().min(1), end_time: z.number().finite().min(0).optional(), pred: z.string().nullable(), error: z.string().nullable().optional() }).passthrough();

const RUNNER_NAME = /^(.+)_nframes\d+\.json$/i;

export const readRtvResults = documentRunReader((document, file, options) => {
  if (!Array.isArray(document)) return 'expected the RTV-Bench QA list with each record’s pred';
  const model = options.model?.trim() || RUNNER_NAME.exec(file)?.[1] || modelOf(file);
  return [recordKind([], resultSchema, (r) => [{ model, item: r.questionID, ...(r.end_time !== undefined ? { queryTime: r.end_time } : {}), ...textOf(r.pred, r.error ?? undefined) }])];
});
