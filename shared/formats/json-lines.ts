// JSONL read a line at a time, each line's numbers keeping their source texts; a line that does not
// parse is a problem located by file and line, not a crash.
import { describeJsonError, parseJsonKeepingNumbers, type NumberSources } from './parse-json';
import type { Problem } from './problems';

interface JsonLine {
  line: number;
  value: unknown;
  numbers: NumberSources;
}

/**
 * JSONL, a line at a time: one JSON value per non-empty line; a line that does not parse is a
 * problem, not a crash. Reading on demand lets a reader drop raw values early and stop between lines.
 */
export class JsonLineCursor {
  readonly problems: Problem[] = [];
  /** Lines passed over unread because they are in `skipLines`. */
  skipped = 0;
  private offset = 0;
  private lineNumber = 0;

  constructor(
    private readonly text: string,
    private readonly file: string,
    /** Lines not to read (their problem is already reported, e.g. bytes that are not UTF-8). */
    private readonly skipLines: ReadonlySet<number> = new Set(),
  ) {}

  /** How much of the text has been read, 0–1. */
  get fraction(): number {
    return this.text.length === 0 ? 1 : Math.min(1, this.offset / this.text.length);
  }

  /** The next line that parses (problems are kept for the ones that do not); null at the end. */
  next(): JsonLine | null {
    while (this.offset < this.text.length) {
      let end = this.text.indexOf('\n', this.offset);
      if (end === -1) end = this.text.length;
      let line = this.text.slice(this.offset, end);
      this.offset = end + 1;
      this.lineNumber++;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line.trim() === '') continue;
      if (this.skipLines.has(this.lineNumber)) {
        this.skipped++;
        continue;
      }
      try {
        const parsed = parseJsonKeepingNumbers(line);
        return { line: this.lineNumber, value: parsed.value, numbers: parsed.numbers };
      } catch (error) {
        const { offset, reason } = describeJsonError(line, error);
        this.problems.push({ file: this.file, line: this.lineNumber, field: '', reason: `not valid JSON (${reason}${offset === null ? '' : ` at column ${offset + 1}`})` });
      }
    }
    return null;
  }
}

/** A JSONL file read a batch of lines at a time: each line that parses handed to `each`; `step` is true at the end. */
export function lineSteps(cursor: JsonLineCursor, each: (line: JsonLine) => void): { readonly fraction: number; step(max: number): boolean } {
  return {
    get fraction() {
      return cursor.fraction;
    },
    step(max) {
      for (let n = 0; n < max; n++) {
        const line = cursor.next();
        if (!line) return true;
        each(line);
      }
      return false;
    },
  };
}

/** JSONL: every line's value, and a problem for each line that does not parse. */
export function readJsonLines(text: string, file: string): { lines: JsonLine[]; problems: Problem[] } {
  const cursor = new JsonLineCursor(text, file);
  const lines: JsonLine[] = [];
  for (let line = cursor.next(); line; line = cursor.next()) lines.push(line);
  return { lines, problems: cursor.problems };
}
