// The benchmark file formats Tidemark reads and writes, by name: each turns file text into exchange
// items (with every problem located as file:line:field) and items back into file text.
import type { z } from 'zod';
import type { ProfileDefinition, ProfileKind } from '../profiles';
import type { ExchangeItem } from './items';
import { arrayElementLines, fieldPath, JsonLineCursor, parseJsonKeepingNumbers, toPythonJson, type NumberSources, type Problem } from './json-text';
import { itemsToOvoS, ovoSRecordSchema, ovoSToItem } from './ovo-s';
import { itemsToPhostream, phostreamToItems, phostreamVideoSchema } from './phostream';
import { itemsToRtv, rtvRecordSchema, rtvToItem } from './rtv';
import { itemsToVcbenchEval, itemToVcbench, vcbenchDataSchema, vcbenchToItem } from './vcbench';
import { itemToVsas, vsasTaskSchema, vsasToItem } from './vsas';
import { ovoBenchItemSchema, ovoBenchProfile, ovoBenchToItem } from './ovo-bench';
import { streamingBenchProfile, streamingBenchRecordSchema, streamingBenchToItems } from './streamingbench';

export interface LocatedItem {
  item: ExchangeItem;
  line: number;
}

export interface FormatRead {
  items: LocatedItem[];
  problems: Problem[];
  /** Records read (lines or array elements), good or bad. */
  records: number;
}

/**
 * A file being read a batch of records at a time, so that a long import can report how far it got
 * and be cancelled between batches.
 */
export interface Reading {
  /** Reads up to `records` more records; true once the whole file is read. */
  step(records: number): boolean;
  /** How much of the file has been read, 0–1. */
  readonly fraction: number;
  result(): FormatRead;
}

export function readAll(reading: Reading): FormatRead {
  while (!reading.step(Infinity));
  return reading.result();
}

export interface BenchmarkFormat {
  id: string;
  label: string;
  profile: ProfileKind;
  /** For formats no built-in profile fits: the custom profile their items land in. */
  customProfile?: (items: readonly ExchangeItem[]) => ProfileDefinition;
  extension: string;
  read?: (text: string, file: string) => Reading;
  write?: (items: readonly ExchangeItem[]) => string;
}

function issueProblems(file: string, line: number, error: z.ZodError, prefix: Array<string | number> = []): Problem[] {
  return error.issues.map((issue) => ({ file, line, field: fieldPath([...prefix, ...issue.path]), reason: issue.message }));
}

type Raw = { value: unknown; numbers: NumberSources };

/** JSONL: a zod schema per line, an adapter per record. */
function jsonlReader<T>(schema: z.ZodType<T>, toItem: (record: T, raw: Raw) => ExchangeItem) {
  return (text: string, file: string): Reading => {
    const cursor = new JsonLineCursor(text, file);
    const items: LocatedItem[] = [];
    const invalid: Problem[] = [];
    let records = 0;
    return {
      get fraction() {
        return cursor.fraction;
      },
      step(max) {
        for (let n = 0; n < max; n++) {
          const line = cursor.next();
          if (!line) return true;
          records++;
          const parsed = schema.safeParse(line.value);
          if (parsed.success) items.push({ item: toItem(parsed.data, line), line: line.line });
          else invalid.push(...issueProblems(file, line.line, parsed.error));
        }
        return false;
      },
      result: () => ({ items, problems: [...cursor.problems, ...invalid].sort((a, b) => a.line - b.line), records: records + cursor.problems.length }),
    };
  };
}

