// Drafts on PostgreSQL: the `drafts` table (its rows as on SQLite: db/rows/drafting.ts). Writes go
// through the edit's PgEditTransaction, so they are logged.
import type { DraftStore, DraftWrites } from '../../drafting/store';
import { toDraft, toRow, type DraftRow } from '../rows/drafting';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

// Text in SQLite's binary order (COLLATE "C"), and ties in the order the drafts were added (ord), as
// SQLite reads them off its index on (video_id, kind, target, at).
const BY_TIME = 'at, created_at COLLATE "C", ord';

export function pgDrafting(db: PgReader): DraftStore {
  return {
    get: async (id) => {
      const [row] = await db.rows<DraftRow>('SELECT * FROM drafts WHERE id = ?', id);
      return row ? toDraft(row) : null;
    },
    ofTarget: async (videoId, kind, target) => (await db.rows<DraftRow>(`SELECT * FROM drafts WHERE video_id = ? AND kind = ? AND target = ? ORDER BY ${BY_TIME}`, videoId, kind, target)).map(toDraft),
    list: async ({ videoId, kind }) =>
      (
        await db.rows<DraftRow>(
          `SELECT * FROM drafts WHERE (?::text IS NULL OR video_id = ?) AND (?::text IS NULL OR kind = ?)
           ORDER BY video_id COLLATE "C", kind COLLATE "C", target COLLATE "C", ${BY_TIME}`,
          videoId,
          videoId,
          kind,
          kind,
        )
      ).map(toDraft),
    draftedAt: async (videoId, kind, target, at) =>
      (await db.rows("SELECT 1 FROM drafts WHERE video_id = ? AND kind = ? AND target = ? AND at = ? AND status <> 'failed' LIMIT 1", videoId, kind, target, at)).length > 0,
    draftedMarksOfVideo: async (videoId) =>
      new Set((await db.rows<{ id: string }>("SELECT made_id AS id FROM drafts WHERE video_id = ? AND made_id IS NOT NULL AND kind IN ('caption', 'event')", videoId)).map((r) => r.id)),
    undecidedMarks: async () =>
      new Set((await db.rows<{ made_id: string }>("SELECT made_id FROM drafts WHERE status = 'draft' AND made_id IS NOT NULL AND kind IN ('caption', 'event')")).map((r) => r.made_id)),
  };
}

export function pgDraftingWrites(tx: PgEditTransaction): DraftWrites {
  return {
    ...pgDrafting(tx.reader),
    add: (draft) => tx.insert('drafts', toRow(draft)),
    put: (draft) => tx.put('drafts', toRow(draft)),
    removeOfVideo: (videoId) => tx.removeWhere('drafts', 'video_id', videoId),
  };
}
