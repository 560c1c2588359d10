import { describe, expect, it } from 'vitest';
import { OVO_BENCH_PROFILE } from '../benchmarks';
import { compareRules } from './compare';
import { EXTRACTORS, type ExtractionContext } from './extractors';
import { scoreRun } from './score';
import type { ScoringItem, ScoringProfile } from './types';

const ABCD: ExtractionContext = { options: { A: 'SING', B: 'SHOW DANCE', C: 'PLAY', D: 'SLEEP' } };
const strict = (response: string, ctx: ExtractionContext = ABCD) => EXTRACTORS['strict-letter'].extract(response, ctx)?.value ?? null;

describe('strict-letter: one option letter, stated as the answer', () => {
  it('reads a letter alone, a label that opens the response, or "the answer is X"', () => {
    expect(strict('C')).toBe('C');
    expect(strict(' (C) ')).toBe('C');
    expect(strict('C.')).toBe('C');
    expect(strict('(B) SHOW DANCE')).toBe('B');
    expect(strict('(C. strip the wire')).toBe('C'); // LongVU's unclosed parenthesis
    expect(strict('B: SHOW DANCE')).toBe('B');
    expect(strict('The answer is D.')).toBe('D');
    expect(strict('Answer: (A)')).toBe('A');
    expect(strict('<think>maybe A</think> C')).toBe('C');
  });

  it('reads nothing where substring matching credits by accident', () => {
    expect(strict('A, B, C')).toBeNull(); // Gemini lists letters
    expect(strict('A man is dancing')).toBeNull();
    expect(strict('SHOW DANCE')).toBeNull(); // the C of DANCE
    expect(strict('(B) or (C)')).toBeNull(); // two labels: no one answer
    expect(strict('Answer: E')).toBeNull(); // not offered
  });
});

const profile: ScoringProfile = { kind: 'custom', name: OVO_BENCH_PROFILE, taxonomy: [{ code: 'Backward', name: 'Backward', children: [{ code: 'EPM', name: 'EPM' }] }] };
const choice = (item: string, answer: string, response: string): ScoringItem => ({
  item,
  question: { id: item, taskCode: 'EPM', answerKind: 'choice', options: ABCD.options!, temporalType: null, group: null, counting: null } as ScoringItem['question'],
  points: [{ time: 10, answer, proactiveTime: null, evidence: [], windowStart: null }],
  responses: [{ query: 0, t: null, text: response }],
});

describe('compareRules: a strict column beside a lenient release rule, and the paper beside the release', () => {
  const items = [choice('1', 'C', '(B) SHOW DANCE'), choice('2', 'A', 'A, B, C'), choice('3', 'D', 'D'), choice('4', 'B', 'C')];
  const score = scoreRun(profile, items);

  it('scores OVO-Bench multiple choice strictly beside substring, listing each item the two read differently', () => {
    expect(score.overall.accuracy).toBe(75); // substring credits 1 (the C of DANCE) and 2 (A in the list)
    const comparisons = compareRules(profile, items, {}, score);
    const strictColumn = comparisons.find((c) => c.against === 'strict')!;
    expect(strictColumn.label).toContain('strict-letter');
    expect(strictColumn.overall.accuracy).toBe(25);
    expect(strictColumn.differenceCount).toBe(2);
    expect(strictColumn.differences.map((d) => d.item)).toEqual(['1', '2']);
    const [dance] = strictColumn.differences;
    expect(dance).toMatchObject({ item: '1', category: 'EPM', query: 0, response: '(B) SHOW DANCE', answer: 'C' });
    expect(dance!.scored).toMatchObject({ extracted: 'C', correct: true, rule: '"C" occurs in the response' });
    expect(dance!.other).toMatchObject({ extracted: 'B', correct: false });
  });

  it('lists the paper beside the release (here they agree: OVO-Bench has no paper rule of its own)', () => {
    const paper = compareRules(profile, items, {}, score).find((c) => c.against === 'paper')!;
    expect(paper.overall).toEqual(score.overall);
    expect(paper.differenceCount).toBe(0);
  });

  it('adds no strict column where the rule read is not lenient', () => {
    const asked = { extractor: 'ovo-s-letter-paper' as const };
    expect(compareRules(profile, items, asked, scoreRun(profile, items, asked)).map((c) => c.against)).toEqual(['paper']);
  });
});
