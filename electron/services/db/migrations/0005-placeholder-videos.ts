import type { Database } from 'better-sqlite3';

/**
 * Placeholder videos: a benchmark file imported without its media keeps its questions on a video
 * whose file is not there yet — its fingerprint and duration unknown (NULL) until it is relinked.
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt (foreign keys are off while
 * migrating, and checked before the commit).
 */
export function migrate0005(db: Database): void {
  db.exec(`
    CREATE TABLE videos_new (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      rel_path TEXT NOT NULL,
      fingerprint TEXT UNIQUE,
      file_size INTEGER NOT NULL,
      duration REAL,
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
      added_at TEXT NOT NULL,
      CHECK ((fingerprint IS NULL) = (duration IS NULL))
    ) STRICT;
    INSERT INTO videos_new SELECT * FROM videos;
    DROP TABLE videos;
    ALTER TABLE videos_new RENAME TO videos;
    CREATE INDEX videos_by_path ON videos (rel_path);
  `);
}
