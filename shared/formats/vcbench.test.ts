import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deriveCount } from '../counting';
import type { Mark } from '../marks';
import { parseJsonKeepingNumbers } from './parse-json';
import { toPythonJson } from './python-json';
import type { CountingSubcategory } from '../profiles';
import { encoded, itemQuestion, type ExchangeItem, type ExchangeMark } from './items';
import { itemsToVcbenchEval, itemToVcbench, vcbenchCountWarnings, vcbenchDataSchema, vcbenchToItem } from './vcbench';

const fixtures = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external', 'vcbench');
const lines = (file: string): string[] => readFileSync(join(fixtures, file), 'utf8').split('\n').filter(Boolean);
/** The release's whole data file (CC BY 4.0, committed gzipped with the scoring fixtures). */
const releaseLines = (): string[] =>
  gunzipSync(readFileSync(join(__dirname, '..', 'scoring', 'fixtures', 'vcbench', 'vcbench_data.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean);
const itemOf = (line: string): ExchangeItem => {
  const raw = parseJsonKeepingNumbers(line);
  return vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw);
};

describe('VCBench data JSONL', () => {
  it('imports and re-exports every fixture line byte for byte (one of each subtype)', () => {
    const data = lines('vcbench_data.sample.jsonl');
    expect(data).toHaveLength(8);
    for (const line of data) {
      const raw = parseJsonKeepingNumbers(line);
      const record = vcbenchDataSchema.parse(raw.value);
      const item = vcbenchToItem(record, raw);
      expect(toPythonJson(itemToVcbench(item, 0))).toBe(line);
    }
  });

  it("imports and re-exports all 1,000 lines of the release's data file byte for byte", () => {
    const data = releaseLines();
    expect(data).toHaveLength(1000);
    const differing = data.filter((line) => toPythonJson(itemToVcbench(itemOf(line), 0)) !== line);
    expect(differing).toEqual([]);
  });

  it('writes occurrences in the order the file gave them (0935 lists its episodes out of time order), also when its marks come back in time order', () => {
    const line = releaseLines().find((l) => l.startsWith('{"id": "0935"'))!;
    const item = itemOf(line);
    // a project gives a question's marks back in time order
    const stored = { ...item, marks: [...item.marks].sort((a, b) => a.mark.start - b.mark.start) };
    expect(toPythonJson(itemToVcbench(stored, 0))).toBe(line);
  });

  it('writes occurrences in time order once its marks were edited (moved, added or removed)', () => {
    const line = releaseLines().find((l) => l.startsWith('{"id": "0935"'))!;
    const item = itemOf(line);
    const starts = (marks: ExchangeMark[]) => (JSON.parse(toPythonJson(itemToVcbench({ ...item, marks }, 0))) as { occurrence_times: { start: number[] } }).occurrence_times.start;
    // as the project gives a moved mark back: its new seconds with the text it was imported as
    const moved = item.marks.map((m, i) => (i === 6 ? { ...m, mark: { ...m.mark, start: 87 }, startText: { ...m.startText!, seconds: 87 } } : m));
    expect(starts(moved)).toEqual([0, 49.6, 87, 115.8, 149.4, 188.5, 228.6]);
    expect(starts(item.marks.slice(0, 6))).toEqual([0, 49.6, 115.8, 149.4, 188.5, 228.6]);
    const added = { mark: { type: 'span' as const, start: 300, end: 310, target: item.marks[0]!.mark.target, data: {} }, startText: null, endText: null };
    expect(starts([added, ...item.marks])).toEqual([0, 49.6, 86.2, 115.8, 149.4, 188.5, 228.6, 300]);
  });

  it('turns occurrence times into the marks its rules count, so derived answers equal the file', () => {
    for (const line of lines('vcbench_data.sample.jsonl')) {
      const raw = parseJsonKeepingNumbers(line);
      const record = vcbenchDataSchema.parse(raw.value);
      if (record.counting_subtype === 'O1-Delta' || record.counting_subtype === 'O2-Gain') continue; // windows: answers are given
      const item = vcbenchToItem(record, raw);
      const marks = item.marks.map((m, i) => ({ ...m.mark, id: `m${i}`, videoId: 'v' }) as Mark);
      const derived = item.points.map((p) => deriveCount(marks, item.question.counting!, { time: p.time.seconds }));
      expect({ subtype: record.counting_subtype, derived }).toEqual({ subtype: record.counting_subtype, derived: record.query_points.count });
    }
  });

  it('writes the eval file: one row per query point', () => {
    const data = lines('vcbench_data.sample.jsonl').map((line) => {
      const raw = parseJsonKeepingNumbers(line);
      return vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw);
    });
    const rows = itemsToVcbenchEval(data);
    const first = lines('vcbench_eval.sample.jsonl')[0]!;
    expect(toPythonJson(rows[0])).toBe(first);
    expect(rows).toHaveLength(data.reduce((n, item) => n + item.points.length, 0));
  });

  it('writes a count stored as the key, and where none is stored (authored by marking) the count the marks give', () => {
    const line = lines('vcbench_data.sample.jsonl').find((l) => l.includes('"E1-Transit"'))!;
    const raw = parseJsonKeepingNumbers(line);
    const item = vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw);
    const written = (over: typeof item) => (itemToVcbench(over, 0).query_points as { count: number[] }).count;
    const derived = item.points.map((p) =>
      deriveCount(
        item.marks.map((m, i) => ({ ...m.mark, id: `m${i}`, videoId: 'v' }) as Mark),
        item.question.counting!,
        { time: p.time.seconds },
      ),
    );
    expect(derived.some((c) => c > 0)).toBe(true);
    expect(written({ ...item, points: item.points.map((p) => ({ ...p, answer: null })) })).toEqual(derived);
    expect(written({ ...item, points: item.points.map((p) => ({ ...p, answer: 99 })) })).toEqual(item.points.map(() => 99));
  });

  it('leaves out an open span or cycle (one not closed yet has no end to write)', () => {
    const line = lines('vcbench_data.sample.jsonl').find((l) => l.includes('"E2-Episode"'))!;
    const raw = parseJsonKeepingNumbers(line);
    const item = vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw);
    const open = { mark: { type: 'span' as const, start: 1, end: null, target: item.marks[0]!.mark.target, data: {} }, startText: null, endText: null };
    expect(toPythonJson(itemToVcbench({ ...item, marks: [...item.marks, open] }, 0))).toBe(line);
  });

  it('writes exactly the marks its subtype counts: an E1 question whose target also has cycles writes its events only', () => {
    // authored by marking: events at 8 and 16 and two cycles [0, 8], [8, 16] of the same target
    const target = 'jumps';
    const mark = (m: ExchangeMark['mark']): ExchangeMark => ({ mark: m, startText: null, endText: null });
    const marks = [
      mark({ type: 'cycle', start: 0, end: 8, target, data: { splits: [] } }),
      mark({ type: 'event', start: 8, end: null, target, data: {} }),
      mark({ type: 'cycle', start: 8, end: 16, target, data: { splits: [] } }),
      mark({ type: 'event', start: 16, end: null, target, data: {} }),
      mark({ type: 'identity', start: 3, end: null, target, data: { label: '' } }),
    ];
    const item = (subcategory: CountingSubcategory): ExchangeItem => ({
      profile: 'vcbench',
      videoPath: 'v.mp4',
      sourceDataset: null,
      question: itemQuestion({ taskCode: subcategory, text: 'How many?', answerKind: 'number', counting: { subcategory, target, windowSeconds: null } }),
      points: [4, 8, 16].map((t) => ({ time: encoded(t), answer: null, evidence: [], proactiveTime: null, windowStart: null })),
      marks,
      extra: {},
    });
    const written = (s: CountingSubcategory) => itemToVcbench(item(s), 0) as { occurrence_times: unknown; query_points: { count: number[] } };
    expect(written('E1-Action')).toMatchObject({ occurrence_times: [8, 16], query_points: { count: [0, 1, 2] } });
    expect(written('O2-Unique')).toMatchObject({ occurrence_times: [3], query_points: { count: [1, 1, 1] } });
    expect(written('E2-Periodic')).toMatchObject({ occurrence_times: { start: [0, 8], end: [8, 16] }, query_points: { count: [0, 1, 2] } });
    // re-read, each file gives back the counts it was written with
    for (const s of ['E1-Action', 'O2-Unique', 'E2-Periodic'] as const) {
      const line = toPythonJson(written(s));
      const raw = parseJsonKeepingNumbers(line);
      expect(vcbenchCountWarnings(vcbenchToItem(vcbenchDataSchema.parse(raw.value), raw))).toEqual([]);
    }
  });

  it('writes a cycle with split points as the cycles its rule counts (each split ends one)', () => {
    const target = 'spins';
    const base = vcbenchToItem(vcbenchDataSchema.parse(JSON.parse(lines('vcbench_data.sample.jsonl').find((l) => l.includes('"E2-Periodic"'))!)));
    const item: ExchangeItem = {
      ...base,
      question: { ...base.question, counting: { subcategory: 'E2-Periodic', target, windowSeconds: null } },
      points: [5, 10].map((t) => ({ time: encoded(t), answer: null, evidence: [], proactiveTime: null, windowStart: null })),
      marks: [{ mark: { type: 'cycle', start: 0, end: 9, target, data: { splits: [3, 6] } }, startText: null, endText: null }],
    };
    expect(itemToVcbench(item, 0)).toMatchObject({ occurrence_times: { start: [0, 3, 6], end: [3, 6, 9] }, query_points: { count: [1, 3] } });
  });

  it("warns where a file's counts are not what its occurrence times give by the subtype's rule (an assist, never a problem)", () => {
    const line = lines('vcbench_data.sample.jsonl').find((l) => l.includes('"E1-Transit"'))!;
    const record = vcbenchDataSchema.parse(JSON.parse(line));
    const bumped = { ...record, query_points: { ...record.query_points, count: record.query_points.count.map((c, i) => (i === 1 ? c + 1 : c)) } };
    const warnings = vcbenchCountWarnings(vcbenchToItem(bumped));
    const t = record.query_points.time[1]!;
    expect(warnings).toEqual([
      {
        path: ['points', 1, 'answer'],
        reason: `the file says ${record.query_points.count[1]! + 1}; its occurrence times give ${record.query_points.count[1]} (E1-Transit: those at or before ${t} s)`,
      },
    ]);
    expect(vcbenchCountWarnings(vcbenchToItem(record))).toEqual([]);
    // windows make no marks: their counts are the file's alone
    const delta = vcbenchDataSchema.parse(JSON.parse(lines('vcbench_data.sample.jsonl').find((l) => l.includes('"O1-Delta"'))!));
    expect(vcbenchCountWarnings(vcbenchToItem(delta))).toEqual([]);
  });

  it('rejects malformed records with the field named', () => {
    const bad = vcbenchDataSchema.safeParse({ ...JSON.parse(lines('vcbench_data.sample.jsonl')[0]!), query_points: { time: [1, 2], count: [1] } });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['query_points', 'count']);
  });
});
