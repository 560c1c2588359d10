// Text PostgreSQL cannot hold as it is: its text type refuses U+0000, which a project file keeps.
// People's judgment keys use U+0000 as a separator ("person:<name>" U+0000 <judge's key>,
// runs/judge-check.ts) and a model's answer may carry one, so those columns are stored escaped:
// U+0000 as U+0001 "0", U+0001 itself as U+0001 U+0001. Text with neither (nearly all; a judge's key
// is JSON, which has none) is stored as on SQLite. Whatever reads or writes these columns' raw rows
// on PostgreSQL (a store, a lossless export or import) goes through pgRow and rowFromPg.
import type { EditableTable } from '../edit-log';

/** The columns stored escaped, by table. */
export const ESCAPED_COLUMNS: Partial<Record<EditableTable, readonly string[]>> = {
  judgments: ['key'],
  responses: ['text'],
};

/**
 * Text as PostgreSQL stores it. Character by character and prefix-free: a text starts with a prefix
 * exactly when its stored form starts with the prefix's stored form (a search by key prefix).
 */
export const pgText = (text: string): string => text.replace(/[\u0000\u0001]/g, (c) => (c === '\u0000' ? '\u00010' : '\u0001\u0001'));

/** Stored text as it was written. */
export const fromPgText = (stored: string): string => stored.replace(/\u0001([\u00010])/g, (_, c: string) => (c === '0' ? '\u0000' : '\u0001'));

function mapped<R extends object>(table: EditableTable, row: R, convert: (text: string) => string): R {
  const columns = ESCAPED_COLUMNS[table];
  if (!columns) return row;
  const out = { ...row } as Record<string, unknown>;
  for (const column of columns) if (typeof out[column] === 'string') out[column] = convert(out[column]);
  return out as R;
}

/** A row of `table` as PostgreSQL stores it. */
export const pgRow = <R extends object>(table: EditableTable, row: R): R => mapped(table, row, pgText);

/** A row of `table` read from PostgreSQL, as it was written. */
export const rowFromPg = <R extends object>(table: EditableTable, row: R): R => mapped(table, row, fromPgText);
