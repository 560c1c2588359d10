import { describe, expect, it } from 'vitest';
import { EXTRACTORS } from './extractors';
import { Notes } from './notes';
import { firstResponse, readAnswer, readItem, responseTime, responsesByQuery } from './responses';
import { choiceItem, question } from './synthetic-runs.test-util';
import type { ScoringItem } from './types';

const context = (notes = new Notes()) => ({ taxonomy: [], extractorFor: () => EXTRACTORS['ovo-s-letter'], judgments: null, forwardSeconds: 2, rules: 'release' as const, distance: () => 0, notes });

describe('responses per query point', () => {
  const item: ScoringItem = {
    item: 'i1',
    question: question({ temporalType: 'forward' }),
    points: [
      { time: 10, answer: 'B', proactiveTime: 30, evidence: [], windowStart: null },
      { time: 50, answer: 'A', proactiveTime: null, evidence: [], windowStart: null },
    ],
    responses: [
      { query: 0, t: 31, text: 'B' },
      { query: 0, t: null, text: 'C' },
      { query: 1, t: 55, text: 'A' },
      { query: 7, t: 1, text: 'D' },
    ],
  };

  it('takes an offline response to be given at the moment the model saw up to (T_p for forward questions)', () => {
    expect(responseTime(item.responses[1]!, item)).toBe(30);
    expect(responseTime(item.responses[0]!, item)).toBe(31);
  });

  it('groups by point, earliest first, and counts responses to points that do not exist', () => {
    const notes = new Notes();
    const byQuery = responsesByQuery(item, notes);
    expect(byQuery.map((list) => list.map((r) => r.text))).toEqual([['C', 'B'], ['A']]);
    expect(notes.list()).toEqual(['1 response named a query point its item does not have; left out.']);
    expect(firstResponse(byQuery[0]!, notes)?.text).toBe('C');
    expect(notes.list()).toContain('1 query had several responses; the first given was scored.');
  });

  it('reads an answer and says what matched, or that nothing did', () => {
    expect(readAnswer(item, 0, item.responses[0]!, EXTRACTORS['ovo-s-letter'])).toEqual({
      query: 0,
      t: 31,
      extracted: 'B',
      rule: 'step 3: a bare letter at the very end',
      correct: true,
      timing: null,
    });
    expect(readAnswer(item, 0, { query: 0, t: 3, text: 'no idea' }, EXTRACTORS['ovo-s-letter'])).toMatchObject({ extracted: null, rule: 'nothing matched', correct: false });
    expect(readAnswer(item, 1, null, EXTRACTORS['ovo-s-letter'])).toMatchObject({ t: null, rule: 'no response', correct: false });
  });

  it('reads a whole item, the accuracy over the points that have an answer key', () => {
    const notes = new Notes();
    const seen: boolean[] = [];
    const keyless = { ...choiceItem('k', {}, true), points: [{ time: 1, answer: null, proactiveTime: null, evidence: [], windowStart: null }] };
    expect(readItem(choiceItem('r', {}, true), context(notes), (c) => seen.push(c)).accuracy).toBe(100);
    expect(readItem(keyless, context(notes)).accuracy).toBeNull();
    expect(seen).toEqual([true]);
    expect(notes.list()).toEqual(['1 query point left out: no answer key, or no extractor for the answer kind.']);
  });
});
