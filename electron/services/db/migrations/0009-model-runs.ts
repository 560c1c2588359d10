import type { Database } from 'better-sqlite3';

/**
 * Model runs: a run is a model's answers to a project's questions (its model, a label, how it was
 * run, the file it came from); each response is one emission — the question and query point it
 * answers, the video time it was emitted at (null for an offline run: at the query time), its raw
 * text, latency, the frame times the model saw and anything else the file carried.
 */
export function migrate0009(db: Database): void {
  db.exec(`
    CREATE TABLE runs (
      id TEXT PRIMARY KEY,
      model TEXT NOT NULL,
      label TEXT NOT NULL,
      fields TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (model, label)
    ) STRICT;
    CREATE TABLE responses (
      id TEXT PRIMARY KEY,
      run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      query INTEGER NOT NULL,
      t REAL,
      text TEXT NOT NULL,
      latency REAL,
      extra TEXT
    ) STRICT;
    CREATE INDEX responses_by_run ON responses (run_id, question_id, query, t);
    CREATE INDEX responses_by_question ON responses (question_id);
  `);
}
