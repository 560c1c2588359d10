// Reading a file's records into checked exchange items, a batch at a time. A record that fails its
// format's schema, an item that fails the domain's (item-check.ts) and a second record with an id
// already seen are problems located as file:line:field; each item stands alone, so skipping
// invalid records skips only those.
import type { z } from 'zod';
import { benchmarkIdField, benchmarkIdOf, type ExchangeItem, type FieldPath, type FieldSource } from './items';
import { checkedRows } from './item-check';
import { compiledSchema } from './compiled';
import type { ProjectRows } from './project-items';
import { displayPath, fieldIssues } from './issues';
import { lineAndColumn, locateJsonPath, skipValue } from './json-syntax';
import { fieldPath, type Problem } from './problems';
import { describeJsonError, parseJsonKeepingNumbers, type NumberSources } from './parse-json';
import { JsonLineCursor, lineSteps } from './json-lines';
import { arrayElementStarts } from './json-array';

export interface LocatedItem {
  item: ExchangeItem;
  line: number;
  /** The item as the project stores it, checked against the domain's schemas (item-check.ts). */
  rows: ProjectRows;
}

export interface FormatRead {
  items: LocatedItem[];
  problems: Problem[];
  /** What a format's own check finds questionable in good records (RecordFormat.warnings): said, never refused. */
  warnings?: Problem[];
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
  /** Problems found so far. */
  readonly problemCount: number;
  /**
   * The items read since the last drain, handed over: a caller that writes them as they come need
   * not hold the whole file's (result() then holds only the items never drained).
   */
  drain(): LocatedItem[];
  result(): FormatRead;
}

export interface ReadOptions {
  /** Lines whose bytes are not UTF-8 (decodeText's problems): records on them are not read, as that problem stands for them. */
  unreadableLines?: ReadonlySet<number>;
}

export function readAll(reading: Reading): FormatRead {
  while (!reading.step(Infinity));
  return reading.result();
}

export const byLine = (a: Problem, b: Problem): number => a.line - b.line;

type Raw = { value: unknown; numbers: NumberSources };

/** What a format does with one record: its schema, the items it makes, and where their fields came from. */
interface RecordFormat<T> {
  schema: z.ZodType<T>;
  toItems: (record: T, raw: Raw) => ExchangeItem[];
  /** Where the fields of the record's k-th item came from. */
  source: (record: T, k: number) => FieldSource;
  /** What is questionable in a good item (by item path), located like problems but never refusing it. */
  warnings?: (item: ExchangeItem) => Array<{ path: FieldPath; reason: string }>;
}

/** Where a record is: its line, its path in the file ([i] in an array), and the line of a field in it. */
interface RecordPlace {
  line: number;
  prefix: FieldPath;
  lineOf: (path: FieldPath) => number;
}

/** Ids longer than this are cut in messages. */
const ID_SHOWN = 40;

/**
 * Records → checked items: a record that fails its schema, an item that fails the domain's, and a
 * second record with an id already seen are problems (each item on its own, so skipping invalid
 * records skips only those).
 */
class ItemCollector<T> {
  readonly items: LocatedItem[] = [];
  readonly problems: Problem[] = [];
  readonly warnings: Problem[] = [];
  private readonly firstLine = new Map<string, number>();

  constructor(
    private readonly file: string,
    private readonly format: RecordFormat<T>,
  ) {}

  add(value: unknown, raw: Raw, place: RecordPlace): void {
    const parsed = compiledSchema(this.format.schema).safeParse(value);
    if (!parsed.success) {
      for (const issue of fieldIssues(parsed.error.issues)) this.problem(place, issue.path, issue.reason);
      return;
    }
    this.format.toItems(parsed.data, raw).forEach((item, k) => {
      const { rows, issues } = checkedRows(item);
      if (issues.length > 0) {
        const source = this.format.source(parsed.data, k);
        for (const issue of issues) {
          const path = source(issue.path);
          // a field no one record field made is named by its item path, on the record's line
          if (path) this.problem(place, path, issue.reason);
          else this.problems.push({ file: this.file, line: place.line, field: fieldPath(displayPath([...place.prefix, ...issue.path])), reason: issue.reason });
        }
        return;
      }
      const id = benchmarkIdOf(item);
      if (id !== null) {
        // both lines are those of the id field, which in a multi-line record is not its first line
        const idPath = [benchmarkIdField(item)!];
        const first = this.firstLine.get(id);
        if (first !== undefined) {
          const shown = id.length > ID_SHOWN ? `${id.slice(0, ID_SHOWN)}…` : id;
          this.problem(place, idPath, `duplicate id ${shown} (first on line ${first})`);
          return;
        }
        this.firstLine.set(id, place.lineOf(idPath));
      }
      this.items.push({ item, line: place.line, rows });
      const warnings = this.format.warnings?.(item) ?? [];
      if (warnings.length > 0) {
        const source = this.format.source(parsed.data, k);
        for (const w of warnings) this.warnings.push(this.located(place, source(w.path) ?? w.path, w.reason));
      }
    });
  }

