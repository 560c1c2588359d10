import type { Database } from 'better-sqlite3';

/** Reviews of questions: blind answers and verdicts, carried by the lossless format. */
export function migrate0004(db: Database): void {
  db.exec(`
    CREATE TABLE reviews (
      id TEXT PRIMARY KEY,
      question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      reviewer TEXT NOT NULL,
      fields TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX reviews_by_question ON reviews (question_id);
  `);
}
