// Drafts in SQLite: the `drafts` table, a draft's provenance as JSON text (`fields`) beside its
// video, kind, target, time, what it made, its status and who decided it when. Writes go through the
// edit log.
import { draftProvenanceSchema, type Draft } from '../../../../shared/drafting/drafts';
import type { DraftStore, DraftWrites } from '../../drafting/store';
import type { EditTransaction, Row } from '../edit-log';
import type { ReadableDb } from '../readable';

interface DraftRow {
  id: string;
  video_id: string;
  kind: Draft['kind'];
  target: string;
  at: number;
  made_id: string | null;
  status: Draft['status'];
  fields: string;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

const toRow = (d: Draft): Row => ({
  id: d.id,
  video_id: d.videoId,
  kind: d.kind,
  target: d.target,
  at: d.at,
  made_id: d.madeId,
  status: d.status,
  fields: JSON.stringify(d.provenance),
  created_at: d.createdAt,
  decided_by: d.decidedBy,
  decided_at: d.decidedAt,
});

const toDraft = (r: DraftRow): Draft => ({
  id: r.id,
  videoId: r.video_id,
  kind: r.kind,
  target: r.target,
  at: r.at,
  madeId: r.made_id,
  status: r.status,
  provenance: draftProvenanceSchema.parse(JSON.parse(r.fields)),
  createdAt: r.created_at,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
});

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
