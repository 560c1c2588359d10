import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElementLines, fieldPath, formatProblem, numberSource, parseJsonKeepingNumbers, pythonNumber, readJsonLines, toPythonJson } from './json-text';

describe('reading', () => {
  it('reports bad lines with file and line, and keeps the good ones', () => {
    const { lines, problems } = readJsonLines('{"a": 1}\n\n{"a": \n{"b": 2.50}\n', 'items.jsonl');
    expect(lines.map((l) => l.line)).toEqual([1, 4]);
    expect(problems.map(formatProblem)).toEqual([expect.stringMatching(/^items\.jsonl:3: not valid JSON/)]);
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
