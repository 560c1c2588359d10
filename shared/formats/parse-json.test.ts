import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberSource, parseJsonKeepingNumbers } from './parse-json';

describe('parsing JSON', () => {
  it('recovers the source text of every number, on the fast path and off it (fuzzed)', () => {
    const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const numberText = fc
      .tuple(
        fc.boolean(),
        fc.oneof(
          fc.constant('0'),
          fc.tuple(fc.constantFrom(...'123456789'), digits(0, 20)).map(([a, b]) => a + b),
        ),
        fc.option(digits(1, 20)),
        fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3))),
      )
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
});
