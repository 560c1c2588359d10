// OVO-Bench's release rules (utils/OVOBenchScore.py at c34093f): every case's expected verdict is what
// that code gives for the same response (run with python3 on the release; the whole-run numbers are
// checked in electron/services/runs/ovo-bench.test.ts against its printed output).
import { describe, expect, it } from 'vitest';
import { OVO_BENCH_PROFILE } from '../benchmarks';
import { ovoBenchProfile } from '../formats/ovo-bench';
import type { Answer } from '../questions';
import { EXTRACTORS, type ExtractorId } from './extractors';
import { scoreRun } from './score';
import type { ScoringItem, ScoringResponse } from './types';

/** The release's verdict as Tidemark's extractor gives it: `correct` where the rule tests against the key. */
function verdict(id: ExtractorId, response: string | string[], answer: Answer): boolean {
  const found = Array.isArray(response) ? EXTRACTORS[id].extract(response.join('\n'), { answer, list: response }) : EXTRACTORS[id].extract(response, { answer });
  return found ? (found.correct ?? String(found.value) === String(answer)) : false;
}

describe('REC: every run of digits joined, compared with the count as text', () => {
  const cases: Array<[string | string[], number, boolean]> = [
    ['1\n', 1, true],
    ['There are 2.', 2, true],
    ['2 or 3', 3, false],
    ['2 or 3', 23, true],
    ['3 times, 2 claps', 32, true],
    ['01', 1, false], // "01" is not str(1)
    ['٣', 3, false], // Python's \d reads it, but "٣" is not "3"
    ['', 0, false],
    ['none', 0, false],
    [['4'], 4, true], // a list: its strings' digits (the release stops with a TypeError)
  ];
  for (const [response, count, right] of cases) it(`${JSON.stringify(response)} for ${count}: ${right ? 'right' : 'wrong'}`, () => expect(verdict('ovo-bench-count', response, count)).toBe(right));

  it('says what it read', () => {
    expect(EXTRACTORS['ovo-bench-count'].extract('2 or 3', { answer: 3 })).toEqual({ value: 23, rule: 'every run of digits joined: "23"', correct: false });
    expect(EXTRACTORS['ovo-bench-count'].extract('4', { answer: 4 })).toEqual({ value: 4, rule: 'the whole response', correct: true });
    expect(EXTRACTORS['ovo-bench-count'].extract('01', { answer: 1 })).toMatchObject({ value: '01', correct: false });
  });
});

describe('SSR / CRR: exactly "Y" / "N", else "Yes" / "No" in the response, case and all', () => {
  const cases: Array<[string | string[], 'yes' | 'no', boolean]> = [
    ['Y', 'yes', true],
    ['Yes.', 'yes', true],
    ['yes', 'yes', false],
    ['YES', 'yes', false],
    ['Y\n', 'yes', false],
    ['No', 'yes', false],
    ['Yes, No', 'yes', true],
    ['Yes, No', 'no', true],
    ['Not yet', 'no', true], // "No" occurs in it
    ['N', 'no', true],
    ["I don't know", 'no', false],
    [['Yes'], 'yes', true],
    [['Yes.'], 'yes', false], // membership: "Yes." is not "Yes"
    [['No.'], 'no', false],
  ];
  for (const [response, key, right] of cases) it(`${JSON.stringify(response)} for ${key}: ${right ? 'right' : 'wrong'}`, () => expect(verdict('ovo-bench-yes-no', response, key)).toBe(right));
});

describe('multiple choice: `gt in response`', () => {
  it('a substring of a text, a member of a list', () => {
    expect(verdict('substring', 'Answer: D', 'A')).toBe(true);
    expect(verdict('substring', ['A.'], 'A')).toBe(false);
    expect(verdict('substring', ['A'], 'A')).toBe(true);
    expect(verdict('substring', [], 'A')).toBe(false);
  });
});

const profile = { kind: 'custom' as const, name: OVO_BENCH_PROFILE, taxonomy: ovoBenchProfile().taxonomy };
const choice = (item: string, task: string, answer: string, responses: Array<string | string[]>): ScoringItem => ({
  item,
  question: { id: item, taskCode: task, answerKind: 'choice', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, temporalType: null, group: null, counting: null },
  points: [{ time: 10, answer, proactiveTime: null, evidence: [], windowStart: null }],
  responses: responses.map(response),
});
const probes = (item: string, task: 'REC' | 'SSR' | 'CRR', answers: Answer[], responses: Array<[number, string | string[]]>): ScoringItem => ({
  item,
  question: { id: item, taskCode: task, answerKind: task === 'REC' ? 'number' : 'yesno', options: {}, temporalType: 'forward', group: null, counting: null },
  points: answers.map((answer, i) => ({ time: 10 + i, answer, proactiveTime: null, evidence: [], windowStart: null })),
  responses: responses.map(([query, r]) => ({ ...response(r), query })),
});
function response(r: string | string[]): ScoringResponse {
  return Array.isArray(r) ? { query: 0, t: null, text: r.join('\n'), list: r } : { query: 0, t: null, text: r };
}

