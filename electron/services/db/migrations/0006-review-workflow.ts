import type { Database } from 'better-sqlite3';

/**
 * The review workflow: people and their roles, guideline versions, review rounds with their
 * assignments, and adjudication decisions. Rounds are numbered (reviews and questions already
 * record a round number); assignments and decisions go with their question.
 */
export function migrate0006(db: Database): void {
  db.exec(`
    CREATE TABLE people (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      roles TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE TABLE guidelines (
      id TEXT PRIMARY KEY,
      version TEXT NOT NULL UNIQUE,
      fields TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE TABLE review_rounds (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE CHECK (number >= 1),
      fields TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE TABLE review_assignments (
      id TEXT PRIMARY KEY,
      round_id TEXT NOT NULL REFERENCES review_rounds(id) ON DELETE CASCADE,
      question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      reviewer TEXT NOT NULL,
      UNIQUE (round_id, question_id, reviewer)
    ) STRICT;
    CREATE INDEX review_assignments_by_reviewer ON review_assignments (reviewer);
    CREATE INDEX review_assignments_by_question ON review_assignments (question_id);
    CREATE TABLE adjudications (
      id TEXT PRIMARY KEY,
      question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      adjudicator TEXT NOT NULL,
      fields TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX adjudications_by_question ON adjudications (question_id);
    CREATE INDEX reviews_by_reviewer ON reviews (reviewer);
  `);
}
