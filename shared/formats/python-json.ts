// Writing benchmark files back the way the publishing tools wrote them: Python's json.dumps (", " and
// ": " separators, floats that keep their ".0", ASCII escapes), numbers in their source texts.
import type { NumberSources } from './parse-json';

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
      if (c === 0x5c)
        i++; // a backslash escapes the next character
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