describe('scoreRun on the "OVO-Bench" profile: the release’s aggregation', () => {
  const items = [
    choice('0', 'EPM', 'A', ['Answer: D']), // the substring test finds the A of "Answer"
    choice('1', 'EPM', 'B', ['A']),
    choice('2', 'ASI', 'A', ['A', 'A']), // the same id twice in the results: both count
    choice('3', 'HLD', 'D', []), // no record: not counted
    choice('4', 'OCR', 'A', ['B, A', '']),
    probes(
      '5',
      'REC',
      [1, 2],
      [
        [0, '1'],
        [1, '2 or 3'],
      ],
    ),
    probes(
      '6',
      'SSR',
      ['yes', 'no', 'no'],
      [
        [2, 'Not yet'],
        [0, 'Y'],
        [1, 'yes'],
      ],
    ),
  ];
  const score = scoreRun(profile, items);

  it('accuracy per task over the responses, each family the mean of its tasks, the overall the mean of the families', () => {
    expect(score.byCategory).toEqual({
      EPM: { accuracy: 50 },
      ASI: { accuracy: 100 },
      OCR: { accuracy: 50 },
      REC: { accuracy: 50 },
      SSR: { accuracy: 200 / 3 },
      Backward: { accuracy: 75 },
      'Real-time': { accuracy: 50 },
      Forward: { accuracy: (50 + 200 / 3) / 2 },
    });
    expect(score.overall.accuracy).toBeCloseTo((75 + 50 + (50 + 200 / 3) / 2) / 3, 9);
  });

  it('lists every response it scored, probes by their place in the file', () => {
    expect(score.items.find((i) => i.item === '2')!.queries.map((q) => q.correct)).toEqual([true, true]);
    expect(score.items.find((i) => i.item === '3')!.queries).toEqual([]);
    expect(score.items.find((i) => i.item === '6')!.queries.map((q) => [q.query, q.correct, q.rule])).toEqual([
      [0, true, 'exactly "Y"'],
      [1, false, 'nothing matched'],
      [2, true, '"No" occurs in the response'],
    ]);
  });

  it('says what it left out and how it read', () => {
    expect(score.notes).toContain('HLD: no response in the run; left out of its family, as the release averages the tasks its results hold.');
    expect(score.notes).toContain('2 query points answered more than once (an id twice in the results): each response is scored, as the release scores every record.');
    expect(score.notes).toContain('1 response was empty or null (a failed call): scored wrong, as the release scores them.');
    expect(score.notes.join('\n')).toContain('Answers read with OVO-Bench REC count (release: every digit joined) (ovo-bench-count v1), a brittle rule.');
  });

  it('a family with no task answered is left out of the overall, and a note says the release stops there', () => {
    const backwardOnly = scoreRun(profile, items.slice(0, 3));
    expect(backwardOnly.overall.accuracy).toBe(75);
    expect(backwardOnly.notes.join('\n')).toContain("Real-time, Forward: no task answered; the overall is the family answered (the release's score.py stops with a NameError here).");
  });

  it('a list is scored by membership', () => {
    const listed = scoreRun(profile, [choice('0', 'EPM', 'A', [['A.']]), choice('1', 'EPM', 'A', [['A']])]);
    expect(listed.byCategory.EPM).toEqual({ accuracy: 50 });
    expect(listed.notes.join('\n')).toMatch(/^2 responses were lists/m);
  });

  it('--extractor reads only the kinds it is made for; the others keep the release’s rule', () => {
    const strict = scoreRun(profile, items, { extractor: 'ovo-s-letter' });
    expect(strict.byCategory.REC).toEqual(score.byCategory.REC);
    expect(strict.byCategory.SSR).toEqual(score.byCategory.SSR);
    expect(strict.byCategory.EPM).toEqual({ accuracy: 0 }); // "Answer: D" is D by OVO-S's steps
    expect(strict.notes).toContain('ovo-s-letter reads choice answers only: number answers were read with their usual rule.');
  });

  it('a custom profile of another name is scored as custom profiles are (pooled)', () => {
    const other = scoreRun({ ...profile, name: 'Mine' }, items);
    expect(other.byCategory.Backward).toBeUndefined();
    expect(other.notes).toContain('Custom profile: accuracy pooled over query points, per task code and overall.');
  });
});
