import type { Database } from 'better-sqlite3';

/**
 * A long edit's log entry (an import's hundred thousand inserted keys, or their rows once undone) in
 * parts of about a megabyte, each a JSON array of changes: `edit_log.changes` holds the first, this
 * table the rest. Writing (or reading) one ten-megabyte value held the server for up to 140 ms;
 * a part at a time, other requests get in between.
 */
export function migrate0011(db: Database): void {
  db.exec(`
    CREATE TABLE edit_log_parts (
      seq INTEGER NOT NULL REFERENCES edit_log (seq) ON DELETE CASCADE,
      part INTEGER NOT NULL CHECK (part >= 1),
      text TEXT NOT NULL,
      PRIMARY KEY (seq, part)
    ) STRICT;
  `);
}
