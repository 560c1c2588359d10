import type { Database } from 'better-sqlite3';

/** Where each video was left (playhead and timeline zoom), restored on reopening. */
export function migrate0002(db: Database): void {
  db.exec(`
    CREATE TABLE video_view_state (
      video_id TEXT PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
      position REAL NOT NULL,
      view_start REAL NOT NULL,
      px_per_sec REAL NOT NULL
    ) STRICT;
  `);
}
