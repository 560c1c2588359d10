// OVO-Bench results (formats §1): results/<Model>/<Model>_<TASKS>_offline[_1].json is one object
// {"backward": […], "realtime": […], "forward": […]}. Backward and real-time records are
// {id, video, task, question, response, ground_truth}: one answer to item `id`. A forward record is
// the item itself with `response` added to each test_info probe: probe i answers query point i — the
// probe's place in test_info, not in time order (the import keeps it) —, asked at its `realtime`. A
// response is null where inference failed, and a list of strings in QWen2VL's results (kept as a
// list: the release tests `gt in list`). The record's ground_truth goes to meta as `groundTruth`: the
// results give some records the id of a twin (the same question of the same video, asked at another
// time), and it tells which one is meant. The file does not name its model; the runner's file name does.
import { z } from 'zod';
import { documentRunReader, listResponse, modelOf, recordKind, textOf, type RunReadOptions } from './reading';

const EXPECTED = 'a string, a list of strings or null';
const response = z.custom<string | string[] | null>((v) => v === null || typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string')), {
  error: (issue) => (issue.input === undefined ? `missing (expected ${EXPECTED})` : `expected ${EXPECTED}`),
});

const answerSchema = z.object({ id: z.number().int().min(0), task: z.string().optional(), response, ground_truth: z.string().optional() }).passthrough();
const forwardSchema = z
  .object({
    id: z.number().int().min(0),
    task: z.string().optional(),
    test_info: z.array(z.object({ realtime: z.number().finite().min(0), response }).passthrough()).min(1),
  })
  .passthrough();

const FAMILIES = ['backward', 'realtime', 'forward'] as const;
const TASKS = 'EPM|ASI|HLD|OCR|ACR|ATR|STU|FPD|OJR|REC|SSR|CRR';
const RUNNER_NAME = new RegExp(`^(.+?)(?:_(?:${TASKS}))+_(?:offline|online)(?:_\\d+)?\\.json$`, 'i');

/** The model the runner's file name gives ("QWen2VL_7B_EPM_ASI_offline_1.json" → "QWen2VL_7B"), else modelOf. */
const modelFor = (file: string, options: RunReadOptions): string => options.model?.trim() || RUNNER_NAME.exec(file)?.[1] || modelOf(file);

/** A line answering item `id` with its task (and ground truth) kept in meta, and why there is no response, if there is none. */
function answer(model: string, id: number, task: string | undefined, response: string | string[] | null, groundTruth?: string) {
  const text = Array.isArray(response) ? listResponse(response) : textOf(response);
  const meta = { ...(task ? { task } : {}), ...(groundTruth !== undefined ? { groundTruth } : {}), ...text.meta };
  return { model, item: String(id), response: text.response, ...(Object.keys(meta).length ? { meta } : {}) };
}

export const readOvoBenchResults = documentRunReader((document, file, options) => {
  if (document === null || typeof document !== 'object' || Array.isArray(document) || !FAMILIES.some((f) => f in document))
    return 'expected an object {"backward": […], "realtime": […], "forward": […]}';
  const model = modelFor(file, options);
  return [
    recordKind(['backward'], answerSchema, (r) => [answer(model, r.id, r.task, r.response, r.ground_truth)]),
    recordKind(['realtime'], answerSchema, (r) => [answer(model, r.id, r.task, r.response, r.ground_truth)]),
    recordKind(['forward'], forwardSchema, (r) => r.test_info.map((probe, i) => ({ ...answer(model, r.id, r.task, probe.response), query: i, queryTime: probe.realtime, at: ['test_info', i] }))),
  ];
});
