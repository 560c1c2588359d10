// A model draft and what makes it accountable: who drafted it (model, endpoint host), how (prompt
// template and version, memory policy and k, the frame times sent), at what cost (tokens, estimated
// dollars, latency), what came back (raw output, or why it failed), and what people decided.
import { z } from 'zod';
import type { Mark } from '../marks';
import { memoryPolicies } from './memory-policy';

export const draftKinds = ['caption', 'event', 'question'] as const;
export type DraftKind = (typeof draftKinds)[number];

/** 'empty': the request drafted nothing (no event in that stretch); 'failed': the model gave nothing usable. */
export const draftStatuses = ['draft', 'accepted', 'edited', 'rejected', 'failed', 'empty'] as const;
type DraftStatus = (typeof draftStatuses)[number];

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
  /** What the model drafted, as people read it (a caption's text, an event's label, a question), to compare with what a person made of it. */
  drafted: z.string().nullable().default(null),
  /** What a candidate question was generated from (PhoStream keeps this "dialogue history" per candidate): the segment summaries so far. */
  history: z.array(z.string()).default([]),
  /** A candidate question's cutoff check: the model shown only the video up to the cutoff. */
  check: z
    .object({
      cutoff: z.number().min(0),
      supported: z.boolean().nullable(),
      reason: z.string(),
      frameTimes: z.array(z.number().min(0)),
      inputTokens: z.number().int().min(0),
      outputTokens: z.number().int().min(0),
      costUsd: z.number().min(0),
      raw: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type DraftProvenance = z.infer<typeof draftProvenanceSchema>;

/** Undecided drafts wait for a person; the others are decided (or failed, and hold nothing back). */
export const isUndecided = (d: Pick<Draft, 'status'>): boolean => d.status === 'draft';

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

/** A draft as the lists show it: what its mark or question now says (null once it is gone) and the task it belongs to. */
export interface DraftView extends Draft {
  current: string | null;
  /** The task type it counts under in the statistics: a caption task's code or name, an event target, a question's task code. */
  task: string;
}

export const draftDecisions = ['accept', 'reject'] as const;
export type DraftDecision = (typeof draftDecisions)[number];

/** A drafted mark as people read it: a caption's text, an event's moment and note, a cycle's span — what a draft and its mark are compared by. */
export function markText(mark: Mark): string {
  const at = (t: number): string => `${Number(t.toFixed(3))} s`;
  switch (mark.type) {
    case 'caption':
      return mark.data.text;
    case 'event':
      return mark.data.note ? `${at(mark.start)}: ${mark.data.note}` : at(mark.start);
    default:
      return mark.end === null ? at(mark.start) : `${Number(mark.start.toFixed(3))}–${at(mark.end)}`;
  }
}
