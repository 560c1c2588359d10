// The exchange item: one benchmark question as the format adapters read and write it, between a
// file's records and the project's questions, query points and marks. Times carry the text they
// were written with, so a re-export is faithful.
import { benchmarkOf } from '../benchmarks';
import type { MarkInput } from '../marks';
import type { ProfileKind } from '../profiles';
import type { QuestionFields } from '../questions';
import type { FieldPath } from './json-syntax';
import type { NumberSources } from './parse-json';
import { PyFloat, RawNumber } from './python-json';
import type { EncodedTime } from './time-encoding';

export type { FieldPath } from './json-syntax';

export interface ExchangePoint {
  time: EncodedTime;
  answer: string | number | null;
  evidence: Array<[EncodedTime, EncodedTime]>;
  proactiveTime: EncodedTime | null;
  windowStart: EncodedTime | null;
  /** Its place in the file's list of probes, for formats whose runs name probes by it (OVO-Bench test_info[i]). */
  probe?: number;
}

export interface ExchangeMark {
  mark: MarkInput;
  startText: EncodedTime | null;
  endText: EncodedTime | null;
}

export type ItemQuestion = Omit<QuestionFields, 'profileId'>;

export interface ExchangeItem {
  profile: ProfileKind;
  /** The video as the file names it (relative to the media folder). */
  videoPath: string;
  sourceDataset: string | null;
  question: ItemQuestion;
  points: ExchangePoint[];
  marks: ExchangeMark[];
  /** Fields a format has that Tidemark does not model, kept verbatim for re-export (e.g. ids). */
  extra: Record<string, unknown>;
}

/**
 * A question with what a format does not say at the domain's defaults. Not checked here: readers
 * check whole items against the domain schemas (item-check.ts), so a bad field is a located problem.
 */
export function itemQuestion(fields: Partial<ItemQuestion>): ItemQuestion {
  return {
    taskCode: null,
    text: '',
    answerKind: 'choice',
    options: {},
    temporalType: null,
    group: null,
    entities: [],
    facets: {},
    counting: null,
    status: 'draft',
    guidelineVersion: null,
    round: 0,
    origin: null,
    ...fields,
  };
}

/**
 * Where an item's field came from in its record (item path "question.text" ← record path
 * "question"), so that a problem found in the item is named the way the file names it; null when
 * no one field of the record made it. Item paths are those of `itemIssues`.
 */
export type FieldSource = (itemPath: FieldPath) => FieldPath | null;

/**
 * The record field an item's benchmark id is read from (the key of `extra` holding it), if its format
 * has ids — its benchmark's `idField`; a custom profile's items keep their records' `id`.
 */
export function benchmarkIdField(item: Pick<ExchangeItem, 'profile'>): string | null {
  return benchmarkOf({ kind: item.profile }).idField;
}

/**
 * The id the benchmark gave this item (VCBench "0944", RTV "q-group-…-2", VSAS task_id, OVO ids as
 * text), for items read from a file or rebuilt from a project (`rowsToItem`); null when it has none.
 */
export function benchmarkIdOf(item: Pick<ExchangeItem, 'profile' | 'extra'>): string | null {
  const key = benchmarkIdField(item);
  const id = key === null ? undefined : item.extra[key];
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? String(id) : null;
}

/** Seconds with the text a file wrote them as; '' when they did not come from a file. */
export function encoded(seconds: number, text?: string): EncodedTime {
  return { seconds, text: text ?? '', style: 'seconds' };
}

const JSON_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A time for a JSON file: the source text when it still says these seconds (a file's "663.0" or
 * "21" is written back as it was); otherwise a float ("25.0") where the format writes floats, else
 * the plain number.
 */
export function jsonTime(t: EncodedTime, options: { float?: boolean } = {}): number | PyFloat | RawNumber {
  if (JSON_NUMBER.test(t.text) && Number(t.text) === t.seconds) return new RawNumber(t.text);
  return options.float || !Number.isInteger(t.seconds) ? new PyFloat(t.seconds) : t.seconds;
}

/** The raw parsed record and its number texts (zod's output is a copy, so texts are looked up here). */
export interface RawSource {
  value: unknown;
  numbers: NumberSources;
}

/** The number at `path` in a raw record, with the text the file wrote it as. */
export function numberAt(raw: RawSource | undefined, path: ReadonlyArray<string | number>, value: number): EncodedTime {
  if (!raw) return encoded(value);
  // called for every time of every record: a plain loop, no copies of the path
  let container: unknown = raw.value;
  const last = path.length - 1;
  for (let k = 0; k < last && container; k++) container = typeof container === 'object' ? (container as Record<string, unknown>)[path[k] as string] : undefined;
  if (!container || typeof container !== 'object') return encoded(value);
  return encoded(value, raw.numbers.get(container)?.get(String(path[last])) ?? String(value));
}
