// VCBench data JSONL (digest §2, formats §3): one question per line with occurrence times (a list
// for point events, {start, end} for windows, episodes and cycles) and query points {time, count}.
import { z } from 'zod';
import { answerKey, countDisagreement } from '../answer-key';
import { marksFor } from '../counting';
import { isOpenInterval, type MarkInput } from '../marks';
import { countingSubcategories, type CountingSubcategory } from '../profiles';
import { encoded, itemQuestion, jsonTime, numberAt, type ExchangeItem, type ExchangeMark, type ExchangePoint, type FieldPath, type FieldSource, type RawSource } from './items';
import type { EncodedTime } from './time-encoding';

const time = z.number().finite().min(0);

export const vcbenchDataSchema = z
  .object({
    id: z.string().min(1),
    source_dataset: z.string(),
    video_path: z.string().min(1),
    question: z.string().min(1),
    counting_type: z.enum(['O1', 'O2', 'E1', 'E2']),
    counting_subtype: z.enum(countingSubcategories),
    occurrence_times: z.union([z.array(time), z.object({ start: z.array(time), end: z.array(time) }).strict()]),
    query_points: z.object({ time: z.array(time).min(1), count: z.array(z.number().int().min(0)) }).strict(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.query_points.time.length !== r.query_points.count.length)
      ctx.addIssue({ code: 'custom', path: ['query_points', 'count'], message: `has ${r.query_points.count.length} counts for ${r.query_points.time.length} times` });
    if (!r.counting_subtype.startsWith(r.counting_type)) ctx.addIssue({ code: 'custom', path: ['counting_subtype'], message: `${r.counting_subtype} is not a ${r.counting_type} subtype` });
    const o = r.occurrence_times;
    if (!Array.isArray(o)) {
      if (o.start.length !== o.end.length) ctx.addIssue({ code: 'custom', path: ['occurrence_times', 'end'], message: `has ${o.end.length} ends for ${o.start.length} starts` });
      o.start.forEach((s, i) => {
        if ((o.end[i] ?? s) < s) ctx.addIssue({ code: 'custom', path: ['occurrence_times', 'end', i], message: 'ends before it starts' });
      });
    }
  });
type VcbenchData = z.infer<typeof vcbenchDataSchema>;

/** Interval subtypes write {start, end}; the others a list of moments. */
const INTERVALS: ReadonlySet<CountingSubcategory> = new Set(['O1-Delta', 'O2-Gain', 'E2-Episode', 'E2-Periodic']);

/** The marks each subtype's occurrence times become (windows are not marks: they live on query points). */
function markFor(subtype: CountingSubcategory, target: string, start: number, end: number | null, count: number | null): MarkInput | null {
  switch (subtype) {
    case 'O1-Snap':
      return { type: 'count', start, end: null, target, data: { value: count ?? 0 } };
    case 'O2-Unique':
      return { type: 'identity', start, end: null, target, data: { label: '' } };
    case 'E1-Action':
    case 'E1-Transit':
      return { type: 'event', start, end: null, target, data: {} };
    case 'E2-Episode':
      return { type: 'span', start, end: end ?? start, target, data: {} };
    case 'E2-Periodic':
      return { type: 'cycle', start, end: end ?? start, target, data: { splits: [] } };
    default:
      return null;
  }
}

