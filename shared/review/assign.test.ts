import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignReviewers } from './assign';

const loads = (assignments: Array<{ reviewer: string }>, reviewers: readonly string[]): number[] => reviewers.map((r) => assignments.filter((a) => a.reviewer === r).length);

describe('assignReviewers', () => {
  it('picks the least loaded reviewers who did not write the item, ties round a rotating order', () => {
    const items = [
      { id: 'q1', author: 'ann' },
      { id: 'q2', author: 'bob' },
      { id: 'q3', author: 'cat' },
      { id: 'q4', author: 'ann' },
    ];
    // q1: bob, cat (all at 0; order starts at ann, who wrote it) — next start after cat: dan
    // q2: dan, ann (at 0; order from dan) — next start: bob
    // q3: bob, dan (all at 1; order from bob) — next start: ann
    // q4: cat (at 1), then bob over dan (both at 2; bob comes first from ann)
    const { assignments, short } = assignReviewers(items, ['ann', 'bob', 'cat', 'dan'], 2);
    expect(assignments.map((a) => `${a.questionId}:${a.reviewer}`)).toEqual(['q1:bob', 'q1:cat', 'q2:dan', 'q2:ann', 'q3:bob', 'q3:dan', 'q4:cat', 'q4:bob']);
    expect(short).toEqual([]);
  });

  it('gives an item as many reviewers as it can and lists it as short', () => {
    const { assignments, short } = assignReviewers(
      [
        { id: 'q1', author: 'ann' },
        { id: 'q2', author: 'cat' },
      ],
      ['ann', 'bob', 'bob'],
      2,
    );
    expect(assignments).toEqual([
      { questionId: 'q1', reviewer: 'bob' },
      { questionId: 'q2', reviewer: 'ann' }, // ann has 0 so far, bob 1
      { questionId: 'q2', reviewer: 'bob' },
    ]);
    expect(short).toEqual(['q1']);
    expect(assignReviewers([{ id: 'q1', author: 'ann' }], [], 1)).toEqual({ assignments: [], short: ['q1'] });
    expect(assignReviewers([{ id: 'q1', author: 'ann' }], ['bob'], 0)).toEqual({ assignments: [], short: [] });
  });

  const names = fc.constantFrom('ann', 'bob', 'cat', 'dan', 'eve', 'fay');
  const itemsOf = (authors: fc.Arbitrary<string>) => fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 5 }), author: authors }), { selector: (i) => i.id, maxLength: 40 });

  it('never assigns the author, never twice to one item, and lists exactly the items short (property)', () => {
    fc.assert(
      fc.property(itemsOf(names), fc.uniqueArray(names, { maxLength: 6 }), fc.integer({ min: 0, max: 7 }), (items, reviewers, perItem) => {
        const { assignments, short } = assignReviewers(items, reviewers, perItem);
        for (const item of items) {
          const mine = assignments.filter((a) => a.questionId === item.id).map((a) => a.reviewer);
          expect(mine).not.toContain(item.author);
          expect(new Set(mine).size).toBe(mine.length);
          const eligible = reviewers.filter((r) => r !== item.author).length;
          expect(mine).toHaveLength(Math.min(perItem, eligible));
          expect(short.includes(item.id)).toBe(eligible < perItem);
        }
        expect(assignReviewers(items, reviewers, perItem)).toEqual({ assignments, short });
      }),
    );
  });

  it('keeps loads within one of each other when every reviewer may take every item (property)', () => {
    fc.assert(
      fc.property(itemsOf(fc.constantFrom('x', 'y')), fc.uniqueArray(names, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 6 }), (items, reviewers, perItem) => {
        const { assignments } = assignReviewers(items, reviewers, perItem);
        const l = loads(assignments, reviewers);
        expect(Math.max(...l) - Math.min(...l)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
