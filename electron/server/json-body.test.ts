import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './json-body';

/** What JSON.parse says of a text: its value, or that it refused it. */
const reference = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

async function sliced(text: string): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await parseJsonBody(text, 0) };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return { ok: false };
  }
}

describe('parseJsonBody', () => {
  it('parses a bulk call element by element to the same value as JSON.parse', async () => {
    const body = JSON.stringify({ videoId: 'v', marks: Array.from({ length: 20_000 }, (_, i) => ({ type: 'event', start: i / 10, end: null, data: { note: `m "${i}" ,]}` } })) });
    expect(await parseJsonBody(body, 1024)).toEqual(JSON.parse(body));
    expect(await parseJsonBody(' { "a" : [ ] , "b" : [ 1 , [2] , {"c":"]"} ] } ', 0)).toEqual({ a: [], b: [1, [2], { c: ']' }] });
  });

  it('accepts exactly what JSON.parse accepts for an object body (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), async (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(await sliced(text)).toEqual(reference(text));
      }),
    );
    const broken = ['{', '{"a":[1,2}', '{"a":[1,,2]}', '{"a":[1,2],}', '{"a" [1]}', '{"a":[1]} x', '{a:[1]}', '{"a":[1 2]}', '[1,2]', '{"a":[1,2]'];
    for (const text of broken) expect(await sliced(text)).toEqual({ ok: false });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), fc.string({ maxLength: 3 }), async (value, at, junk) => {
        const text = JSON.stringify(value);
        const mutated = text.slice(0, at % (text.length + 1)) + junk + text.slice(at % (text.length + 1));
        const expected = reference(mutated);
        const got = await sliced(mutated);
        // a top-level non-object is answered by JSON.parse alone below the threshold; sliced, only objects are bodies
        if (expected.ok && (typeof expected.value !== 'object' || expected.value === null || Array.isArray(expected.value))) expect(got.ok).toBe(false);
        else expect(got).toEqual(expected);
      }),
    );
  });
});