export function vcbenchToItem(record: VcbenchData, raw?: RawSource): ExchangeItem {
  const textOf = (path: ReadonlyArray<string | number>, value: number): EncodedTime => numberAt(raw, path, value);
  const subtype = record.counting_subtype;
  const target = `vcbench-${record.id}`;
  const qp = record.query_points;
  // each point keeps its place in the file (`probe`): runs name query_points[i] by i (query_index), and
  // the release's MoC and UDA take them in that order — 15 O1-Snap questions list them out of time order
  const points = qp.time.map((t, i) => ({
    time: textOf(['query_points', 'time', i], t),
    answer: qp.count[i] ?? null,
    evidence: [],
    proactiveTime: null,
    windowStart: null as EncodedTime | null,
    probe: i,
  }));
  const marks: ExchangeMark[] = [];
  const o = record.occurrence_times;
  if (Array.isArray(o)) {
    o.forEach((t, i) => {
      const count = subtype === 'O1-Snap' ? (qp.count[qp.time.findIndex((q) => Math.abs(q - t) < 1e-9)] ?? null) : null;
      const mark = markFor(subtype, target, t, null, count);
      if (mark) marks.push({ mark, startText: textOf(['occurrence_times', i], t), endText: null });
    });
  } else if (subtype === 'O1-Delta' || subtype === 'O2-Gain') {
    // a window per query point: its start is the baseline, its end the query time
    o.start.forEach((s, i) => {
      const point = points[i];
      if (point) point.windowStart = textOf(['occurrence_times', 'start', i], s);
    });
  } else {
    o.start.forEach((s, i) => {
      const e = o.end[i] ?? s;
      const mark = markFor(subtype, target, s, e, null);
      if (mark) marks.push({ mark, startText: textOf(['occurrence_times', 'start', i], s), endText: textOf(['occurrence_times', 'end', i], e) });
    });
  }
  const question = itemQuestion({ taskCode: subtype, text: record.question, answerKind: 'number', counting: { subcategory: subtype, target, windowSeconds: null } });
  const order = fileOrderOf(marks);
  return {
    profile: 'vcbench',
    videoPath: record.video_path,
    sourceDataset: record.source_dataset,
    question,
    points,
    marks,
    extra: {
      id: record.id,
      counting_type: record.counting_type,
      windowEnds: Array.isArray(o) ? null : o.end.map((e, i) => textOf(['occurrence_times', 'end', i], e)),
      ...(order ? { occurrenceOrder: order } : {}),
    },
  };
}

/**
 * The occurrences as [start, end] seconds in the file's order, where that is not time order (0935
 * lists its episodes so): a project gives marks back in time order, and the export writes this order
 * while the marks still are these occurrences. Null where time order is the file's.
 */
function fileOrderOf(marks: readonly ExchangeMark[]): Array<[number, number]> | null {
  const pairs = marks.map(({ mark }): [number, number] => [mark.start, mark.end ?? mark.start]);
  const timeOrdered = pairs.every((p, i) => i === 0 || pairs[i - 1]![0] < p[0] || (pairs[i - 1]![0] === p[0] && pairs[i - 1]![1] <= p[1]));
  return timeOrdered ? null : pairs;
}

const occurrenceOrderSchema = z.array(z.tuple([z.number(), z.number()]));

/**
 * The occurrences in the order an imported file gave them (extra.occurrenceOrder) when they are
 * still exactly those, each matched to one of the same seconds; null once the marks were edited
 * (one moved, added or removed) or none was kept — then they are written in time order.
 */
function inFileOrder<O extends { start: EncodedTime; end: EncodedTime }>(occurrences: readonly O[], kept: unknown): O[] | null {
  const order = occurrenceOrderSchema.safeParse(kept);
  if (!order.success || order.data.length !== occurrences.length) return null;
  const left = [...occurrences];
  const out: O[] = [];
  for (const [start, end] of order.data) {
    const k = left.findIndex((o) => o.start.seconds === start && o.end.seconds === end);
    if (k < 0) return null;
    out.push(left.splice(k, 1)[0]!);
  }
  return out;
}

/**
 * Item fields → record fields. Points are query_points.time/count by position; marks are the
 * occurrence times by position (a list, or start/end lists); the counting target is made of the id.
 */
