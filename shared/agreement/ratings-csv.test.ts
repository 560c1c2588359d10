import { describe, expect, it } from 'vitest';
import { readRatingsCsv } from './ratings-csv';

describe('ratings CSV', () => {
  it('reads quoted fields, and names the line and field of each problem', () => {
    const text = 'item,rater,label\nq1,ann,"yes, mostly"\nq1,bob,"say ""no"""\nq2,ann,\nq3,ann,2\nq3,ann,3\nbroken,"x\n';
    const { ratings, problems } = readRatingsCsv(text, 'r.csv', false);
    expect(ratings).toEqual([
      { item: 'q1', rater: 'ann', label: 'yes, mostly' },
      { item: 'q1', rater: 'bob', label: 'say "no"' },
      { item: 'q3', rater: 'ann', label: '2' },
    ]);
    expect(problems.map((p) => `${p.line}:${p.field}: ${p.reason}`)).toEqual([
      '4:label: empty',
      '6:rater: a second rating of this item by this rater (first on line 5)',
      '7:: a quoted field opened here is never closed',
    ]);
  });

  it('reads a label with a line break inside its quotes, as spreadsheets write it, and numbers lines as the file has them', () => {
    const text = 'item,rater,label\r\nq1,ann,"mostly yes,\r\nbut unsure"\r\nq1,bob,no\r\nq2,ann,,\r\n';
    const { ratings, problems } = readRatingsCsv(text, 'r.csv', false);
    expect(ratings).toEqual([
      { item: 'q1', rater: 'ann', label: 'mostly yes,\r\nbut unsure' },
      { item: 'q1', rater: 'bob', label: 'no' },
    ]);
    expect(problems).toEqual([{ file: 'r.csv', line: 5, field: '', reason: 'expected three fields: item, rater, label (found 4)' }]);
  });

  it('wants its header and, for numeric metrics, numbers', () => {
    expect(readRatingsCsv('a,b,c\n', 'r.csv', false).problems[0]!.reason).toMatch(/header item,rater,label/);
    expect(readRatingsCsv('item,rater,label\nq,ann,high\n', 'r.csv', true).problems[0]).toMatchObject({ line: 2, field: 'label', reason: expect.stringMatching(/not a number/) });
  });
});
