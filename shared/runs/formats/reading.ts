// Reading another tool's result file as run lines, a batch of records at a time (so an import can
// report progress and be cancelled): each record is checked against its format's schema, and a
// problem names the file, the line of the faulty field and its path in the file, never quoting it.
import { z } from 'zod';
import { displayPath, fieldIssues, type FieldIssue } from '../../formats/issues';
import { lineAndColumn, locateJsonPath, skipValue, type FieldPath } from '../../formats/json-syntax';
import { fieldPath } from '../../formats/problems';
import { describeJsonError, parseJsonKeepingNumbers } from '../../formats/parse-json';
import { JsonLineCursor, lineSteps } from '../../formats/json-lines';
import { byLine } from '../../formats/reading';
import { parseTime } from '../../formats/time-encoding';
import type { RunFileRead, RunLine } from '../run-line';

export interface RunReadOptions {
  /** The model, for formats whose files do not name it (default: the file's name). */
  model?: string;
}

/** A file being read a batch of records at a time; `step` returns true once all is read. */
export interface RunReading {
  step(count: number): boolean;
  readonly fraction: number;
  result(): RunFileRead;
}

/**
 * A run line as a format makes it from one record: `at` is the path inside the record its line is
 * taken from (a forward probe's entry, a response in a stream); the record's first line when absent.
 */
export type RunLineDraft = Omit<RunLine, 'line' | 'query'> & { query?: number; at?: FieldPath };

/**
 * A part of a record that passed its schema but makes no line: a problem at `at` inside the record,
 * or (`unmatched`) a response the format itself can tie to no question, reported as matching none.
 */
export interface LineProblem {
  problem: string;
  at: FieldPath;
  unmatched?: boolean;
}

/** Records of one kind at one place in a file: how each is checked and what lines it makes. */
export interface RecordKind {
  /** The JSON path of the array holding the records ([] for a JSONL file's lines or a top-level array). */
  path: FieldPath;
  read(value: unknown): { lines: Array<RunLineDraft | LineProblem> } | { issues: FieldIssue[] };
}

export function recordKind<T>(path: FieldPath, schema: z.ZodType<T>, toLines: (record: T) => Array<RunLineDraft | LineProblem>): RecordKind {
  return {
    path,
    read(value) {
      const parsed = schema.safeParse(value);
      return parsed.success ? { lines: toLines(parsed.data) } : { issues: fieldIssues(parsed.error.issues) };
    },
  };
}

/** A time as the benchmarks write it ("MM:SS", "M:SS", "HH:MM:SS" or seconds as text), in seconds. */
export const clockSeconds = z.string().transform((v, ctx) => {
  const r = parseTime(v);
  if (r.ok) return r.value.seconds;
  ctx.addIssue({ code: 'custom', message: r.error });
  return z.NEVER;
});

/** The model a file's lines are of when the file does not say: the caller's, else the file's name. */
export const modelOf = (file: string, options: RunReadOptions = {}): string => options.model?.trim() || file.replace(/\.jsonl?$/i, '') || file;

/**
 * A response a result file stored as a list of strings (OVO-Bench's QWen2VL results): the line's text
 * is them joined by newlines and meta keeps the list (`responseList`), as its release scores a list
 * otherwise than its text (`gt in list` is membership).
 */
export const listResponse = (list: readonly string[]): { response: string; meta: { responseList: string[] } } => ({ response: list.join('\n'), meta: { responseList: [...list] } });

/** The list a response was stored as (see listResponse), from a line's or a stored response's meta. */
export function listedResponse(meta: unknown): string[] | undefined {
  const list = meta !== null && typeof meta === 'object' ? (meta as { responseList?: unknown }).responseList : undefined;
  return Array.isArray(list) && list.every((s) => typeof s === 'string') ? (list as string[]) : undefined;
}

/** A null response (the run recorded none: an error, or an answer it could not read) as an empty one, with why in meta. */
export const textOf = (response: string | null | undefined, why = 'no response (null)'): { response: string; meta?: Record<string, unknown> } =>
  typeof response === 'string' ? { response } : { response: '', meta: { error: why } };

/** The lines a record makes, located: `lineOf` gives the line of a path inside the record. */
function collect(kind: RecordKind, value: unknown, prefix: FieldPath, lineOf: (path: FieldPath) => number, file: string, out: Required<RunFileRead>): void {
  const read = kind.read(value);
  if ('issues' in read) {
    for (const issue of read.issues) out.problems.push({ file, line: lineOf(issue.path), field: fieldPath(displayPath([...prefix, ...issue.path])), reason: issue.reason });
    return;
  }
  for (const made of read.lines) {
    if ('problem' in made) (made.unmatched ? out.unmatched : out.problems).push({ file, line: lineOf(made.at), field: fieldPath(displayPath([...prefix, ...made.at])), reason: made.problem });
    else {
      const { at, query, ...line } = made;
      out.lines.push({ ...line, query: query ?? 0, line: lineOf(at ?? []) });
    }
  }
}

