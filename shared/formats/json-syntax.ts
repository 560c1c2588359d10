// Two small scanners over JSON text. One says where and why a text is not JSON, in words of its own:
// JSON.parse's messages quote the input ('Unexpected token 'r', "root:*:1..." is not valid JSON'), and
// a problem must never echo what a file holds (it may be any file a person picked). The other finds
// where a value sits in a text that parses, so a problem inside a multi-line record names its line.

/** A path inside a JSON value, as zod writes it: ["query_points", "time", 2]. */
export type FieldPath = ReadonlyArray<string | number>;

interface JsonSyntaxError {
  /** Offset (UTF-16 code units) of the fault. */
  offset: number;
  /** What is wrong, never quoting the text. */
  reason: string;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** The first fault in a text that is not one JSON value; null when it is one. Iterative: any depth. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  const n = text.length;
  const stack: number[] = []; // '[' or '{' char codes of the open containers
  let i = 0;
  const skipSpace = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const fail = (reason: string, at = i): JsonSyntaxError => ({ offset: at, reason: i >= n && at >= n ? 'unexpected end' : reason });
  const string = (): JsonSyntaxError | null => {
    const start = i++;
    for (;;) {
      if (i >= n) return { offset: start, reason: 'unterminated string' };
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c < 0x20) return fail('control character in a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          HEX4.lastIndex = i + 2;
          if (!HEX4.test(text)) return fail('bad \\u escape');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return fail(e === undefined ? 'unterminated string' : 'bad escape');
      } else i++;
    }
  };
  let expect: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    skipSpace();
    const c = text.charCodeAt(i);
    if (expect === 'value') {
      if (i >= n) return fail('unexpected end');
      if (c === 0x7b || c === 0x5b) {
        i++;
        skipSpace();
        if (text.charCodeAt(i) === c + 2) {
          i++; // "{}" or "[]"
          expect = 'after';
        } else {
          stack.push(c);
          expect = c === 0x7b ? 'key' : 'value';
        }
        continue;
      }
      if (c === 0x22) {
        const bad = string();
        if (bad) return bad;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text) || NUMBER.lastIndex === i) return fail('malformed number');
        i = NUMBER.lastIndex;
      } else {
        const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
        if (!word) return fail('unexpected character');
        i += word.length;
      }
      expect = 'after';
    } else if (expect === 'key') {
      if (c !== 0x22) return fail('expected a quoted field name');
      const bad = string();
      if (bad) return bad;
      skipSpace();
      if (text.charCodeAt(i) !== 0x3a) return fail('expected ":" after a field name');
      i++;
      expect = 'value';
    } else {
      const open = stack.at(-1);
      if (open === undefined) return i < n ? fail('unexpected text after the value') : null;
      if (c === 0x2c) {
        i++;
        expect = open === 0x7b ? 'key' : 'value';
      } else if (c === open + 2) {
        i++;
        stack.pop();
      } else return fail(open === 0x7b ? 'expected "," or "}"' : 'expected "," or "]"');
    }
  }
}

/** End of the string literal starting at `i`. */
function skipString(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** End of the value starting at `i` in a text that parses. */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return skipString(text, i);
  if (c !== 0x7b && c !== 0x5b) {
    while (i < text.length && !isSpace(text.charCodeAt(i)) && !',]}'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 0x22) i = skipString(text, i) - 1;
    else if (d === 0x7b || d === 0x5b) depth++;
    else if ((d === 0x7d || d === 0x5d) && --depth === 0) return i + 1;
  }
  return i;
}

function skipSpaceAt(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Where the value at `path` starts, inside the value starting at `start` of a text that parses; the
 * deepest value found on the way when the path goes further than the text does.
 */
export function locateJsonPath(text: string, start: number, path: FieldPath): number {
  let at = skipSpaceAt(text, start);
  for (const part of path) {
    const open = text[at];
    let i = skipSpaceAt(text, at + 1);
    let found = -1;
    if (open === '[' && typeof part === 'number') {
      for (let k = 0; text[i] !== ']' && i < text.length; k++) {
        if (k === part) {
          found = i;
          break;
        }
        i = skipSpaceAt(text, skipValue(text, i));
        if (text[i] !== ',') break;
        i = skipSpaceAt(text, i + 1);
      }
    } else if (open === '{') {
      while (text[i] === '"') {
        const keyEnd = skipString(text, i);
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        i = skipSpaceAt(text, skipSpaceAt(text, keyEnd) + 1); // past ':'
        if (key === String(part)) {
          found = i;
          break;
        }
        i = skipSpaceAt(text, skipValue(text, i));
        if (text[i] !== ',') break;
        i = skipSpaceAt(text, i + 1);
      }
    }
    if (found < 0) return at;
    at = found;
  }
  return at;
}

/** The 1-based line and column of an offset, counting from a known line start. */
export function lineAndColumn(text: string, offset: number, from = 0, fromLine = 1): { line: number; column: number } {
  let line = fromLine;
  let lineStart = from;
  for (let i = text.indexOf('\n', from); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * Walks the text of a parsed value beside the value and calls `onNumber` with each number's
 * container, key and source text. Five times faster than a JSON.parse reviver with source access,
 * and iterative. With duplicate keys, each occurrence is reported against the value JSON.parse kept.
 */
export function forEachNumberSource(text: string, root: unknown, onNumber: (holder: Container, key: string, value: number, source: string) => void): void {
  const stack: Array<{ holder: unknown; key: string; index: number; array: boolean }> = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  };
  const child = (frame: (typeof stack)[number]): unknown =>
    isContainer(frame.holder) ? (frame.array ? (frame.holder as unknown[])[frame.index] : (frame.holder as Record<string, unknown>)[frame.key]) : undefined;
  // at a key's opening quote: read it and step past ':' to its value
  const readKey = (frame: (typeof stack)[number]) => {
    const end = skipString(text, i);
    const body = text.slice(i + 1, end - 1);
    frame.key = body.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : body;
    i = end;
    skipSpace();
    i++;
    skipSpace();
  };
  let current = root;
  for (;;) {
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      const frame = { holder: current, key: '', index: 0, array: c === 0x5b };
      i++;
      skipSpace();
      if (text.charCodeAt(i) === c + 2) i++;
      else {
        stack.push(frame);
        if (!frame.array) readKey(frame);
        current = child(frame);
        continue;
      }
    } else if (c === 0x22) i = skipString(text, i);
    else {
      const start = i;
      while (i < text.length && !isSpace(text.charCodeAt(i)) && !',]}'.includes(text[i]!)) i++;
      const top = stack.at(-1);
      if (typeof current === 'number' && top && isContainer(top.holder)) onNumber(top.holder, top.array ? String(top.index) : top.key, current, text.slice(start, i));
    }
    // after a value: the next one in its container, or close containers
    for (;;) {
      const top = stack.at(-1);
      if (!top) return;
      skipSpace();
      if (text.charCodeAt(i) === 0x2c) {
        i++;
        skipSpace();
        if (top.array) top.index++;
        else readKey(top);
        current = child(top);
        break;
      }
      i++;
      stack.pop();
    }
  }
}
