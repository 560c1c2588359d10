// What the exchange feature needs of storage for Tidemark JSONL, the lossless backup: every stored
// row of the exported tables, as the file writes it (the project file's columns, JSON columns as
// their text) — read in storage order, looked up by id or by a unique column, and added by an
// import's edit. An engine implements it (SQLite: db/sqlite/exchange.ts).
import type { EditableTable } from '../db/edit-log';

/** A stored row in the file's form: the project file's column names (a person's passphrase left out), each value a string, a number or null. */
export type StoredRow = Record<string, string | number | null>;

export interface ExchangeStore {
  /** Every row of `table` in storage order (the order they were added), read a row at a time. */
  scan(table: EditableTable): AsyncIterable<StoredRow>;
  /** The row of `table` with this id. */
  row(table: EditableTable, id: string): Promise<StoredRow | null>;
  /** A row of `table` whose `column` holds `value` (a unique column: a video's fingerprint, a person's name). */
  rowWhere(table: EditableTable, column: string, value: string | number): Promise<StoredRow | null>;
}

/** A row the storage refused because it clashes with one already there (an id or a unique column). */
export class RowClash extends Error {}

export interface ExchangeWrites extends ExchangeStore {
  /** Adds a row checked by the import (logged for undo); throws RowClash when it clashes with a stored row (or flushRows does, see there). */
  addRow(table: EditableTable, row: StoredRow): Promise<void>;
  /**
   * Sends the rows added so far: an engine may send them several to a statement (PostgreSQL), so a
   * clash may show only then — as a RowClash here at the latest. An import calls it after its last row.
   */
  flushRows(): Promise<void>;
}