/** JSONL: a record per line, every record of one kind. */
export function jsonlRunReader(kindFor: (file: string, options: RunReadOptions) => RecordKind) {
  return (text: string, file: string, options: RunReadOptions = {}): RunReading => {
    const kind = kindFor(file, options);
    const cursor = new JsonLineCursor(text, file);
    const out: Required<RunFileRead> = { lines: [], problems: [], unmatched: [] };
    const steps = lineSteps(cursor, (line) => collect(kind, line.value, [], () => line.line, file, out));
    return Object.assign(steps, { result: () => ({ lines: out.lines, problems: [...cursor.problems, ...out.problems].sort(byLine), unmatched: out.unmatched }) });
  };
}

/** Where each element of the array starting at `offset` starts, in a text that parses. */
function elementOffsets(text: string, offset: number): number[] {
  const starts: number[] = [];
  const space = (i: number): number => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    return i;
  };
  let i = space(offset + 1);
  while (i < text.length && text[i] !== ']') {
    starts.push(i);
    i = space(skipValue(text, i));
    if (text[i] === ',') i = space(i + 1);
  }
  return starts;
}

/**
 * One JSON document holding arrays of records: parsed whole in the first step, then a record per
 * element. `kinds` says where the records are (or why the document is not of the format); a problem
 * is on the line of the field it is about.
 */
export function documentRunReader(kindsFor: (document: unknown, file: string, options: RunReadOptions) => RecordKind[] | string) {
  return (text: string, file: string, options: RunReadOptions = {}): RunReading => {
    const out: Required<RunFileRead> = { lines: [], problems: [], unmatched: [] };
    const records: Array<{ kind: RecordKind; index: number; value: unknown; offset: number }> = [];
    let parsed = false;
    let next = 0;
    // records come in file order, so each line is counted on from the last one found
    let counted = { offset: 0, line: 1 };
    const lineAt = (offset: number): number => {
      if (offset < counted.offset) counted = { offset: 0, line: 1 };
      counted = { offset, line: lineAndColumn(text, offset, counted.offset, counted.line).line };
      return counted.line;
    };
    const fail = (line: number, reason: string): true => {
      out.problems.push({ file, line, field: '', reason });
      return true;
    };
    return {
      get fraction() {
        return !parsed ? 0 : records.length === 0 ? 1 : next / records.length;
      },
      step(count) {
        if (!parsed) {
          parsed = true;
          let document: unknown;
          try {
            document = parseJsonKeepingNumbers(text).value;
          } catch (error) {
            const { offset, reason } = describeJsonError(text, error);
            const at = offset === null ? null : lineAndColumn(text, offset);
            return fail(at?.line ?? 0, `not valid JSON (${reason}${at ? ` at column ${at.column}` : ''})`);
          }
          const kinds = kindsFor(document, file, options);
          if (typeof kinds === 'string') return fail(0, kinds);
          for (const kind of kinds) {
            let array: unknown = document;
            for (const part of kind.path) array = array !== null && typeof array === 'object' ? (array as Record<string | number, unknown>)[part] : undefined;
            if (!Array.isArray(array)) continue;
            const offsets = elementOffsets(text, locateJsonPath(text, 0, kind.path));
            array.forEach((value, index) => records.push({ kind, index, value, offset: offsets[index] ?? 0 }));
          }
          records.sort((a, b) => a.offset - b.offset);
          return records.length === 0;
        }
        for (const end = Math.min(records.length, next + count); next < end; next++) {
          const { kind, index, value, offset } = records[next]!;
          const start = { offset, line: lineAt(offset) };
          const lineOf = (path: FieldPath): number => (path.length === 0 ? start.line : lineAndColumn(text, locateJsonPath(text, offset, path), offset, start.line).line);
          collect(kind, value, [...kind.path, index], lineOf, file, out);
        }
        return next >= records.length;
      },
      result: () => ({ lines: out.lines, problems: out.problems.sort(byLine), unmatched: out.unmatched }),
    };
  };
}

/** Reads a whole file at once (tests, and the command line). */
export function readAllRuns(reading: RunReading): RunFileRead {
  while (!reading.step(10_000));
  return reading.result();
}
