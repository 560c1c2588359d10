// Builders for tests: items and runs that reproduce a paper's printed percentages exactly.
import type { ScoringItem } from './types';

/** The fewest questions and right answers whose share prints as `value` (e.g. 58.69 → 44 of 75 … ). */
export function countsFor(value: number, decimals = 2): { correct: number; total: number } {
  for (let total = 1; total <= 100_000; total++) {
    const correct = Math.round((value * total) / 100);
    if (((100 * correct) / total).toFixed(decimals) === value.toFixed(decimals)) return { correct, total };
  }
  throw new Error(`no small fraction prints as ${value}`);
}

export function question(overrides: Partial<ScoringItem['question']> = {}): ScoringItem['question'] {
  return { id: 'q', taskCode: null, answerKind: 'choice', options: { A: 'a', B: 'b', C: 'c', D: 'd' }, temporalType: null, group: null, counting: null, ...overrides };
}

/** A one-point choice item answered "B", with a response that is right or wrong. */
export function choiceItem(item: string, overrides: Partial<ScoringItem['question']>, right: boolean): ScoringItem {
  return {
    item,
    question: question({ id: item, ...overrides }),
    points: [{ time: 10, answer: 'B', proactiveTime: null, evidence: [], windowStart: null }],
    responses: [{ query: 0, t: null, text: right ? 'Answer: B' : 'Answer: C' }],
  };
}

/** `total` items of a category, `correct` of them answered right. */
export function categoryRun(prefix: string, overrides: Partial<ScoringItem['question']>, counts: { correct: number; total: number }): ScoringItem[] {
  return Array.from({ length: counts.total }, (_, i) => choiceItem(`${prefix}-${i}`, overrides, i < counts.correct));
}

type Point = ScoringItem['points'][number];

/** An item with the given points (time and answer, the rest defaulted) and responses [t, text, query = 0]. */
export function itemWith(
  item: string,
  overrides: Partial<ScoringItem['question']>,
  points: Array<Pick<Point, 'time' | 'answer'> & Partial<Point>>,
  responses: Array<[number | null, string, number?]>,
): ScoringItem {
  return {
    item,
    question: question({ id: item, answerKind: 'text', options: {}, ...overrides }),
    points: points.map((p) => ({ proactiveTime: null, evidence: [], windowStart: null, ...p })),
    responses: responses.map(([t, text, query = 0]) => ({ query, t, text })),
  };
}
