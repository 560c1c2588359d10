import type { Database } from 'better-sqlite3';

/**
 * Benchmark profiles, marks, questions and query points, and the edit log that makes every edit
 * undoable (and keeps the undo history across restarts).
 */
export function migrate0003(db: Database): void {
  db.exec(`
    CREATE TABLE profiles (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      name TEXT NOT NULL,
      definition TEXT NOT NULL,
      builtin INTEGER NOT NULL CHECK (builtin IN (0, 1))
    ) STRICT;

    CREATE TABLE marks (
      id TEXT PRIMARY KEY,
      video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      type TEXT NOT NULL CHECK (type IN ('caption', 'event', 'span', 'cycle', 'identity', 'count', 'entity')),
      start REAL NOT NULL,
      "end" REAL,
      target TEXT NOT NULL DEFAULT '',
      data TEXT NOT NULL DEFAULT '{}'
    ) STRICT;
    CREATE INDEX marks_by_video ON marks (video_id, start);

    CREATE TABLE questions (
      id TEXT PRIMARY KEY,
      video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      profile_id TEXT NOT NULL REFERENCES profiles(id),
      fields TEXT NOT NULL,
      provenance TEXT NOT NULL DEFAULT '{}',
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX questions_by_video ON questions (video_id);

    CREATE TABLE query_points (
      id TEXT PRIMARY KEY,
      question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      time REAL NOT NULL,
      fields TEXT NOT NULL
    ) STRICT;
    CREATE INDEX query_points_by_question ON query_points (question_id, time);

    CREATE TABLE edit_log (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      person TEXT NOT NULL,
      label TEXT NOT NULL,
      changes TEXT NOT NULL,
      undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
      at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX edit_log_by_person ON edit_log (person, seq);
  `);
}
