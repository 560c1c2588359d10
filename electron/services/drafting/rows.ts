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
