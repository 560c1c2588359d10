// OVO-Bench item file (formats §1; import only): one JSON list. Backward and real-time tasks are
// multiple choice at `realtime`; the forward tasks are probes over time — REC counts occurrences
// (intervals in start_times/end_times), SSR and CRR answer yes/no at each probe (`type` 1 = yes).
// Items land in a custom "OVO-Bench" profile with the benchmark's 12 tasks in 3 families. A probe keeps
// its place in test_info (`probe`): the release's results answer probe i, and 34 SSR items list their
// probes out of time order.
import { z } from 'zod';
import { OVO_BENCH_PROFILE } from '../benchmarks';
import { blankCustomProfile, type ProfileDefinition } from '../profiles';
import { OPTION_LETTERS } from '../questions';
import { itemQuestion, numberAt, type ExchangeItem, type FieldSource, type ItemQuestion, type RawSource } from './items';

/** The release's three families and their tasks (constant.py), as the profile's taxonomy has them. */
export const OVO_BENCH_FAMILIES: Readonly<Record<string, string[]>> = { Backward: ['EPM', 'ASI', 'HLD'], 'Real-time': ['OCR', 'ACR', 'ATR', 'STU', 'FPD', 'OJR'], Forward: ['REC', 'SSR', 'CRR'] };
const time = z.number().finite().min(0);

export const ovoBenchItemSchema = z
  .object({
    id: z.number().int().min(0),
    task: z.enum(Object.values(OVO_BENCH_FAMILIES).flat() as [string, ...string[]]),
    video: z.string().min(1),
    question: z.string().optional(),
    answer: z.string().optional(),
    realtime: time.optional(),
    options: z.array(z.string()).optional(),
    gt: z.number().int().min(0).optional(),
    activity: z.string().optional(),
    start_times: z.array(time).optional(),
    end_times: z.array(time).optional(),
    test_info: z
      .array(z.object({ realtime: time, count: z.number().int().min(0).optional(), type: z.union([z.literal(0), z.literal(1)]).optional(), step: z.unknown().optional() }).passthrough())
      .optional(),
  })
  .passthrough()
  .superRefine((r, ctx) => {
    const forward = OVO_BENCH_FAMILIES.Forward!.includes(r.task);
    if (!forward) {
      if (r.realtime === undefined) ctx.addIssue({ code: 'custom', path: ['realtime'], message: `${r.task} questions are asked at realtime` });
      if (!r.options?.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'a multiple-choice item needs options' });
      else if (r.gt === undefined || r.gt >= r.options.length) ctx.addIssue({ code: 'custom', path: ['gt'], message: 'gt must index one of the options' });
      if (!r.question) ctx.addIssue({ code: 'custom', path: ['question'], message: 'missing' });
    } else if (!r.test_info?.length) ctx.addIssue({ code: 'custom', path: ['test_info'], message: `${r.task} items probe at test_info times` });
    if (r.task === 'REC' && (r.start_times?.length ?? 0) !== (r.end_times?.length ?? 0)) ctx.addIssue({ code: 'custom', path: ['end_times'], message: 'start_times and end_times are aligned' });
  });
type OvoBenchItem = z.infer<typeof ovoBenchItemSchema>;

export function ovoBenchToItem(record: OvoBenchItem, raw?: RawSource): ExchangeItem {
  const target = `ovo-bench-${record.id}`;
  const base = { taskCode: record.task };
  let fields: Partial<ItemQuestion>;
  let points: ExchangeItem['points'];
  let marks: ExchangeItem['marks'] = [];
  if (record.task === 'REC') {
    fields = {
      ...base,
      text: record.question ?? `How many times has "${record.activity ?? 'it'}" happened so far?`,
      answerKind: 'number',
      counting: { subcategory: 'E2-Episode', target, windowSeconds: null },
    };
    // the file's count is the key (6 of the release's 698 REC probes differ from what the spans give)
    points = (record.test_info ?? []).map((p, i) => ({
      time: numberAt(raw, ['test_info', i, 'realtime'], p.realtime),
      answer: p.count ?? null,
      evidence: [],
      proactiveTime: null,
      windowStart: null,
      probe: i,
    }));
    marks = (record.start_times ?? []).map((s, i) => ({
      mark: { type: 'span', start: s, end: record.end_times?.[i] ?? s, target, data: {} },
      startText: numberAt(raw, ['start_times', i], s),
      endText: numberAt(raw, ['end_times', i], record.end_times?.[i] ?? s),
    }));
  } else if (record.task === 'SSR' || record.task === 'CRR') {
    fields = { ...base, text: record.question ?? '', answerKind: 'yesno', temporalType: 'forward' };
    points = (record.test_info ?? []).map((p, i) => ({
      time: numberAt(raw, ['test_info', i, 'realtime'], p.realtime),
      answer: p.type === 1 ? 'yes' : 'no',
      evidence: [],
      proactiveTime: null,
      windowStart: null,
      probe: i,
    }));
  } else {
    const options = Object.fromEntries((record.options ?? []).slice(0, OPTION_LETTERS.length).map((o, i) => [OPTION_LETTERS[i], o]));
    fields = { ...base, text: record.question ?? '', answerKind: 'choice', options };
    points = [{ time: numberAt(raw, ['realtime'], record.realtime ?? 0), answer: OPTION_LETTERS[record.gt ?? 0] ?? null, evidence: [], proactiveTime: null, windowStart: null }];
  }
  return { profile: 'custom', videoPath: record.video, sourceDataset: record.video.split('/')[0] ?? null, question: itemQuestion(fields), points, marks, extra: { id: record.id } };
}

/** Item fields → record fields: forward tasks probe at test_info, the others ask once at realtime. */
export const ovoBenchFieldSource =
  (record: OvoBenchItem): FieldSource =>
  ([part, a, b]) => {
    const probes = record.test_info !== undefined && (record.task === 'REC' || record.task === 'SSR' || record.task === 'CRR');
    if (part === 'question') {
      if (a === 'text') return record.question === undefined && record.task === 'REC' ? ['activity'] : ['question'];
      if (a === 'options') return b === undefined ? ['options'] : ['options', OPTION_LETTERS.indexOf(b as (typeof OPTION_LETTERS)[number])];
      return a === 'taskCode' ? ['task'] : null;
    }
    if (part === 'points') {
      if (probes) return b === 'time' ? ['test_info', a!, 'realtime'] : ['test_info', a!];
      return b === 'time' ? ['realtime'] : b === 'answer' ? ['gt'] : null;
    }
    if (part === 'marks') return b === 'end' ? ['end_times', a!] : ['start_times', a!];
    return null;
  };

/** The custom profile OVO-Bench items land in; scoring knows it by this name (scoring/ovo-bench.ts). */

export function ovoBenchProfile(): ProfileDefinition {
  const base = blankCustomProfile(OVO_BENCH_PROFILE);
  return {
    ...base,
    taxonomy: Object.entries(OVO_BENCH_FAMILIES).map(([family, tasks]) => ({ code: family, name: family, children: tasks.map((t) => ({ code: t, name: t })) })),
    rules: { ...base.rules, answerKinds: ['choice', 'number', 'yesno'], temporalTypes: ['forward'], groups: false, denseCaptions: false, namedEntities: false, proactive: false, facets: {} },
  };
}