export const vcbenchFieldSource =
  (record: VcbenchData): FieldSource =>
  ([part, a, b]) => {
    if (part === 'question') return a === 'text' ? ['question'] : a === 'counting' ? ['id'] : a === 'taskCode' ? ['counting_subtype'] : null;
    if (part === 'points') return b === 'time' ? ['query_points', 'time', a!] : b === 'answer' ? ['query_points', 'count', a!] : b === 'windowStart' ? ['occurrence_times', 'start', a!] : null;
    if (part !== 'marks') return null;
    if (b === 'target') return ['id'];
    if (Array.isArray(record.occurrence_times)) return ['occurrence_times', a!];
    return ['occurrence_times', b === 'end' ? 'end' : 'start', a!];
  };

const writeTime = (t: EncodedTime) => jsonTime(t);

/**
 * The count a query point is written with: its answer key (shared/answer-key.ts) — the count stored
 * (an imported file's, as it gave it), else the count the item's marks give (a question authored by
 * marking stores none), as readiness checks it.
 */
function countKey(item: ExchangeItem, p: ExchangePoint): number {
  const key = answerKey(
    item.question,
    { answer: p.answer, time: p.time.seconds, windowStart: p.windowStart?.seconds ?? null },
    item.marks.map((m) => m.mark),
  );
  return typeof key.answer === 'number' ? key.answer : Number(key.answer ?? 0);
}

/**
 * The occurrences an item's subtype counts, as {start, end} texts: only marks of the types its rule
 * counts (counting.ts marksFor) on its target — a target's cycles are no E1 events — and a cycle with
 * split points as the cycles it counts, one ending at each split and one at its end. A span or cycle
 * still open in the project has no end to write: it is not an occurrence yet.
 */
function occurrencesOf(item: ExchangeItem, subtype: CountingSubcategory, target: string, points: readonly ExchangePoint[]): Array<{ start: EncodedTime; end: EncodedTime }> {
  const counted = marksFor(subtype);
  const out: Array<{ start: EncodedTime; end: EncodedTime }> = [];
  for (const m of item.marks) {
    if (m.mark.target !== target || !counted.includes(m.mark.type) || isOpenInterval(m.mark)) continue;
    const start = m.startText ?? encoded(m.mark.start);
    const end = m.mark.end === null ? start : (m.endText ?? encoded(m.mark.end));
    const splits = m.mark.type === 'cycle' ? [...m.mark.data.splits].sort((a, b) => a - b) : [];
    const edges = [start, ...splits.map((s) => encoded(s)), end];
    for (let i = 0; i + 1 < edges.length; i++) out.push({ start: edges[i]!, end: edges[i + 1]! });
  }
  out.sort((a, b) => a.start.seconds - b.start.seconds);
  const asImported = inFileOrder(out, item.extra.occurrenceOrder);
  if (asImported) return asImported;
  if (subtype !== 'O1-Snap') return out;
  // an O1-Snap snapshot is taken at a query point: the release lists them as its query points, in their order
  const place = (o: { start: EncodedTime }): number => {
    const i = points.findIndex((p) => Math.abs(p.time.seconds - o.start.seconds) < 1e-9);
    return i < 0 ? points.length : i;
  };
  return out.sort((a, b) => place(a) - place(b)); // stable: snapshots at no query point stay in time order, last
}

/** Points in the file's order where each kept its place (`probe`), else in time order. */
const fileOrder = (points: readonly ExchangePoint[]): ExchangePoint[] =>
  [...points].sort(points.every((p) => p.probe !== undefined) ? (a, b) => a.probe! - b.probe! : (a, b) => a.time.seconds - b.time.seconds);

/**
 * One data record. Its id is the item's: an export from a project gives a question with none (made
 * before ids were given) a free one first (benchmark-ids.ts exportedBenchmarkIds); `index` numbers only
 * items handed in with none.
 */
