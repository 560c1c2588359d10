import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError, lineAndColumn, locateJsonPath } from './json-syntax';
import { numberSource, parseJsonKeepingNumbers, type NumberSources } from './parse-json';

/** JSON-ish text: pieces of JSON, so that mutations are near misses rather than plain noise. */
const jsonish = fc
  .array(fc.oneof(fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'true', 'nul', '-', '0', '1.5', 'e+', '"a"', '\\u12', '\u0001', 'x'), fc.string({ maxLength: 3 })), {
    maxLength: 30,
  })
  .map((parts) => parts.join(''));

describe('jsonSyntaxError', () => {
  it('finds the fault and says what it is, without quoting the text', () => {
    expect(jsonSyntaxError('root:*:19000:0:99999:7:::')).toEqual({ offset: 0, reason: 'unexpected character' });
    expect(jsonSyntaxError('{"a": tru}')).toEqual({ offset: 6, reason: 'unexpected character' });
    expect(jsonSyntaxError('{"a": 1')).toEqual({ offset: 7, reason: 'unexpected end' });
    expect(jsonSyntaxError('{"a" 1}')).toEqual({ offset: 5, reason: 'expected ":" after a field name' });
    expect(jsonSyntaxError('{a: 1}')).toEqual({ offset: 1, reason: 'expected a quoted field name' });
    expect(jsonSyntaxError('[1,]')).toEqual({ offset: 3, reason: 'unexpected character' });
    expect(jsonSyntaxError('[1 2]')).toEqual({ offset: 3, reason: 'expected "," or "]"' });
    expect(jsonSyntaxError('"abc')).toEqual({ offset: 0, reason: 'unterminated string' });
    expect(jsonSyntaxError('"a\u0001"')).toEqual({ offset: 2, reason: 'control character in a string' });
    expect(jsonSyntaxError('"\\x"')).toEqual({ offset: 1, reason: 'bad escape' });
    expect(jsonSyntaxError('-')).toEqual({ offset: 0, reason: 'malformed number' });
    expect(jsonSyntaxError('{} x')).toEqual({ offset: 3, reason: 'unexpected text after the value' });
    expect(jsonSyntaxError('')).toEqual({ offset: 0, reason: 'unexpected end' });
    expect(jsonSyntaxError(' {"a": [1, -2.5e3, "\\u00e9", {}, [], null]} ')).toBeNull();
  });
  it('agrees with JSON.parse on what is JSON (fuzzed)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          jsonish,
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          const fault = jsonSyntaxError(text);
          expect(fault === null).toBe(parses);
          if (fault) expect(fault.offset).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 5000 },
    );
  });
  it('copes with any depth', () => {
    expect(jsonSyntaxError('['.repeat(200_000))).toEqual({ offset: 200_000, reason: 'unexpected end' });
  });
});

describe('locateJsonPath', () => {
  const text = '[\n  {"a": 1,\n   "b": [\n     "x",\n     {"c\\"d": 2}\n   ]},\n  {"a": 3}\n]';
  const line = (path: Array<string | number>) => lineAndColumn(text, locateJsonPath(text, 0, path)).line;
  it('finds the line of a value by its path', () => {
    expect(line([0, 'a'])).toBe(2);
    expect(line([0, 'b', 1, 'c"d'])).toBe(5);
    expect(line([1])).toBe(7);
  });
  it('stops at the deepest value there is', () => {
    expect(line([0, 'b', 7])).toBe(3);
    expect(line([0, 'zzz', 1])).toBe(2);
    expect(line([0, 'a', 'x'])).toBe(2);
  });
});

describe('number source texts', () => {
  /** The reference: JSON.parse's reviver with source text access. */
  function reviverSources(text: string): { value: unknown; numbers: NumberSources } {
    const numbers: NumberSources = new WeakMap();
    const value: unknown = JSON.parse(text, function (this: object, key: string, v: unknown, context?: { source?: string }) {
      if (typeof v === 'number' && context?.source !== undefined && context.source !== String(v)) {
        if (!numbers.has(this)) numbers.set(this, new Map());
        numbers.get(this)!.set(key, context.source);
      }
      return v;
    });
    return { value, numbers };
  }
  /** Every number in a value with the text it is said to have been written as. */
  function texts(value: unknown, numbers: NumberSources): string[] {
    const out: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (v === null || typeof v !== 'object') return;
      for (const [k, child] of Object.entries(v)) {
        if (typeof child === 'number') out.push(`${path}/${k}=${numberSource(numbers, v, k, child)}`);
        else walk(child, `${path}/${k}`);
      }
    };
    walk(value, '');
    return out;
  }
  const numberText = fc.constantFrom('0', '-0', '1.0', '2.50', '1e3', '1E-7', '-0.0', '12345678901234567890', '0.1', '7', '1e400', '3.000000');
  const key = fc.constantFrom('a', 'b', 'a', '0', '1', '__proto__', 'k\\"q', '\\u0061');
  const space = fc.constantFrom('', ' ', '\n ', '\t');
  const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      numberText,
      fc.constantFrom('"s"', '"\\"]}"', 'true', 'null'),
      fc.array(fc.tuple(space, tie('v')), { maxLength: 4 }).map((items) => `[${items.map(([s, v]) => `${s}${v}${s}`).join(',')}]`),
      fc.array(fc.tuple(key, space, tie('v')), { maxLength: 4 }).map((members) => `{${members.map(([k, s, v]) => `${s}"${k}"${s}:${s}${v}`).join(',')}}`),
    ),
  })).v;
  it('are those a reviver with source access sees, repeated keys and all (fuzzed)', () => {
    fc.assert(
      fc.property(value, (text) => {
        const ours = parseJsonKeepingNumbers(text);
        const reference = reviverSources(text);
        expect(texts(ours.value, ours.numbers)).toEqual(texts(reference.value, reference.numbers));
      }),
      { numRuns: 3000 },
    );
  });
});
