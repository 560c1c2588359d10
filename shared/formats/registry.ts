// The benchmark file formats Tidemark reads and writes, by name: each turns file text into exchange
// items (with every problem located as file:line:field; see reading.ts) and items back into file text.
import type { ProfileDefinition, ProfileKind } from '../profiles';
import type { ExchangeItem } from './items';
import { decodingText } from './decode-text';
import { toPythonJson } from './python-json';
import { arrayReader, byLine, jsonlReader, type ReadOptions, type Reading } from './reading';
import { ovoSRecords, ovoSFieldSource, ovoSRecordSchema, ovoSToItem } from './ovo-s';
import { itemsToPhostream, phostreamFieldSource, phostreamToItems, phostreamVideoSchema } from './phostream';
import { itemsToRtv, rtvFieldSource, rtvRecordSchema, rtvToItem } from './rtv';
import { vcbenchCountWarnings, vcbenchEvalRecords, itemToVcbench, vcbenchDataSchema, vcbenchFieldSource, vcbenchToItem } from './vcbench';
import { itemToVsas, vsasFieldSource, vsasTaskSchema, vsasToItem } from './vsas';
import { ovoBenchFieldSource, ovoBenchItemSchema, ovoBenchProfile, ovoBenchToItem } from './ovo-bench';
import { streamingBenchFieldSource, streamingBenchProfile, streamingBenchRecordSchema, streamingBenchToItems, streamingBenchWarnings } from './streamingbench';

export { readAll, type FormatRead, type LocatedItem, type Reading } from './reading';

export interface BenchmarkFormat {
  id: string;
  label: string;
  profile: ProfileKind;
  /** For formats no built-in profile fits: the custom profile their items land in. */
  customProfile?: (items: readonly ExchangeItem[]) => ProfileDefinition;
  extension: string;
  read?: (text: string, file: string, options?: ReadOptions) => Reading;
  write?: (items: readonly ExchangeItem[]) => string;
  /**
   * JSONL formats: the records `write` puts one a line, made as the items come (an exporter may make
   * the items, and serialise the records, a slice at a time).
   */
  records?: (items: Iterable<ExchangeItem>) => Iterable<unknown>;
}

/** The text of a JSONL record as `write` puts it on its line. */
export const jsonlLine = (record: unknown): string => toPythonJson(record);

/**
 * A file's bytes read in a format: decoded with decodeText, whose problems (lines that are not
 * UTF-8) come first in the result and whose lines' records are not read.
 */
export function readBytes(format: BenchmarkFormat & Required<Pick<BenchmarkFormat, 'read'>>, bytes: Uint8Array, file: string): Reading {
  // decoded a step at a time too, before the first record is read
  const decoding = decodingText(bytes, file);
  let decoded: ReturnType<typeof decoding.result> | null = null;
  let reading: Reading | null = null;
  return {
    step(records) {
      if (!reading) {
        if (!decoded) {
          if (decoding.step()) decoded = decoding.result();
          // (a step of decoding, or the text joined: records are read from the next step on)
          return false;
        }
        reading = format.read(decoded.text, file, { unreadableLines: new Set(decoded.problems.map((p) => p.line)) });
      }
      return reading.step(records);
    },
    get fraction() {
      return reading?.fraction ?? 0;
    },
    get problemCount() {
      return (decoded?.problems.length ?? 0) + (reading?.problemCount ?? 0);
    },
    drain: () => reading?.drain() ?? [],
    result() {
      // (read by stepping first; a result asked for sooner is of what was read so far)
      while (!reading) this.step(0);
      const read = reading!.result();
      return decoded!.problems.length === 0 ? read : { ...read, problems: [...decoded!.problems, ...read.problems].sort(byLine) };
    },
  };
}

/** VCBench rows need counting settings; a forced export leaves the others out (readiness lists them). */
function* counting(items: Iterable<ExchangeItem>): Generator<ExchangeItem> {
  for (const item of items) if (item.question.counting) yield item;
}

