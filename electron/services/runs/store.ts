// What the runs feature (model runs, their responses, the judge's and people's judgments) needs of
// storage, shaped by its services — listing and removing runs, importing a run file, scoring,
// replaying, judging and checking the judge — rather than by the tables: an engine implements it
// (SQLite: db/sqlite/runs.ts). Reads are async and every value is typed (a run's fields, a
// response's frames and meta, a judgment's fields), no rowid.
import { z } from 'zod';
import type { ModelResponse, ModelRun } from '../../../shared/runs/types';
import type { Judgment } from '../../../shared/scoring/types';
import type { Pacer } from '../pacer';

/** What is kept with a judgment besides its score: the judge, its prompt, its reply and its cost. */
export const judgmentFieldsSchema = z.object({
  reason: z.string(),
  model: z.string(),
  template: z.string(),
  version: z.number().int(),
  raw: z.string().nullable(),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  costUsd: z.number().min(0),
});
export type JudgmentFields = z.infer<typeof judgmentFieldsSchema>;

/** A judgment as stored under its key (what decides it: model, prompt and request), with its fields. */
export interface StoredJudgment {
  key: string;
  repeat: number;
  judgment: Judgment;
  fields: JudgmentFields;
}

/** The project's runs, responses and judgments. */
export interface RunStore {
  /** Every run with its count of responses, by creation time, model and label. */
  list(): Promise<ModelRun[]>;
  get(id: string): Promise<ModelRun | null>;
  /** Whether a run of this model has this label already. */
  hasRunNamed(model: string, label: string): Promise<boolean>;
  /** A run's responses, in question, query and time order. */
  responsesOfRun(runId: string): Promise<ModelResponse[]>;
  /** The repeats stored for each key asked about (in repeat order; keys with none left out). */
  judgments(keys: Iterable<string>): Promise<Map<string, Judgment[]>>;
  /** Whether anything is stored under a key (one repeat of it when `repeat` is given). */
  isJudged(key: string, repeat?: number): Promise<boolean>;
  /** Every judgment whose key starts with `prefix` (people's verdicts: "person:"), unordered. */
  judgmentsKeyedFrom(prefix: string): Promise<StoredJudgment[]>;
  /** Long reads, paced (see RunScans). */
  readonly scan: RunScans;
}

/**
 * Reads for long work (scoring, replay, judging): each lets other requests in through `pacer` as it
 * goes. Responses come unordered (the callers group them). On a handle of their own (a snapshot's):
 * iterating holds the connection.
 */
export interface RunScans {
  responsesOfRun(runId: string, pacer: Pacer): Promise<ModelResponse[]>;
  /** A run's responses to one video's questions. */
  responsesOfVideo(runId: string, videoId: string, pacer: Pacer): Promise<ModelResponse[]>;
}

/** What an edit writes; it reads what the edit has written so far. */
export interface RunWrites extends RunStore {
  /** A new run (its responses added one by one). */
  addRun(run: Omit<ModelRun, 'responses'>): Promise<void>;
  addResponse(response: ModelResponse): Promise<void>;
  /** A run and its responses, letting other requests in every few thousand. */
  removeRun(runId: string): Promise<void>;
  addJudgment(key: string, repeat: number, judgment: Judgment, fields: JudgmentFields): Promise<void>;
  /** A key's judgment replaced by this one (repeat 0): a person judging again. */
  replaceJudgment(key: string, judgment: Judgment, fields: JudgmentFields): Promise<void>;
}
