// Reading benchmark files with problems located by file, line and field; writing them back the way
// the publishing tools wrote them (Python's json.dumps: ", " and ": " separators, floats that keep
// their ".0", ASCII escapes).

export interface Problem {
  file: string;
  /** 1-based line; 0 when the problem is about the whole file. */
  line: number;
  /** JSON path inside the record ("query_points.time[2]"), '' for the record itself. */
  field: string;
  reason: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}${p.field ? `:${p.field}` : ''}: ${p.reason}`;
}

/**
 * Source texts of parsed numbers that JavaScript would write differently ("663.0", "1e3"), keyed by
 * container and key, so an untouched record can be written back as it was. A number not listed
 * was written as `String(value)` writes it.
 */
export type NumberSources = WeakMap<object, Map<string, string>>;

export interface ParsedJson {
  value: unknown;
  numbers: NumberSources;
}

interface ReviverContext {
  source?: string;
}

/**
 * Text in which every number, if any, is written as String(value) writes it: no exponent, no
 * trailing fractional zero, no "-0", at most 15 significant digits (which round-trip exactly) and
 * not below 1e-6 (which String writes with an exponent). Matches inside strings only cost speed.
 */
const MAYBE_NON_CANONICAL_NUMBER = /\.\d*0(?!\d)|\d[eE]|-0(?![.\d])|\d(?:\.?\d){15}|\.0{6}/;

/**
 * JSON.parse that also keeps the source text of numbers JavaScript would write differently (JSON.parse
 * source text access, Node 21+). Text whose numbers are all canonical skips the reviver, which is
 * five times slower than a plain parse.
 */
export function parseJsonKeepingNumbers(text: string): ParsedJson {
  const numbers: NumberSources = new WeakMap();
  if (!MAYBE_NON_CANONICAL_NUMBER.test(text)) return { value: JSON.parse(text), numbers };
  const value = JSON.parse(text, function (this: object, key: string, v: unknown, context?: ReviverContext) {
    if (typeof v === 'number' && context?.source !== undefined && context.source !== String(v)) {
      let byKey = numbers.get(this);
      if (!byKey) numbers.set(this, (byKey = new Map()));
      byKey.set(key, context.source);
    }
    return v;
  });
  return { value, numbers };
}

/** The text a parsed number was written as. */
export function numberSource(numbers: NumberSources, holder: object, key: string, value: number): string {
  return numbers.get(holder)?.get(key) ?? String(value);
}

export interface JsonLine {
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
  private offset = 0;
  private lineNumber = 0;

  constructor(
    private readonly text: string,
    private readonly file: string,
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
      try {
        const parsed = parseJsonKeepingNumbers(line);
        return { line: this.lineNumber, value: parsed.value, numbers: parsed.numbers };
      } catch (error) {
        this.problems.push({ file: this.file, line: this.lineNumber, field: '', reason: `not valid JSON (${(error as Error).message.replace(/^.*?: /, '')})` });
      }
    }
    return null;
  }
}

/** JSONL: every line's value, and a problem for each line that does not parse. */
export function readJsonLines(text: string, file: string): { lines: JsonLine[]; problems: Problem[] } {
  const cursor = new JsonLineCursor(text, file);
  const lines: JsonLine[] = [];
  for (let line = cursor.next(); line; line = cursor.next()) lines.push(line);
  return { lines, problems: cursor.problems };
}

/**
 * The line on which each element of a top-level array starts, for documents that are one JSON
 * array (PhoStream, RTV-Bench): problems inside element i are reported at that line.
 */
export function arrayElementLines(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let escaped = false;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectingElement && !/\s/.test(c) && c !== ']') {
      starts.push(line);
      expectingElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1 && c === '[') expectingElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectingElement = true;
  }
  return starts;
}

/** A zod issue path as a field name: ["query_points", "time", 2] → "query_points.time[2]". */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}

/** A number the way Python writes it: ints plainly, floats always with a fraction or exponent. */
export function pythonNumber(n: number, isFloat: boolean): string {
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : n < 0 ? '-Infinity' : 'NaN';
  if (!isFloat) return String(n);
  const text = String(n);
  if (/[.e]/.test(text)) return text.replace(/e\+?/, 'e+').replace('e+-', 'e-');
  return `${text}.0`;
}

/** Printable ASCII without quotes or backslashes: written as it is, the common case by far. */
const PLAIN_STRING = /^[ !#-[\]-~]*$/;
const NON_ASCII = /[\u007f-\uffff]/g;

function pythonString(s: string, ensureAscii: boolean): string {
  if (PLAIN_STRING.test(s)) return `"${s}"`;
  const json = JSON.stringify(s);
  return ensureAscii ? json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/**
 * `json.dumps(value)` as Python writes it. Numbers take their source text when known; a number in
 * a `Float` wrapper is written as a float.
 */
export function toPythonJson(value: unknown, options: { numbers?: NumberSources; ensureAscii?: boolean; indent?: number } = {}): string {
  const ensureAscii = options.ensureAscii ?? true;
  const indent = options.indent;
  // json.dumps(indent=n): one item per line, "," at line ends, empty containers stay "[]"/"{}"
  const join = (items: string[], open: string, close: string, depth: number): string => {
    if (items.length === 0) return `${open}${close}`;
    if (indent === undefined) return `${open}${items.join(', ')}${close}`;
    const pad = ' '.repeat(indent * (depth + 1));
    return `${open}\n${items.map((i) => pad + i).join(',\n')}\n${' '.repeat(indent * depth)}${close}`;
  };
  let depth = 0;
  const write = (v: unknown, holder: object | null, key: string): string => {
    if (v instanceof PyFloat) return pythonNumber(v.value, true);
    if (v instanceof RawNumber) return v.text;
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number') return (holder && options.numbers?.get(holder)?.get(key)) ?? pythonNumber(v, false);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'string') return pythonString(v, ensureAscii);
    if (Array.isArray(v)) {
      depth++;
      const items: string[] = [];
      for (let i = 0; i < v.length; i++) items.push(write(v[i], v, String(i)));
      depth--;
      return join(items, '[', ']', depth);
    }
    if (typeof v === 'object') {
      depth++;
      const items: string[] = [];
      const record = v as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (record[k] !== undefined) items.push(`${pythonString(k, ensureAscii)}: ${write(record[k], record, k)}`);
      }
      depth--;
      return join(items, '{', '}', depth);
    }
    throw new Error(`cannot write ${typeof v} as JSON`);
  };
  return write(value, null, '');
}

/** Marks a number to be written as a Python float ("25.0"). */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A number whose JSON text is given verbatim ("663.0", "204.67"). */
export class RawNumber {
  constructor(readonly text: string) {}
}
