import type { Database } from 'better-sqlite3';

/**
 * Model drafts: each drafted thing (a caption second, an event candidate, a candidate question) with
 * its provenance — model, endpoint host, prompt template and version, memory policy and k, the frame
 * times sent, tokens, cost, latency, raw output — and what people decided (draft, accepted, edited,
 * rejected; failed when the model gave nothing usable). The mark or question a draft made is named
 * by id; rejecting a draft removes it.
 */
export function migrate0007(db: Database): void {
  db.exec(`
    CREATE TABLE drafts (
      id TEXT PRIMARY KEY,
      video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('caption', 'event', 'question')),
      target TEXT NOT NULL,
      at REAL NOT NULL,
      made_id TEXT,
      status TEXT NOT NULL CHECK (status IN ('draft', 'accepted', 'edited', 'rejected', 'failed')),
      fields TEXT NOT NULL,
      created_at TEXT NOT NULL,
      decided_by TEXT,
      decided_at TEXT
    ) STRICT;
    CREATE INDEX drafts_by_video ON drafts (video_id, kind, target, at);
  `);
}
