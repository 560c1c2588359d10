import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElementStarts } from './json-array';

describe('a document that is one JSON array', () => {
  it('finds the line each array element starts on', () => {
    expect(arrayElementStarts('[\n  {"a": "[x, {"}, \n  {"b": [1,\n 2]},\n  3\n]').map((s) => s.line)).toEqual([2, 3, 5]);
  });
  it('never throws on garbage (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        for (const s of arrayElementStarts(text)) expect(s.line).toBeLessThanOrEqual(text.split('\n').length);
      }),
      { numRuns: 3000 },
    );
  });
});
