// A model draft and what makes it accountable: who drafted it (model, endpoint host), how (prompt
// template and version, memory policy and k, the frame times sent), at what cost (tokens, estimated
// dollars, latency), what came back (raw output, or why it failed), and what people decided.
import { z } from 'zod';
import { memoryPolicies } from './memory-policy';

export const draftKinds = ['caption', 'event', 'question'] as const;
export type DraftKind = (typeof draftKinds)[number];

export const draftStatuses = ['draft', 'accepted', 'edited', 'rejected', 'failed'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

export const draftProvenanceSchema = z.object({
  model: z.string(),
  host: z.string(),
  promptTemplate: z.string(),
  promptVersion: z.number().int(),
  policy: z.enum(memoryPolicies),
  k: z.number().int().min(1),
  frameTimes: z.array(z.number().min(0)),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
  latencyMs: z.number().min(0),
  raw: z.string().nullable(),
  error: z.string().nullable(),
});
export type DraftProvenance = z.infer<typeof draftProvenanceSchema>;

export interface Draft {
  id: string;
  videoId: string;
  kind: DraftKind;
  /** What it is about: the caption task (the mark target), the event target. */
  target: string;
  /** The second drafted (a caption's second, an event's moment). */
  at: number;
  /** The mark or question it made (null when it failed). */
  madeId: string | null;
  status: DraftStatus;
  provenance: DraftProvenance;
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}
