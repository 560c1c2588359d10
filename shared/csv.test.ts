import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

/** How a spreadsheet writes a field: quoted when it holds a comma, a quote or a line break. */
const quote = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

describe('parseCsv (RFC 4180)', () => {
  it('reads plain and quoted fields, doubled quotes, and CRLF or LF line ends', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\n')).toEqual({
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      ],
      problems: [],
    });
  });

  it('keeps line breaks inside quotes, and numbers each record by the line it starts on', () => {
    const { records, problems } = parseCsv('item,rater,label\nq1,ann,"two\nlines"\r\nq2,"b\r\nob",x\nq3,ann,y');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['item', 'rater', 'label'] },
      { line: 2, fields: ['q1', 'ann', 'two\nlines'] },
      { line: 4, fields: ['q2', 'b\r\nob', 'x'] },
      { line: 6, fields: ['q3', 'ann', 'y'] },
    ]);
  });

  it('gives empty fields and blank lines as they are', () => {
    expect(parseCsv('a,,\n\n"",b\n').records).toEqual([
      { line: 1, fields: ['a', '', ''] },
      { line: 2, fields: [''] },
      { line: 3, fields: ['', 'b'] },
    ]);
    expect(parseCsv('').records).toEqual([]);
  });

  it('names the line of a quote never closed, of text after a closing quote and of a stray quote, and goes on after them', () => {
    expect(parseCsv('a,b\n"x,y\nz\n').problems).toEqual([{ line: 2, reason: 'a quoted field opened here is never closed' }]);
    const { records, problems } = parseCsv('a,"b"c,d\ne,f"g\nh,i\n');
    expect(problems).toEqual([
      { line: 1, reason: 'text after the closing quote of field 2 (double a quote inside a quoted field: "")' },
      { line: 2, reason: 'a quote inside the unquoted field 2 (quote the whole field and double the quote: "f""g")' },
    ]);
    expect(records).toEqual([{ line: 3, fields: ['h', 'i'] }]);
  });

  it('reads back whatever a spreadsheet writes', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'é', ' ', ',', '"', '\n', '\r\n', 'x') });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        const { records, problems } = parseCsv(rows.map((r) => r.map(quote).join(',')).join(eol) + eol);
        expect(problems).toEqual([]);
        expect(records.map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});
