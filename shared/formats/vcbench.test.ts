import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveCount } from '../counting';
import type { Mark } from '../marks';
import { parseJsonKeepingNumbers, toPythonJson } from './json-text';
import { itemsToVcbenchEval, itemToVcbench, vcbenchDataSchema, vcbenchToItem } from './vcbench';

const fixtures = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'external', 'vcbench');
const lines = (file: string): string[] => readFileSync(join(fixtures, file), 'utf8').split('\n').filter(Boolean);

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
    const derived = item.points.map((p) => deriveCount(item.marks.map((m, i) => ({ ...m.mark, id: `m${i}`, videoId: 'v' }) as Mark), item.question.counting!, { time: p.time.seconds }));
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

  it('rejects malformed records with the field named', () => {
    const bad = vcbenchDataSchema.safeParse({ ...JSON.parse(lines('vcbench_data.sample.jsonl')[0]!), query_points: { time: [1, 2], count: [1] } });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['query_points', 'count']);
  });
});
