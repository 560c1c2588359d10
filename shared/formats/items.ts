// The exchange item: one benchmark question as the format adapters read and write it, between a
// file's records and the project's questions, query points and marks. Times carry the text they
// were written with, so a re-export is faithful.
import type { MarkInput } from '../marks';
import type { ProfileKind } from '../profiles';
import type { QuestionFields } from '../questions';
import { numberSource, PyFloat, RawNumber, type NumberSources } from './json-text';
import type { EncodedTime } from './time-encoding';

export interface ExchangePoint {
  time: EncodedTime;
  answer: string | number | null;
  evidence: Array<[EncodedTime, EncodedTime]>;
  proactiveTime: EncodedTime | null;
  windowStart: EncodedTime | null;
}

export interface ExchangeMark {
  mark: MarkInput;
  startText: EncodedTime | null;
  endText: EncodedTime | null;
}

export interface ExchangeItem {
  profile: ProfileKind;
  /** The video as the file names it (relative to the media folder). */
  videoPath: string;
  sourceDataset: string | null;
  question: Omit<QuestionFields, 'profileId'>;
  points: ExchangePoint[];
  marks: ExchangeMark[];
  /** Fields a format has that Tidemark does not model, kept verbatim for re-export (e.g. ids). */
  extra: Record<string, unknown>;
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
  let container: unknown = raw?.value;
  for (const part of path.slice(0, -1)) container = container && typeof container === 'object' ? (container as Record<string, unknown>)[part as string] : undefined;
  const text = raw && container && typeof container === 'object' ? numberSource(raw.numbers, container, String(path.at(-1)), value) : undefined;
  return encoded(value, text);
}
