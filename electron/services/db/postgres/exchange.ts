// Tidemark JSONL's rows on PostgreSQL: a table's rows in storage order (ord, SQLite's rowid order),
// read a slice at a time; a row by id or by a unique column; an import's inserts through the edit's
// PgEditTransaction. `ord` is PostgreSQL's own: no row handed out carries it.
import { RowClash, type ExchangeStore, type ExchangeWrites, type StoredRow } from '../../exchange/store';
import type { EditableTable } from '../edit-log';
import { fileColumns } from '../rows/exchange';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';
import { pgRow, rowFromPg } from './text';

/** Rows a scan reads in one query: a few megabytes, and tens of milliseconds on the server's one thread. */
export const SCAN_SLICE = 5000;

type OrderedRow = StoredRow & { ord: number };

/** The file's columns and `ord` (`*` has it already). */
const withOrd = (table: EditableTable): string => {
  const columns = fileColumns(table);
  return columns === '*' ? columns : `${columns}, ord`;
};

/** A row as the file holds it: without ord, its escaped text as written (text.ts). */
const stored = (table: EditableTable, { ord: _ord, ...row }: OrderedRow): StoredRow => rowFromPg(table, row);

/** The rows of `table` in storage order, a slice at a time: the next begins after the last one's ord (no cursor held between them). */
async function* scanned(db: PgReader, table: EditableTable): AsyncGenerator<StoredRow> {
  let after: number | null = null;
  for (;;) {
    const rows: OrderedRow[] =
      after === null
        ? await db.rows<OrderedRow>(`SELECT ${withOrd(table)} FROM ${table} ORDER BY ord LIMIT ${SCAN_SLICE}`)
        : await db.rows<OrderedRow>(`SELECT ${withOrd(table)} FROM ${table} WHERE ord > ? ORDER BY ord LIMIT ${SCAN_SLICE}`, after);
    for (const row of rows) yield stored(table, row);
    if (rows.length < SCAN_SLICE) return;
    after = rows[rows.length - 1]!.ord;
  }
}

const first = async (table: EditableTable, rows: Promise<OrderedRow[]>): Promise<StoredRow | null> => {
  const [row] = await rows;
  return row ? stored(table, row) : null;
};

export function pgExchange(db: PgReader): ExchangeStore {
  return {
    scan: (table) => ({ [Symbol.asyncIterator]: () => scanned(db, table) }),
    row: (table, id) => first(table, db.rows<OrderedRow>(`SELECT ${withOrd(table)} FROM ${table} WHERE id = ?`, id)),
    rowWhere: (table, column, value) => first(table, db.rows<OrderedRow>(`SELECT ${withOrd(table)} FROM ${table} WHERE "${column}" = ? LIMIT 1`, pgRow(table, { [column]: value })[column])),
  };
}

/** PostgreSQL's unique_violation: a key or a unique column already there. */
const UNIQUE_VIOLATION = '23505';

/** Runs `send`, saying a clash as RowClash (the table and key PostgreSQL names: the rows go out several at a time). */
async function clashSaid(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    const { code, table, detail, message } = error as { code?: string; table?: string; detail?: string; message: string };
    if (code === UNIQUE_VIOLATION) throw new RowClash(`${table ?? 'a table'}: ${detail ?? message}`);
    throw error;
  }
}

export function pgExchangeWrites(tx: PgEditTransaction): ExchangeWrites {
  return {
    ...pgExchange(tx.reader),
    // queued with others (sent a thousand at a time, or before the edit's next statement): a clash may show later
    addRow: (table, row) => clashSaid(() => tx.insert(table, pgRow(table, row))),
    flushRows: () => clashSaid(() => tx.writer.flush()),
  };
}