/** One JSON array: parsed whole in the first step, then a zod schema per element, problems at the element's line. */
function arrayReader<T>(schema: z.ZodType<T>, toItems: (record: T, raw: Raw) => ExchangeItem[]) {
  return (text: string, file: string): Reading => {
    const items: LocatedItem[] = [];
    const problems: Problem[] = [];
    let parsed: Raw | null = null;
    let elements: unknown[] = [];
    let lines: number[] = [];
    let next = 0;
    let failed = false;
    return {
      get fraction() {
        return parsed === null && !failed ? 0 : elements.length === 0 ? 1 : next / elements.length;
      },
      step(max) {
        if (failed) return true;
        if (parsed === null) {
          try {
            parsed = parseJsonKeepingNumbers(text);
          } catch (error) {
            problems.push({ file, line: 0, field: '', reason: `not valid JSON (${(error as Error).message})` });
            return (failed = true);
          }
          if (!Array.isArray(parsed.value)) {
            problems.push({ file, line: 0, field: '', reason: 'expected a JSON array of records' });
            return (failed = true);
          }
          elements = parsed.value;
          lines = arrayElementLines(text);
          return elements.length === 0;
        }
        for (const end = Math.min(elements.length, next + max); next < end; next++) {
          const element = elements[next];
          const line = lines[next] ?? 0;
          const result = schema.safeParse(element);
          if (result.success) for (const item of toItems(result.data, { value: element, numbers: parsed.numbers })) items.push({ item, line });
          else problems.push(...issueProblems(file, line, result.error, [next]));
        }
        return next >= elements.length;
      },
      result: () => ({ items, problems, records: elements.length }),
    };
  };
}

/** VCBench rows need counting settings; a forced export leaves the others out (readiness lists them). */
const counting = (items: readonly ExchangeItem[]): ExchangeItem[] => items.filter((i) => i.question.counting);

const jsonl = (records: unknown[]): string => records.map((r) => toPythonJson(r)).join('\n') + (records.length ? '\n' : '');

export const FORMATS: readonly BenchmarkFormat[] = [
  {
    id: 'vcbench',
    label: 'VCBench data JSONL',
    profile: 'vcbench',
    extension: 'jsonl',
    read: jsonlReader(vcbenchDataSchema, (r, raw) => vcbenchToItem(r, raw)),
    write: (items) => jsonl(counting(items).map((item, i) => itemToVcbench(item, i))),
  },
  { id: 'vcbench-eval', label: 'VCBench eval JSONL (one row per query point)', profile: 'vcbench', extension: 'jsonl', write: (items) => jsonl(itemsToVcbenchEval(counting(items))) },
  {
    id: 'ovo-s',
    label: 'OVO-S-Bench JSONL',
    profile: 'ovo-s-bench',
    extension: 'jsonl',
    read: jsonlReader(ovoSRecordSchema, (r, raw) => ovoSToItem(r, raw)),
    write: (items) => jsonl(itemsToOvoS(items)),
  },
  {
    id: 'phostream',
    label: 'PhoStream release JSON',
    profile: 'phostream',
    extension: 'json',
    read: arrayReader(phostreamVideoSchema, (r) => phostreamToItems(r)),
    write: (items) => `${toPythonJson(itemsToPhostream(items), { indent: 4, ensureAscii: false })}\n`,
  },
  {
    id: 'ovo-bench',
    label: 'OVO-Bench items JSON (import; into a custom "OVO-Bench" profile)',
    profile: 'custom',
    extension: 'json',
    read: arrayReader(ovoBenchItemSchema, (r, raw) => [ovoBenchToItem(r, raw)]),
    customProfile: () => ovoBenchProfile(),
  },
  {
    id: 'streamingbench',
    label: 'StreamingBench questions JSON (import; into a custom "StreamingBench" profile)',
    profile: 'custom',
    extension: 'json',
    read: arrayReader(streamingBenchRecordSchema, (r) => streamingBenchToItems(r)),
    customProfile: streamingBenchProfile,
  },
  {
    id: 'vsas',
    label: 'VSAS-Bench tasks JSONL (Tidemark’s schema: the paper publishes none)',
    profile: 'vsas-bench',
    extension: 'jsonl',
    read: jsonlReader(vsasTaskSchema, (r) => vsasToItem(r)),
    write: (items) => jsonl(items.map((item, i) => itemToVsas(item, i))),
  },
  {
    id: 'rtv',
    label: 'RTV-Bench QA list (JSON)',
    profile: 'rtv-bench',
    extension: 'json',
    read: arrayReader(rtvRecordSchema, (r, raw) => [rtvToItem(r, raw)]),
    write: (items) => `${toPythonJson(itemsToRtv(items), { indent: 4, ensureAscii: false })}\n`,
  },
];

export function findFormat(id: string): BenchmarkFormat | null {
  return FORMATS.find((f) => f.id === id) ?? null;
}
