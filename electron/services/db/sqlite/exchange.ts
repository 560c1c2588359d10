// Tidemark JSONL's rows in SQLite: a table's rows as stored (storage order is rowid order), a row by
// id or by a unique column, and an import's inserts through the edit log.
import { RowClash, type ExchangeStore, type ExchangeWrites, type StoredRow } from '../../exchange/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { fileColumns } from '../rows/exchange';

export function sqliteExchange(db: ReadableDb): ExchangeStore {
  return {
    // a cursor on the connection, so a long table is never held in memory whole
    scan: (table) => ({ [Symbol.asyncIterator]: () => asAsync(db.query<StoredRow>(`SELECT ${fileColumns(table)} FROM ${table} ORDER BY rowid`).iterate()) }),
    row: async (table, id) => db.query<StoredRow>(`SELECT ${fileColumns(table)} FROM ${table} WHERE id = ?`).get(id) ?? null,
    rowWhere: async (table, column, value) => db.query<StoredRow>(`SELECT ${fileColumns(table)} FROM ${table} WHERE "${column}" = ?`).get(value) ?? null,
  };
}

export function sqliteExchangeWrites(tx: EditTransaction): ExchangeWrites {
  return {
    ...sqliteExchange(tx.db),
    addRow: async (table, row) => {
      try {
        tx.insert(table, row);
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) throw new RowClash(`${table} ${String(row.id)}: ${(error as Error).message}`);
        throw error;
      }
    },
    // (each insert ran at once: a clash was said by its addRow)
    flushRows: async () => undefined,
  };
}

function asAsync<T>(rows: IterableIterator<T>): AsyncIterator<T> {
  return {
    next: async () => rows.next(),
    // a consumer that stops early closes the cursor (the connection cannot run another statement while it is open)
    return: async () => rows.return?.() ?? { done: true, value: undefined },
  };
}
