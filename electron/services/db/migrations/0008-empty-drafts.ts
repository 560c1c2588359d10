import type { Database } from 'better-sqlite3';

/**
 * A drafting request that found nothing (no event in a stretch of video) is recorded too, as an
 * 'empty' draft with its provenance: what it cost stays accountable, and a resumed run knows that
 * stretch was looked at. SQLite cannot widen a CHECK in place, so the table is rebuilt.
 */
export function migrate0008(db: Database): void {
  db.exec(`
    CREATE TABLE drafts_next (
      id TEXT PRIMARY KEY,
      video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('caption', 'event', 'question')),
      target TEXT NOT NULL,
      at REAL NOT NULL,
      made_id TEXT,
      status TEXT NOT NULL CHECK (status IN ('draft', 'accepted', 'edited', 'rejected', 'failed', 'empty')),
      fields TEXT NOT NULL,
      created_at TEXT NOT NULL,
      decided_by TEXT,
      decided_at TEXT
    ) STRICT;
    INSERT INTO drafts_next SELECT * FROM drafts;
    DROP TABLE drafts;
    ALTER TABLE drafts_next RENAME TO drafts;
    CREATE INDEX drafts_by_video ON drafts (video_id, kind, target, at);
  `);
}
