// Text PostgreSQL cannot hold as it is (U+0000), stored escaped and read back as written.
import { describe, expect, it } from 'vitest';
import { fromPgText, pgRow, pgText, rowFromPg } from './text';

const tricky = ['', 'plain', 'a\u0000b', '\u0000', '\u0001', '\u00010', '\u0001\u0001', '\u0000\u0001\u0000', 'a\\0b', '0\u0001', 'person:Ann\u0000["judge",1]'];

describe('text stored on PostgreSQL', () => {
  it('holds no U+0000, reads back as written, and keeps distinct texts distinct', () => {
    for (const text of tricky) {
      expect(pgText(text)).not.toContain('\u0000');
      expect(fromPgText(pgText(text))).toBe(text);
    }
    expect(new Set(tricky.map(pgText)).size).toBe(tricky.length);
  });

  it('leaves text without U+0000 or U+0001 as it is (a judge key, an answer)', () => {
    expect(pgText('["gpt",{"a":"\\u0000"}] \\ 0')).toBe('["gpt",{"a":"\\u0000"}] \\ 0');
  });

  it('keeps prefixes: a text starts with a prefix exactly when its stored form starts with the stored prefix', () => {
    for (const text of tricky) for (const prefix of tricky) expect([prefix, text, pgText(text).startsWith(pgText(prefix))]).toEqual([prefix, text, text.startsWith(prefix)]);
  });

  it('escapes the columns of the tables that need it, and nothing else', () => {
    const judgment = { id: 'x\u0000', key: 'person:Ann\u0000k', fields: '{}' };
    expect(pgRow('judgments', judgment)).toEqual({ ...judgment, key: 'person:Ann\u00010k' });
    expect(rowFromPg('judgments', pgRow('judgments', judgment))).toEqual(judgment);
    expect(pgRow('responses', { text: '\u0000', extra: null })).toEqual({ text: '\u00010', extra: null });
    const mark = { id: 'm', data: 'a\u0000' };
    expect(pgRow('marks', mark)).toBe(mark);
  });
});
