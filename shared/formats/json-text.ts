// Reading benchmark files with problems located by file, line and field; writing them back the way
// the publishing tools wrote them (Python's json.dumps: ", " and ": " separators, floats that keep
// their ".0", ASCII escapes). A problem describes a fault without quoting the file: it may be any
// file a person picked (/etc/shadow), and problems end up in logs and on screen.
import { forEachNumberSource, jsonSyntaxError } from './json-syntax';

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
 * A file's bytes as text, with a problem for each line holding bytes that are not UTF-8 (each line
 * once, at its first bad byte; offsets count from the start of the file). Such bytes decode to
 * U+FFFD, so the records on those lines must not be taken as read: pass the lines on to the reader
 * (`unreadableLines`). A UTF-8 byte-order mark is dropped.
 */
export function decodeText(bytes: Uint8Array, file: string): { text: string; problems: Problem[] } {
  const decoding = decodingText(bytes, file);
  while (!decoding.step());
  return decoding.result();
}

/** Bytes decoded per step: about a millisecond's work (a 40 MB file at once held a server for 60 ms). */
const DECODE_STEP_BYTES = 1 << 20;

/** decodeText a step at a time: `step()` decodes the next megabyte and says whether that was the last. */
export function decodingText(bytes: Uint8Array, file: string): { step(): boolean; result(): { text: string; problems: Problem[] } } {
  // streamed, a sequence cut by a step's end is completed by the next one: the text is the same as at once
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  const parts: string[] = [];
  let at = 0;
  // every invalid sequence decodes to U+FFFD, so text without one needs no byte scan (looked for a step at a time)
  let replaced = false;
  return {
    step() {
      if (at >= bytes.length) return true;
      const end = Math.min(bytes.length, at + DECODE_STEP_BYTES);
      const part = decoder.decode(bytes.subarray(at, end), { stream: end < bytes.length });
      replaced ||= part.includes('\uFFFD');
      parts.push(part);
      at = end;
      return at >= bytes.length;
    },
    result() {
      const text = parts.join('');
      if (!replaced) return { text, problems: [] };
      return { text, problems: invalidUtf8(bytes).map(({ line, offset }) => ({ file, line, field: '', reason: `not valid UTF-8 (byte offset ${offset})` })) };
    },
  };
}

/**
 * The first ill-formed UTF-8 sequence of each line (Unicode's well-formed byte sequences, table 3-7:
 * no overlong forms, no surrogates, nothing above U+10FFFF). A byte that breaks a sequence is read
 * again as the start of the next one, as TextDecoder does, so a newline always ends its line.
 */
export function invalidUtf8(bytes: Uint8Array): Array<{ line: number; offset: number }> {
  const found: Array<{ line: number; offset: number }> = [];
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      if (lead === 0x0a) line++;
      i++;
      continue;
    }
    // continuation bytes needed, and the range the first of them must lie in
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) lo = 0xa0; // overlong
      if (lead === 0xed) hi = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) lo = 0x90; // overlong
      if (lead === 0xf4) hi = 0x8f; // above U+10FFFF
    }
    let j = i + 1;
    let ok = need > 0;
    for (let k = 0; ok && k < need; k++) {
      const b = bytes[j];
      if (b === undefined || b < (k === 0 ? lo : 0x80) || b > (k === 0 ? hi : 0xbf)) ok = false;
      else j++;
    }
    if (!ok && found.at(-1)?.line !== line) found.push({ line, offset: i });
    i = j;
  }
  return found;
}