export function itemToVcbench(item: ExchangeItem, index: number): Record<string, unknown> {
  const counting = item.question.counting;
  if (!counting) throw new Error('not a counting question');
  const subtype = counting.subcategory;
  const id = typeof item.extra.id === 'string' ? item.extra.id : String(index).padStart(4, '0');
  const points = fileOrder(item.points);
  let occurrence: unknown;
  if (subtype === 'O1-Delta' || subtype === 'O2-Gain') {
    const ends = Array.isArray(item.extra.windowEnds) ? (item.extra.windowEnds as EncodedTime[]) : null;
    occurrence = {
      start: points.map((p) => writeTime(p.windowStart ?? p.time)),
      end: points.map((p, i) => writeTime(ends?.[i] && Math.abs(ends[i]!.seconds - p.time.seconds) < 1e-9 ? ends[i]! : p.time)),
    };
  } else {
    const occurrences = occurrencesOf(item, subtype, counting.target, points);
    occurrence = INTERVALS.has(subtype) ? { start: occurrences.map((o) => writeTime(o.start)), end: occurrences.map((o) => writeTime(o.end)) } : occurrences.map((o) => writeTime(o.start));
  }
  return {
    id,
    source_dataset: item.sourceDataset ?? '',
    video_path: item.videoPath,
    question: item.question.text,
    counting_type: typeof item.extra.counting_type === 'string' ? item.extra.counting_type : subtype.slice(0, 2),
    counting_subtype: subtype,
    occurrence_times: occurrence,
    query_points: { time: points.map((p) => writeTime(p.time)), count: points.map((p) => countKey(item, p)) },
  };
}

/** How a subtype counts at t, for a warning: what the occurrence times were counted by. */
function ruleAt(subtype: CountingSubcategory, t: number): string {
  if (subtype === 'O1-Snap') return `the count at the last occurrence at or before ${t} s`;
  if (subtype === 'O1-Delta' || subtype === 'O2-Gain') return `those in the window ending at ${t} s`;
  if (subtype === 'E2-Episode' || subtype === 'E2-Periodic') return `those ending at or before ${t} s`;
  return `those at or before ${t} s`;
}

/**
 * Where a record's counts are not what its occurrence times give by its subtype's rule (counting.ts,
 * boundaries inclusive): warnings for `validate` (46 questions of the release's own file, 62 query
 * points) — the file's count stays the answer key. Window subtypes bring no marks and are not checked.
 */
export function vcbenchCountWarnings(item: ExchangeItem): Array<{ path: FieldPath; reason: string }> {
  const counting = item.question.counting;
  if (!counting) return [];
  const marks = item.marks.map((m) => m.mark);
  const warnings: Array<{ path: FieldPath; reason: string }> = [];
  item.points.forEach((p, k) => {
    const d = countDisagreement(item.question, { answer: p.answer, time: p.time.seconds, windowStart: p.windowStart?.seconds ?? null }, marks);
    if (d)
      warnings.push({
        path: ['points', k, 'answer'],
        reason: `the file says ${d.stored}; its occurrence times give ${d.derived} (${counting.subcategory}: ${ruleAt(counting.subcategory, p.time.seconds)})`,
      });
  });
  return warnings;
}

/** The eval JSONL: one row per query point, numbered across the file. */
export function itemsToVcbenchEval(items: readonly ExchangeItem[]): Array<Record<string, unknown>> {
  return [...vcbenchEvalRecords(items)];
}

/** The eval rows one at a time (q_id runs over the whole file), for an exporter that paces itself. */
export function* vcbenchEvalRecords(items: Iterable<ExchangeItem>): Generator<Record<string, unknown>> {
  let row = 0;
  let i = 0;
  for (const item of items) {
    const data = itemToVcbench(item, i++);
    const qp = data.query_points as { time: unknown[]; count: number[] };
    for (const [k, t] of qp.time.entries()) {
      yield {
        q_id: String(row++).padStart(4, '0'),
        query_index: k,
        id: data.id,
        source_dataset: data.source_dataset,
        video_path: data.video_path,
        question: data.question,
        counting_type: data.counting_type,
        counting_subtype: data.counting_subtype,
        query_time: t,
        count: qp.count[k],
      };
    }
  }
}