const jsonl = (records: unknown[]): string => records.map(jsonlLine).join('\n') + (records.length ? '\n' : '');

/** A JSONL writer: its records (one a line) and the file they make, so an exporter can also write a line at a time. */
const jsonlWriter = (records: (items: Iterable<ExchangeItem>) => Iterable<unknown>) => ({ records, write: (items: readonly ExchangeItem[]) => jsonl([...records(items)]) });

export const FORMATS: readonly BenchmarkFormat[] = [
  {
    id: 'vcbench',
    label: 'VCBench data JSONL',
    profile: 'vcbench',
    extension: 'jsonl',
    read: jsonlReader({ schema: vcbenchDataSchema, toItems: (r, raw) => [vcbenchToItem(r, raw)], source: vcbenchFieldSource, warnings: vcbenchCountWarnings }),
    ...jsonlWriter(function* (items) {
      let i = 0;
      for (const item of items) if (item.question.counting) yield itemToVcbench(item, i++);
    }),
  },
  { id: 'vcbench-eval', label: 'VCBench eval JSONL (one row per query point)', profile: 'vcbench', extension: 'jsonl', ...jsonlWriter((items) => vcbenchEvalRecords(counting(items))) },
  {
    id: 'ovo-s',
    label: 'OVO-S-Bench JSONL',
    profile: 'ovo-s-bench',
    extension: 'jsonl',
    read: jsonlReader({ schema: ovoSRecordSchema, toItems: (r, raw) => [ovoSToItem(r, raw)], source: ovoSFieldSource }),
    ...jsonlWriter(ovoSRecords),
  },
  {
    id: 'phostream',
    label: 'PhoStream release JSON',
    profile: 'phostream',
    extension: 'json',
    read: arrayReader({ schema: phostreamVideoSchema, toItems: (r) => phostreamToItems(r), source: phostreamFieldSource }),
    write: (items) => `${toPythonJson(itemsToPhostream(items), { indent: 4, ensureAscii: false })}\n`,
  },
  {
    id: 'ovo-bench',
    label: 'OVO-Bench items JSON (import; into a custom "OVO-Bench" profile)',
    profile: 'custom',
    extension: 'json',
    read: arrayReader({ schema: ovoBenchItemSchema, toItems: (r, raw) => [ovoBenchToItem(r, raw)], source: ovoBenchFieldSource }),
    customProfile: () => ovoBenchProfile(),
  },
  {
    id: 'streamingbench',
    label: 'StreamingBench questions JSON (import; into a custom "StreamingBench" profile)',
    profile: 'custom',
    extension: 'json',
    read: arrayReader({ schema: streamingBenchRecordSchema, toItems: (r) => streamingBenchToItems(r), source: streamingBenchFieldSource, warnings: streamingBenchWarnings }),
    customProfile: streamingBenchProfile,
  },
  {
    id: 'vsas',
    label: 'VSAS-Bench tasks JSONL (Tidemark’s schema: the paper publishes none)',
    profile: 'vsas-bench',
    extension: 'jsonl',
    read: jsonlReader({ schema: vsasTaskSchema, toItems: (r) => [vsasToItem(r)], source: vsasFieldSource }),
    ...jsonlWriter(function* (items) {
      let i = 0;
      for (const item of items) yield itemToVsas(item, i++);
    }),
  },
  {
    id: 'rtv',
    label: 'RTV-Bench QA list (JSON)',
    profile: 'rtv-bench',
    extension: 'json',
    read: arrayReader({ schema: rtvRecordSchema, toItems: (r, raw) => [rtvToItem(r, raw)], source: rtvFieldSource }),
    write: (items) => `${toPythonJson(itemsToRtv(items), { indent: 4, ensureAscii: false })}\n`,
  },
];

export function findFormat(id: string): BenchmarkFormat | null {
  return FORMATS.find((f) => f.id === id) ?? null;
}
