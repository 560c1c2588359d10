// A draft as both engines store it: the `drafts` table, a draft's provenance as JSON text (`fields`)
// beside its video, kind, target, time, what it made, its status and who decided it when.
import { draftProvenanceSchema, type Draft } from '../../../../shared/drafting/drafts';
import type { Row } from '../edit-log';

export interface DraftRow {
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

export const toRow = (d: Draft): Row => ({
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

export const toDraft = (r: DraftRow): Draft => ({
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
