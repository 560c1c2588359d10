// Model runs: a model's answers to a project's questions, each emission kept with when it came.
import { z } from 'zod';
import type { Problem } from '../formats/problems';
import type { RunScore } from '../scoring/types';

export const runProtocols = ['offline', 'synchronous', 'asynchronous'] as const;
export type RunProtocol = (typeof runProtocols)[number];

/** What a run says about itself beyond its model and label. */
export const runFieldsSchema = z.object({
  /** The file it was imported from (its name). */
  source: z.string().max(500),
  /** Offline prefix (one answer at the query time), synchronous or asynchronous streaming. */
  protocol: z.enum(runProtocols).nullable().default(null),
  /** Sampling, memory and anything else the run was configured with. */
  settings: z.record(z.string(), z.unknown()).default({}),
});
type RunFields = z.infer<typeof runFieldsSchema>;

export interface ModelRun extends RunFields {
  id: string;
  model: string;
  label: string;
  createdBy: string;
  createdAt: string;
  /** How many responses it holds. */
  responses: number;
}

export const responseExtraSchema = z.object({
  /** The frame times the model saw for this response. */
  frames: z.array(z.number().min(0)).max(100_000).optional(),
  meta: z.unknown().optional(),
});

export interface ModelResponse {
  id: string;
  runId: string;
  questionId: string;
  /** The 0-based query point it answers. */
  query: number;
  /** The video time it was emitted at; null for an offline run (at the query time). */
  t: number | null;
  text: string;
  latency: number | null;
  frames?: number[];
  meta?: unknown;
}

export interface RunImportOutcome {
  file: string;
  lines: number;
  runs: Array<{ model: string; label: string; responses: number }>;
  /** Lines that name no question (or a query point it does not have): reported, not imported. */
  unmatched: Problem[];
  /** Lines imported otherwise than they say (given to a twin by their ground truth, or a ground truth that is not the key), each with why. */
  notes: Problem[];
  problems: Problem[];
  refused: boolean;
}

/** A run's score on a profile, with the run it is of. */
export type RunScoreView = RunScore & { runId: string; model: string; label: string };
