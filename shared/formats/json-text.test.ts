import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElementLines, decodeText, decodingText, fieldPath, formatProblem, invalidUtf8, numberSource, parseJsonKeepingNumbers, PyFloat, pythonNumber, RawNumber, readJsonLines, toPythonJson } from './json-text';

describe('reading', () => {
  it('reports bad lines with file and line, and keeps the good ones', () => {
    const { lines, problems } = readJsonLines('{"a": 1}\n\n{"a": \n{"b": 2.50}\n', 'items.jsonl');
    expect(lines.map((l) => l.line)).toEqual([1, 4]);
    expect(problems.map(formatProblem)).toEqual(['items.jsonl:3: not valid JSON (unexpected end at column 7)']);
    expect(toPythonJson(lines[1]!.value, { numbers: lines[1]!.numbers })).toBe('{"b": 2.50}');
  });
  it('recovers the source text of every number, on the fast path and off it (fuzzed)', () => {
    const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const numberText = fc
      .tuple(fc.boolean(), fc.oneof(fc.constant('0'), fc.tuple(fc.constantFrom(...'123456789'), digits(0, 20)).map(([a, b]) => a + b)), fc.option(digits(1, 20)), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3))))
      .map(([minus, int, fraction, exponent]) => `${minus ? '-' : ''}${int}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : exponent.join('')}`);
    fc.assert(
      fc.property(fc.array(numberText, { minLength: 1, maxLength: 8 }), fc.boolean(), (texts, inObject) => {
        const json = inObject ? `{${texts.map((t, i) => `"k${i}": ${t}`).join(', ')}}` : `[${texts.join(',')}]`;
        const parsed = parseJsonKeepingNumbers(json);
        const holder = parsed.value as Record<string, number>;
        texts.forEach((t, i) => expect(numberSource(parsed.numbers, holder, inObject ? `k${i}` : String(i), holder[inObject ? `k${i}` : i]!)).toBe(t));
      }),
      { numRuns: 5000 },
    );
  });
  it('says why a line is not JSON without quoting it', () => {
    const secret = 'root:$6$Xq9vT2$hK8mZ3pQwE7rY1uN:19000:0:99999:7:::';
    const { problems } = readJsonLines(`${secret}\n{"a": ${secret}}\n{"a": "${secret}\n`, '/etc/shadow');
    expect(problems.map(formatProblem)).toEqual([
      '/etc/shadow:1: not valid JSON (unexpected character at column 1)',
      '/etc/shadow:2: not valid JSON (unexpected character at column 7)',
      '/etc/shadow:3: not valid JSON (unterminated string at column 7)',
    ]);
  });
  it('finds the line each array element starts on', () => {
    expect(arrayElementLines('[\n  {"a": "[x, {"}, \n  {"b": [1,\n 2]},\n  3\n]')).toEqual([2, 3, 5]);
  });
  it('names fields the way people read them', () => {
    expect(fieldPath(['query_points', 'time', 2])).toBe('query_points.time[2]');
    expect(fieldPath([3, 'user_query'])).toBe('[3].user_query');
  });
  it('never throws on garbage lines (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const { lines, problems } = readJsonLines(text, 'f');
        expect(lines.length + problems.length).toBeLessThanOrEqual(text.split('\n').length);
        arrayElementLines(text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('decoding bytes', () => {
  const bytes = (...parts: Array<string | number[]>): Uint8Array => {
    const out: number[] = [];
    for (const part of parts) out.push(...(typeof part === 'string' ? new TextEncoder().encode(part) : part));
    return Uint8Array.from(out);
  };
  it('reports each line holding bytes that are not UTF-8, once, with the byte offset', () => {
    const file = bytes(
      '{"a": "ok"}\n', // line 1, bytes 0–11
      '{"a": "', [0x80], '"}\n', // 2: a lone continuation byte at 19
      '{"a": "', [0xe2, 0x82], '"}\n', // 3: a sequence cut short (€ is E2 82 AC) at 30
      '{"a": "', [0xc0, 0xaf], '"}\n', // 4: overlong "/" at 42
      '{"a": "', [0xed, 0xa0, 0x80], '"}\n', // 5: the surrogate U+D800 encoded at 54
      '{"a": "', [0xff, 0xfe, 0x80], '"}\n', // 6: three bad bytes, one problem, at 67
      '{"a": "é € 😀 \uFFFD"}\n', // 7: real multi-byte text and a real U+FFFD
      '{"a": "', [0xf0, 0x9f, 0x98], '\n', // 8: cut short at the line's end: the newline still ends it
      '{"a": 1}', [0xf4, 0x90, 0x80, 0x80], // 9: above U+10FFFF, at the end of the file
    );
    const { text, problems } = decodeText(file, 'f.jsonl');
    expect(problems.map(formatProblem)).toEqual([
      'f.jsonl:2: not valid UTF-8 (byte offset 19)',
      'f.jsonl:3: not valid UTF-8 (byte offset 30)',
      'f.jsonl:4: not valid UTF-8 (byte offset 42)',
      'f.jsonl:5: not valid UTF-8 (byte offset 54)',
      'f.jsonl:6: not valid UTF-8 (byte offset 67)',
      `f.jsonl:8: not valid UTF-8 (byte offset ${file.lastIndexOf(0xf0)})`,
      `f.jsonl:9: not valid UTF-8 (byte offset ${file.indexOf(0xf4)})`,
    ]);
    expect(text.split('\n')).toHaveLength(9);
    expect(text.split('\n')[6]).toBe('{"a": "é € 😀 \uFFFD"}');
  });
  it('drops a byte-order mark and finds nothing wrong in good text', () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], '[1]\n'), 'f')).toEqual({ text: '[1]\n', problems: [] });
    expect(decodeText(bytes('caf\u00e9 \uFFFD'), 'f')).toEqual({ text: 'caf\u00e9 \uFFFD', problems: [] });
  });
  it('decodes a step (a megabyte) at a time to the same text, sequences cut by a step completed by the next', () => {
    const step = 1 << 20;
    // a BOM, then multi-byte characters and bad bytes lying across the first and second steps' ends
    const filler = (n: number) => 'x'.repeat(n);
    const part = (p: string | number[]) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p));
    const file = new Uint8Array(Buffer.concat([[0xef, 0xbb, 0xbf], filler(step - 5), '€😀', [0xe2, 0x82], '\n', filler(step - 9), 'é', [0xf0, 0x9f], '😀\n'].map(part)));
    const decoding = decodingText(file, 'f');
    let steps = 1;
    while (!decoding.step()) steps++;
    expect(steps).toBe(3);
    const whole = new TextDecoder().decode(file);
    expect(decoding.result().text).toBe(whole);
    expect(decoding.result().problems.map((p) => p.line)).toEqual([1, 2]);
    expect(whole.startsWith('x')).toBe(true);
  });
  it('finds a bad sequence exactly where TextDecoder replaces one (fuzzed)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), fc.array(fc.string({ unit: 'binary', maxLength: 4 }), { maxLength: 4 }), (noise, words) => {
        const file = bytes(...words, Array.from(noise));
        const fatal = (() => {
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(file);
            return false;
          } catch {
            return true;
          }
        })();
        expect(invalidUtf8(file).length > 0).toBe(fatal);
        expect(decodeText(file, 'f').problems.length > 0).toBe(fatal);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('writing as Python does', () => {
  it('matches json.dumps separators, floats and ASCII escapes', () => {
    expect(toPythonJson({ a: [1, 2], b: 'é', c: null, d: true })).toBe('{"a": [1, 2], "b": "\\u00e9", "c": null, "d": true}');
    expect(pythonNumber(25, true)).toBe('25.0');
    expect(pythonNumber(1e21, true)).toBe('1e+21');
    expect(pythonNumber(204.67, true)).toBe('204.67');
  });
  it('writes any string as json.dumps does, plain ASCII or not (fuzzed)', () => {
    const reference = (s: string) => JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', '~', '\u007f', '\n', 'é') })), (s) => {
        expect(toPythonJson(s)).toBe(reference(s));
        expect(toPythonJson({ [s]: s })).toBe(`{${reference(s)}: ${reference(s)}}`);
      }),
      { numRuns: 3000 },
    );
    expect(toPythonJson('say "hi" \\ café')).toBe('"say \\"hi\\" \\\\ caf\\u00e9"');
  });
  it('writes by JSON.stringify exactly what it writes value by value (fuzzed)', () => {
    const wrapped = fc.oneof(fc.double().map((n) => new PyFloat(n)), fc.constantFrom('663.0', '1e3', '-0', '204.67', 'x').map((t) => new RawNumber(t)));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ maxDepth: 3 }, fc.jsonValue({ maxDepth: 1 }), fc.double(), wrapped, fc.constant(undefined), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('value'), { maxKeys: 4 })),
    }));
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 0, 1, 4, 12), fc.boolean(), (v, indent, ensureAscii) => {
        // source texts (even none) take the value-by-value path
        let slow: string | Error;
        try {
          slow = toPythonJson(v, { indent, ensureAscii, numbers: new WeakMap() });
        } catch (error) {
          slow = error as Error;
        }
        if (slow instanceof Error) expect(() => toPythonJson(v, { indent, ensureAscii })).toThrow();
        else expect(toPythonJson(v, { indent, ensureAscii })).toBe(slow);
      }),
      { numRuns: 3000 },
    );
  });
  it('round-trips any JSON value with its number texts (fuzzed)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = toPythonJson(value);
        const parsed = parseJsonKeepingNumbers(text);
        expect(toPythonJson(parsed.value, { numbers: parsed.numbers })).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