  private problem(place: RecordPlace, path: FieldPath, reason: string): void {
    this.problems.push(this.located(place, path, reason));
  }

  private located(place: RecordPlace, path: FieldPath, reason: string): Problem {
    return { file: this.file, line: place.lineOf(path), field: fieldPath(displayPath([...place.prefix, ...path])), reason };
  }
}

/** JSONL: a record per line. */
export function jsonlReader<T>(format: RecordFormat<T>) {
  return (text: string, file: string, options: ReadOptions = {}): Reading => {
    const cursor = new JsonLineCursor(text, file, options.unreadableLines);
    const collector = new ItemCollector(file, format);
    let records = 0;
    const steps = lineSteps(cursor, (line) => {
      records++;
      collector.add(line.value, line, { line: line.line, prefix: [], lineOf: () => line.line });
    });
    return {
      get fraction() {
        return steps.fraction;
      },
      step: (max) => steps.step(max),
      get problemCount() {
        return cursor.problems.length + collector.problems.length;
      },
      drain: () => collector.items.splice(0),
      result: () => ({
        items: collector.items,
        problems: [...cursor.problems, ...collector.problems].sort(byLine),
        warnings: collector.warnings,
        records: records + cursor.problems.length + cursor.skipped,
      }),
    };
  };
}

/**
 * One JSON array: parsed whole in the first step, then a record per element. A problem is on the
 * line of the field it is about (a long element spans many lines).
 */
export function arrayReader<T>(format: RecordFormat<T>) {
  return (text: string, file: string, options: ReadOptions = {}): Reading => {
    const collector = new ItemCollector(file, format);
    const problems: Problem[] = [];
    const unreadable = [...(options.unreadableLines ?? [])];
    let parsed: Raw | null = null;
    let elements: unknown[] = [];
    let starts: Array<{ offset: number; line: number }> = [];
    let next = 0;
    let failed = false;
    /** Whether element i spans a line that is not UTF-8. */
    const spansUnreadable = (start: { offset: number; line: number }): boolean => {
      if (unreadable.length === 0) return false;
      const last = lineAndColumn(text, skipValue(text, start.offset), start.offset, start.line).line;
      return unreadable.some((l) => l >= start.line && l <= last);
    };
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
            const { offset, reason } = describeJsonError(text, error);
            const at = offset === null ? null : lineAndColumn(text, offset);
            problems.push({ file, line: at?.line ?? 0, field: '', reason: `not valid JSON (${reason}${at ? ` at column ${at.column}` : ''})` });
            return (failed = true);
          }
          if (!Array.isArray(parsed.value)) {
            problems.push({ file, line: 0, field: '', reason: 'expected a JSON array of records' });
            return (failed = true);
          }
          elements = parsed.value;
          starts = arrayElementStarts(text);
          return elements.length === 0;
        }
        for (const end = Math.min(elements.length, next + max); next < end; next++) {
          const start = starts[next];
          if (!start) continue; // cannot happen in a text that parsed
          if (spansUnreadable(start)) continue;
          const element = elements[next];
          const lineOf = (path: FieldPath) => lineAndColumn(text, locateJsonPath(text, start.offset, path), start.offset, start.line).line;
          collector.add(element, { value: element, numbers: parsed.numbers }, { line: start.line, prefix: [next], lineOf });
        }
        return next >= elements.length;
      },
      get problemCount() {
        return problems.length + collector.problems.length;
      },
      drain: () => collector.items.splice(0),
      result: () => ({ items: collector.items, problems: [...problems, ...collector.problems].sort(byLine), warnings: collector.warnings, records: elements.length }),
    };
  };
}
