// OVO-S-Bench JSONL (paper Table 11 / Fig. 11; the HF release writes options as [label, content]
// pairs): 14 fields, query_times / evidence_times / answers aligned position by position.
import { z } from 'zod';
import { builtinProfile, findTaskCode } from '../profiles';
import { OPTION_LETTERS, type OptionLetter } from '../questions';
import { itemQuestion, jsonTime, numberAt, type ExchangeItem, type FieldSource, type RawSource } from './items';
import type { EncodedTime } from './time-encoding';

const time = z.number().finite().min(0);
const letter = z.enum(OPTION_LETTERS);

/** Options as a letter → text dict (paper), [label, content] pairs (HF) or {key, value} rows (Parquet maps). */
const optionsSchema = z
  .union([z.partialRecord(letter, z.string()), z.array(z.tuple([letter, z.string()])), z.array(z.object({ key: letter, value: z.string() }).strict())])
  .transform((o): Partial<Record<OptionLetter, string>> => {
    if (!Array.isArray(o)) return o;
    return Object.fromEntries(o.map((entry) => (Array.isArray(entry) ? entry : [entry.key, entry.value])));
  });

export const ovoSRecordSchema = z
  .object({
    id: z.union([z.number().int().min(0), z.string().min(1)]),
    category_index: z.string().min(1),
    source_dataset: z.string(),
    video_id: z.string(),
    video_path: z.string().min(1),
    level: z.number().int().min(1).max(4),
    task_main_category: z.string(),
    task_subcategory: z.string().regex(/^\d\.\d\.\d+$/, 'expected a code such as 1.1.1'),
    task_type_name: z.string(),
    question: z.string().min(1),
    options: optionsSchema,
    query_times: z.array(time).min(1),
    evidence_times: z.array(z.tuple([time, time])),
    answers: z.array(letter),
  })
  .strict()
  .superRefine((r, ctx) => {
    const n = r.query_times.length;
    if (r.answers.length !== n) ctx.addIssue({ code: 'custom', path: ['answers'], message: `has ${r.answers.length} answers for ${n} query times (they are aligned)` });
    if (r.evidence_times.length !== n) ctx.addIssue({ code: 'custom', path: ['evidence_times'], message: `has ${r.evidence_times.length} intervals for ${n} query times (they are aligned)` });
    r.evidence_times.forEach(([s, e], i) => {
      if (e < s) ctx.addIssue({ code: 'custom', path: ['evidence_times', i], message: 'ends before it starts' });
    });
    if (!r.task_subcategory.startsWith(`${r.level}.`)) ctx.addIssue({ code: 'custom', path: ['task_subcategory'], message: `not a level-${r.level} code` });
  });
type OvoSRecord = z.infer<typeof ovoSRecordSchema>;

const OVO_S = builtinProfile('ovo-s-bench');

export function ovoSToItem(record: OvoSRecord, raw?: RawSource): ExchangeItem {
  const numberText = (path: Array<string | number>, value: number) => numberAt(raw, path, value);
  const question = itemQuestion({ taskCode: record.task_subcategory, text: record.question, answerKind: 'choice', options: record.options });
  return {
    profile: 'ovo-s-bench',
    videoPath: record.video_path,
    sourceDataset: record.source_dataset,
    question,
    points: record.query_times.map((t, i) => ({
      time: numberText(['query_times', i], t),
      answer: record.answers[i] ?? null,
      evidence: record.evidence_times[i] ? [[numberText(['evidence_times', i, 0], record.evidence_times[i]![0]), numberText(['evidence_times', i, 1], record.evidence_times[i]![1])]] : [],
      proactiveTime: null,
      windowStart: null,
    })),
    marks: [],
    extra: { id: record.id, video_id: record.video_id, task_type_name: record.task_type_name },
  };
}

/** Item fields → record fields: points are the aligned query_times / answers / evidence_times. */
export const ovoSFieldSource = (): FieldSource => (path) => {
  const [part, a, b, ...rest] = path;
  if (part === 'question') return a === 'text' ? ['question'] : a === 'taskCode' ? ['task_subcategory'] : a === 'options' ? ['options', ...(b === undefined ? [] : [b])] : null;
  if (part !== 'points') return null;
  if (b === 'time') return ['query_times', a!];
  if (b === 'answer') return ['answers', a!];
  if (b === 'evidence') return ['evidence_times', a!, ...rest.slice(1)];
  return null;
};

/**
 * Items back to the paper's 14 fields: `id` the question's own (its file's, or the one Tidemark gave
 * it when it was made — a run file written against one export names the same questions in the next),
 * `category_index` counting within each subcategory, level / main category / type name from the taxonomy.
 * An export from a project gives a question with no id (made before ids were given) a free one first
 * (benchmark-ids.ts exportedBenchmarkIds); only items handed in with none are numbered by their place.
 */
export function itemsToOvoS(items: readonly ExchangeItem[]): Array<Record<string, unknown>> {
  return [...ovoSRecords(items)];
}

/** The records one at a time (ids and per-subcategory indices run over the whole list), for an exporter that paces itself. */
export function* ovoSRecords(items: Iterable<ExchangeItem>): Generator<Record<string, unknown>> {
  const perSubcategory = new Map<string, number>();
  let id = 0;
  for (const item of items) {
    const code = item.question.taskCode ?? '';
    const index = perSubcategory.get(code) ?? 0;
    perSubcategory.set(code, index + 1);
    const points = [...item.points].sort((a, b) => a.time.seconds - b.time.seconds);
    const num = (t: EncodedTime) => jsonTime(t, { float: true }); // Table 11: list[float]
    yield {
      id: typeof item.extra.id === 'number' || typeof item.extra.id === 'string' ? item.extra.id : id,
      category_index: `${code}_${index}`,
      source_dataset: item.sourceDataset ?? '',
      video_id: typeof item.extra.video_id === 'string' ? item.extra.video_id : item.videoPath.replace(/^.*\//, '').replace(/\.[^.]+$/, ''),
      video_path: item.videoPath,
      level: Number(code.split('.')[0]),
      task_main_category: code.split('.').slice(0, 2).join('.'),
      task_subcategory: code,
      task_type_name: findTaskCode(OVO_S.taxonomy, code)?.name ?? (typeof item.extra.task_type_name === 'string' ? item.extra.task_type_name : ''),
      question: item.question.text,
      options: Object.fromEntries(OPTION_LETTERS.filter((l) => item.question.options[l] !== undefined).map((l) => [l, item.question.options[l]])),
      query_times: points.map((p) => num(p.time)),
      evidence_times: points.map((p) => (p.evidence[0] ? [num(p.evidence[0][0]), num(p.evidence[0][1])] : [])),
      answers: points.map((p) => String(p.answer ?? '')),
    };
    id++;
  }
}
