import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonKeepingNumbers } from './parse-json';
import { PyFloat, pythonNumber, RawNumber, toPythonJson } from './python-json';

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
    const wrapped = fc.oneof(
      fc.double().map((n) => new PyFloat(n)),
      fc.constantFrom('663.0', '1e3', '-0', '204.67', 'x').map((t) => new RawNumber(t)),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { maxDepth: 3 },
        fc.jsonValue({ maxDepth: 1 }),
        fc.double(),
        wrapped,
        fc.constant(undefined),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('value'), { maxKeys: 4 }),
      ),
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
