// Drafts in SQLite: the `drafts` table (its rows: db/rows/drafting.ts). Writes go through the edit log.
import type { DraftStore, DraftWrites } from '../../drafting/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { toDraft, toRow, type DraftRow } from '../rows/drafting';

export function sqliteDrafting(db: ReadableDb): DraftStore {
  return {
    get: async (id) => {
      const row = db.query<DraftRow>('SELECT * FROM drafts WHERE id = ?').get(id);
      return row ? toDraft(row) : null;
    },
    ofTarget: async (videoId, kind, target) =>
      db.query<DraftRow>('SELECT * FROM drafts WHERE video_id = ? AND kind = ? AND target = ? ORDER BY at, created_at').all(videoId, kind, target).map(toDraft),
    list: async (filter) =>
      db
        .query<DraftRow>('SELECT * FROM drafts WHERE (@videoId IS NULL OR video_id = @videoId) AND (@kind IS NULL OR kind = @kind) ORDER BY video_id, kind, target, at, created_at')
        .all({ videoId: filter.videoId, kind: filter.kind })
        .map(toDraft),
    draftedAt: async (videoId, kind, target, at) =>
      db.query("SELECT 1 FROM drafts WHERE video_id = ? AND kind = ? AND target = ? AND at = ? AND status != 'failed' LIMIT 1").get(videoId, kind, target, at) !== undefined,
    draftedMarksOfVideo: async (videoId) =>
      new Set(
        db
          .query<{ id: string }>("SELECT made_id AS id FROM drafts WHERE video_id = ? AND made_id IS NOT NULL AND kind IN ('caption', 'event')")
          .all(videoId)
          .map((r) => r.id),
      ),
    undecidedMarks: async () =>
      new Set(
        db
          .query<{ made_id: string }>("SELECT made_id FROM drafts WHERE status = 'draft' AND made_id IS NOT NULL AND kind IN ('caption', 'event')")
          .all()
          .map((r) => r.made_id),
      ),
  };
}

export function sqliteDraftingWrites(tx: EditTransaction): DraftWrites {
  return {
    ...sqliteDrafting(tx.db),
    add: async (draft) => tx.insert('drafts', toRow(draft)),
    put: async (draft) => tx.put('drafts', toRow(draft)),
    removeOfVideo: async (videoId) => tx.removeWhere('drafts', 'video_id', videoId),
  };
}