/** Why a JSON text does not parse, and where, in words that do not quote it. */
export function describeJsonError(text: string, error: unknown): { offset: number | null; reason: string } {
  const fault = jsonSyntaxError(text);
  if (fault) return { offset: fault.offset, reason: fault.reason };
  // it is JSON, but JSON.parse gave up (a value nested too deeply for the reviver's stack)
  return { offset: null, reason: error instanceof RangeError ? 'nested too deeply' : 'could not be read' };
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

/**
 * Text in which every number, if any, is written as String(value) writes it: no exponent, no
 * trailing fractional zero, no "-0", at most 15 significant digits (which round-trip exactly) and
 * not below 1e-6 (which String writes with an exponent). Matches inside strings only cost speed.
 */
const MAYBE_NON_CANONICAL_NUMBER = /\.\d*0(?!\d)|\d[eE]|-0(?![.\d])|\d(?:\.?\d){15}|\.0{6}/;

/**
 * JSON.parse that also keeps the source text of numbers JavaScript would write differently. Text
 * whose numbers are all canonical needs nothing more; other text is walked beside its value.
 */
export function parseJsonKeepingNumbers(text: string): ParsedJson {
  const numbers: NumberSources = new WeakMap();
  const value: unknown = JSON.parse(text);
  if (!MAYBE_NON_CANONICAL_NUMBER.test(text)) return { value, numbers };
  forEachNumberSource(text, value, (holder, key, v, source) => {
    const byKey = numbers.get(holder);
    // a repeated key is seen once per occurrence: the last, whose value JSON.parse kept, decides
    if (source === String(v)) byKey?.delete(key);
    else if (byKey) byKey.set(key, source);
    else numbers.set(holder, new Map([[key, source]]));
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

/**
 * Where each element of a top-level array starts (offset and line), for documents that are one JSON
 * array (PhoStream, RTV-Bench): problems inside element i are located from there.
 */
export function arrayElementStarts(text: string): Array<{ offset: number; line: number }> {
  const starts: Array<{ offset: number; line: number }> = [];
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
    if (depth === 1 && expectingElement && c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== ']') {
      starts.push({ offset: i, line });
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

/** The line on which each element of a top-level array starts. */
export function arrayElementLines(text: string): number[] {
  return arrayElementStarts(text).map((s) => s.line);
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
const HAS_NON_ASCII = /[\u007f-\uffff]/;
const asciiEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

function pythonString(s: string, ensureAscii: boolean): string {
  if (PLAIN_STRING.test(s)) return `"${s}"`;
  const json = JSON.stringify(s);
  return ensureAscii ? json.replace(NON_ASCII, asciiEscape) : json;
}

/**
 * `json.dumps(value)` as Python writes it. Numbers take their source text when known; a number in
 * a `Float` wrapper is written as a float.
 */
export function toPythonJson(value: unknown, options: { numbers?: NumberSources; ensureAscii?: boolean; indent?: number } = {}): string {
  const ensureAscii = options.ensureAscii ?? true;
  const indent = options.indent;
  const native = options.numbers ? null : nativePythonJson(value, ensureAscii, indent);
  if (native !== null) return native;
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

/**
 * The same text by JSON.stringify, which writes what json.dumps does (with an indent, its layout;
 * without, ", " and ": " are put back outside strings) several times faster — or null where they
 * may differ: a "null" in the text may stand for NaN or Infinity, which json.dumps writes as such
 * (or for a value neither can write, which toPythonJson refuses).
 */
function nativePythonJson(value: unknown, ensureAscii: boolean, indent: number | undefined): string | null {
  // (JSON.stringify writes no line breaks for an indent of 0, and indents at most 10)
  if (indent !== undefined && !(indent >= 1 && indent <= 10)) return null;
  let json: string | undefined = JSON.stringify(value, null, indent);
  if (json === undefined || json.includes('null')) return null;
  if (indent === undefined) json = spaced(json);
  return ensureAscii && HAS_NON_ASCII.test(json) ? json.replace(NON_ASCII, asciiEscape) : json;
}

/** Compact JSON with json.dumps' separators: a space after each "," and ":" outside strings. */
function spaced(json: string): string {
  const parts: string[] = [];
  let last = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c || c === 0x3a) {
      parts.push(json.slice(last, i + 1));
      last = i + 1;
    }
  }
  parts.push(json.slice(last));
  return parts.join(' ');
}

const jsonWithRaw = JSON as unknown as { rawJSON?: (text: string) => unknown };

/** A value JSON.stringify writes as the given text (JSON.rawJSON, V8 11.4+), or null if it cannot. */
function rawJSON(text: string): unknown {
  try {
    return jsonWithRaw.rawJSON ? jsonWithRaw.rawJSON(text) : null;
  } catch {
    return null;
  }
}

/** Marks a number to be written as a Python float ("25.0"). */
export class PyFloat {
  constructor(readonly value: number) {}

  /** As JSON.stringify writes it (see nativePythonJson); null where it cannot (NaN, Infinity), which leaves it to toPythonJson. */
  toJSON(): unknown {
    return Number.isFinite(this.value) ? rawJSON(pythonNumber(this.value, true)) : null;
  }
}

/** A number whose JSON text is given verbatim ("663.0", "204.67"). */
export class RawNumber {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return rawJSON(this.text);
  }
}
