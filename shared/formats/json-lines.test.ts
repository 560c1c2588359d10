import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJsonLines } from './json-lines';
import { formatProblem } from './problems';
import { toPythonJson } from './python-json';

describe('reading JSONL', () => {
  it('reports bad lines with file and line, and keeps the good ones', () => {
    const { lines, problems } = readJsonLines('{"a": 1}\n\n{"a": \n{"b": 2.50}\n', 'items.jsonl');
    expect(lines.map((l) => l.line)).toEqual([1, 4]);
    expect(problems.map(formatProblem)).toEqual(['items.jsonl:3: not valid JSON (unexpected end at column 7)']);
    expect(toPythonJson(lines[1]!.value, { numbers: lines[1]!.numbers })).toBe('{"b": 2.50}');
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
  it('never throws on garbage lines (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const { lines, problems } = readJsonLines(text, 'f');
        expect(lines.length + problems.length).toBeLessThanOrEqual(text.split('\n').length);
      }),
      { numRuns: 3000 },
    );
  });
});
