// The benchmark file formats Tidemark reads and writes, by name: each turns file text into exchange
// items (with every problem located as file:line:field) and items back into file text.
import type { z } from 'zod';
import type { ProfileDefinition, ProfileKind } from '../profiles';
import type { ExchangeItem } from './items';
import { arrayElementLines, fieldPath, forEachJsonLine, parseJsonKeepingNumbers, toPythonJson, type NumberSources, type Problem } from './json-text';
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

export interface BenchmarkFormat {
  id: string;
  label: string;
  profile: ProfileKind;
  /** For formats no built-in profile fits: the custom profile their items land in. */
  customProfile?: (items: readonly ExchangeItem[]) => ProfileDefinition;
  extension: string;
  read?: (text: string, file: string) => FormatRead;
  write?: (items: readonly ExchangeItem[]) => string;
}

function issueProblems(file: string, line: number, error: z.ZodError, prefix: Array<string | number> = []): Problem[] {
  return error.issues.map((issue) => ({ file, line, field: fieldPath([...prefix, ...issue.path]), reason: issue.message }));
}

/** JSONL: a zod schema per line, an adapter per record. */
function jsonlReader<T>(schema: z.ZodType<T>, toItem: (record: T, raw: { value: unknown; numbers: NumberSources }) => ExchangeItem) {
  return (text: string, file: string): FormatRead => {
    const items: LocatedItem[] = [];
    const invalid: Problem[] = [];
    let records = 0;
    const unparsable = forEachJsonLine(text, file, (line) => {
      records++;
      const parsed = schema.safeParse(line.value);
      if (parsed.success) items.push({ item: toItem(parsed.data, line), line: line.line });
      else invalid.push(...issueProblems(file, line.line, parsed.error));
    });
    return { items, problems: [...unparsable, ...invalid].sort((a, b) => a.line - b.line), records: records + unparsable.length };
  };
}

/** One JSON array: a zod schema per element, problems at the element's line. */
function arrayReader<T>(schema: z.ZodType<T>, toItems: (record: T, raw: { value: unknown; numbers: NumberSources }) => ExchangeItem[]) {
  return (text: string, file: string): FormatRead => {
    let parsed: { value: unknown; numbers: NumberSources };
    try {
      parsed = parseJsonKeepingNumbers(text);
    } catch (error) {
      return { items: [], problems: [{ file, line: 0, field: '', reason: `not valid JSON (${(error as Error).message})` }], records: 0 };
    }
    if (!Array.isArray(parsed.value)) return { items: [], problems: [{ file, line: 0, field: '', reason: 'expected a JSON array of records' }], records: 0 };
    const lines = arrayElementLines(text);
    const items: LocatedItem[] = [];
    const problems: Problem[] = [];
    parsed.value.forEach((element, i) => {
      const line = lines[i] ?? 0;
      const result = schema.safeParse(element);
      if (result.success) for (const item of toItems(result.data, { value: element, numbers: parsed.numbers })) items.push({ item, line });
      else problems.push(...issueProblems(file, line, result.error, [i]));
    });
    return { items, problems, records: parsed.value.length };
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
