import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, decodingText, invalidUtf8 } from './decode-text';
import { formatProblem } from './problems';

describe('decoding bytes', () => {
  const bytes = (...parts: Array<string | number[]>): Uint8Array => {
    const out: number[] = [];
    for (const part of parts) out.push(...(typeof part === 'string' ? new TextEncoder().encode(part) : part));
    return Uint8Array.from(out);
  };
  it('reports each line holding bytes that are not UTF-8, once, with the byte offset', () => {
    const file = bytes(
      '{"a": "ok"}\n', // line 1, bytes 0–11
      '{"a": "',
      [0x80],
      '"}\n', // 2: a lone continuation byte at 19
      '{"a": "',
      [0xe2, 0x82],
      '"}\n', // 3: a sequence cut short (€ is E2 82 AC) at 30
      '{"a": "',
      [0xc0, 0xaf],
      '"}\n', // 4: overlong "/" at 42
      '{"a": "',
      [0xed, 0xa0, 0x80],
      '"}\n', // 5: the surrogate U+D800 encoded at 54
      '{"a": "',
      [0xff, 0xfe, 0x80],
      '"}\n', // 6: three bad bytes, one problem, at 67
      '{"a": "é € 😀 \uFFFD"}\n', // 7: real multi-byte text and a real U+FFFD
      '{"a": "',
      [0xf0, 0x9f, 0x98],
      '\n', // 8: cut short at the line's end: the newline still ends it
      '{"a": 1}',
      [0xf4, 0x90, 0x80, 0x80], // 9: above U+10FFFF, at the end of the file
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
