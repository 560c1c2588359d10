// Drafts ↔ rows; reads through the read-only handle (writes are edits).
import { draftProvenanceSchema, type Draft, type DraftKind } from '../../../shared/drafting/drafts';
import type { Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';

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

export const draftToRow = (d: Draft): Row => ({
  id: d.id, video_id: d.videoId, kind: d.kind, target: d.target, at: d.at, made_id: d.madeId, status: d.status,
  fields: JSON.stringify(d.provenance), created_at: d.createdAt, decided_by: d.decidedBy, decided_at: d.decidedAt,
});

const rowToDraft = (r: DraftRow): Draft => ({
  id: r.id, videoId: r.video_id, kind: r.kind, target: r.target, at: r.at, madeId: r.made_id, status: r.status,
  provenance: draftProvenanceSchema.parse(JSON.parse(r.fields)), createdAt: r.created_at, decidedBy: r.decided_by, decidedAt: r.decided_at,
});

export const draftsOf = (db: ReadableDb, videoId: string, kind: DraftKind, target: string): Draft[] =>
  db.query<DraftRow>('SELECT * FROM drafts WHERE video_id = ? AND kind = ? AND target = ? ORDER BY at, created_at').all(videoId, kind, target).map(rowToDraft);

export function draftById(db: ReadableDb, id: string): Draft | null {
  const row = db.query<DraftRow>('SELECT * FROM drafts WHERE id = ?').get(id);
  return row ? rowToDraft(row) : null;
}

export function allDrafts(db: ReadableDb, filter: { videoId: string | null; kind: DraftKind | null }): Draft[] {
  return db
    .query<DraftRow>('SELECT * FROM drafts WHERE (@videoId IS NULL OR video_id = @videoId) AND (@kind IS NULL OR kind = @kind) ORDER BY video_id, kind, target, at, created_at')
    .all({ videoId: filter.videoId, kind: filter.kind })
    .map(rowToDraft);
}

/** The marks undecided drafts made: no person has checked them, so an export waits for them. */
export function undecidedDraftMarks(db: ReadableDb): Set<string> {
  return new Set(db.query<{ made_id: string }>("SELECT made_id FROM drafts WHERE status = 'draft' AND made_id IS NOT NULL AND kind IN ('caption', 'event')").all().map((r) => r.made_id));
}

/** Whether a second (or stretch end) already has a draft that did not fail: another run may have drafted it meanwhile. */
export const draftedAt = (db: ReadableDb, videoId: string, kind: DraftKind, target: string, at: number): boolean =>
  db.query("SELECT 1 FROM drafts WHERE video_id = ? AND kind = ? AND target = ? AND at = ? AND status != 'failed' LIMIT 1").get(videoId, kind, target, at) !== undefined;
