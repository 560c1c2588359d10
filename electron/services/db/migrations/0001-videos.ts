import type { Database } from 'better-sqlite3';

/** The project's identity and its video library. */
export function migrate0001(db: Database): void {
  db.exec(`
    CREATE TABLE project_meta (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;

    CREATE TABLE videos (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      rel_path TEXT NOT NULL,
      fingerprint TEXT NOT NULL UNIQUE,
      file_size INTEGER NOT NULL,
      duration REAL NOT NULL,
      fps REAL NOT NULL,
      fps_rational TEXT NOT NULL,
      variable_fps INTEGER NOT NULL CHECK (variable_fps IN (0, 1)),
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      codec TEXT NOT NULL,
      audio_codec TEXT,
      container TEXT NOT NULL,
      source_dataset TEXT,
      licence_note TEXT,
      segment_offset REAL NOT NULL DEFAULT 0,
      tags TEXT NOT NULL DEFAULT '[]',
      added_at TEXT NOT NULL
    ) STRICT;
  `);
}
