// Runs, responses and judgments as both engines store them: `runs` (a run's fields as JSON text
// beside its model, label and creation), `responses` (frames and meta as JSON text in `extra`, null
// when neither) and `judgments` (keyed by what decides them, one row per repeat; the fields as JSON
// text). The mappers name every column they read, so PostgreSQL's extra `ord` never reaches a value.
import { randomUUID } from 'node:crypto';
import { responseExtraSchema, runFieldsSchema, type ModelResponse, type ModelRun } from '../../../../shared/runs/types';
import type { Judgment } from '../../../../shared/scoring/types';
import { judgmentFieldsSchema, type JudgmentFields, type StoredJudgment } from '../../runs/store';
import type { Row } from '../edit-log';

/** A run as listed: its row and its count of responses. */
export interface RunRow {
  id: string;
  model: string;
  label: string;
  fields: string;
  created_by: string;
  created_at: string;
  responses: number;
}

export interface ResponseRow {
  id: string;
  run_id: string;
  question_id: string;
  query: number;
  t: number | null;
  text: string;
  latency: number | null;
  extra: string | null;
}

export interface JudgmentRow {
  key: string;
  repeat: number;
  score: number;
  verdict: 'yes' | 'no' | null;
  fields: string;
}

export function runToRow(run: Omit<ModelRun, 'responses'>): Row {
  const { id, model, label, createdBy, createdAt, ...fields } = run;
  return { id, model, label, fields: JSON.stringify(runFieldsSchema.parse(fields)), created_by: createdBy, created_at: createdAt };
}

export const responseToRow = (r: ModelResponse): Row => ({
  id: r.id,
  run_id: r.runId,
  question_id: r.questionId,
  query: r.query,
  t: r.t,
  text: r.text,
  latency: r.latency,
  extra: r.frames === undefined && r.meta === undefined ? null : JSON.stringify({ ...(r.frames ? { frames: r.frames } : {}), ...(r.meta !== undefined ? { meta: r.meta } : {}) }),
});

export const judgmentToRow = (key: string, repeat: number, j: Judgment, fields: JudgmentFields): Row => ({
  id: randomUUID(),
  key,
  repeat,
  score: j.score,
  verdict: j.verdict ?? null,
  fields: JSON.stringify(judgmentFieldsSchema.parse(fields)),
  created_at: new Date().toISOString(),
});

export const rowToRun = (r: RunRow): ModelRun => ({
  id: r.id,
  model: r.model,
  label: r.label,
  ...runFieldsSchema.parse(JSON.parse(r.fields)),
  createdBy: r.created_by,
  createdAt: r.created_at,
  responses: r.responses,
});

export function rowToResponse(r: ResponseRow): ModelResponse {
  const extra = r.extra === null ? {} : responseExtraSchema.parse(JSON.parse(r.extra));
  return { id: r.id, runId: r.run_id, questionId: r.question_id, query: r.query, t: r.t, text: r.text, latency: r.latency, ...extra };
}

/** A stored judgment; its reason is the one its fields keep. */
export function rowToStoredJudgment(r: JudgmentRow): StoredJudgment {
  const fields = judgmentFieldsSchema.parse(JSON.parse(r.fields));
  return { key: r.key, repeat: r.repeat, judgment: { score: r.score, reason: fields.reason, ...(r.verdict ? { verdict: r.verdict } : {}) }, fields };
}
