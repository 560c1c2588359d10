// Runs and responses ↔ rows; reads through the read-only handle (writes are edits).
import { responseExtraSchema, runFieldsSchema, type ModelResponse, type ModelRun } from '../../../shared/runs/types';
import type { Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';
import type { Pacer } from '../pacer';

interface RunRow {
  id: string;
  model: string;
  label: string;
  fields: string;
  created_by: string;
  created_at: string;
  responses: number;
}

interface ResponseRow {
  id: string;
  run_id: string;
  question_id: string;
  query: number;
  t: number | null;
  text: string;
  latency: number | null;
  extra: string | null;
}

export const runToRow = (run: Omit<ModelRun, 'responses'>): Row => {
  const { id, model, label, createdBy, createdAt, ...fields } = run;
  return { id, model, label, fields: JSON.stringify(runFieldsSchema.parse(fields)), created_by: createdBy, created_at: createdAt };
};

export const responseToRow = (r: ModelResponse): Row => ({
  id: r.id, run_id: r.runId, question_id: r.questionId, query: r.query, t: r.t, text: r.text, latency: r.latency,
  extra: r.frames === undefined && r.meta === undefined ? null : JSON.stringify({ ...(r.frames ? { frames: r.frames } : {}), ...(r.meta !== undefined ? { meta: r.meta } : {}) }),
});

const rowToRun = (r: RunRow): ModelRun => ({ id: r.id, model: r.model, label: r.label, ...runFieldsSchema.parse(JSON.parse(r.fields)), createdBy: r.created_by, createdAt: r.created_at, responses: r.responses });

function rowToResponse(r: ResponseRow): ModelResponse {
  const extra = r.extra === null ? {} : responseExtraSchema.parse(JSON.parse(r.extra));
  return { id: r.id, runId: r.run_id, questionId: r.question_id, query: r.query, t: r.t, text: r.text, latency: r.latency, ...extra };
}

export function listRuns(db: ReadableDb): ModelRun[] {
  return db
    .query<RunRow>('SELECT r.*, (SELECT COUNT(*) FROM responses s WHERE s.run_id = r.id) AS responses FROM runs r ORDER BY r.created_at, r.model, r.label')
    .all()
    .map(rowToRun);
}

export const getRun = (db: ReadableDb, id: string): ModelRun | null => listRuns(db).find((r) => r.id === id) ?? null;

export const runNamed = (db: ReadableDb, model: string, label: string): { id: string } | undefined => db.query<{ id: string }>('SELECT id FROM runs WHERE model = ? AND label = ?').get(model, label);

/** A run's responses, in question, query and time order. */
export function responsesOfRun(db: ReadableDb, runId: string): ModelResponse[] {
  return db.query<ResponseRow>('SELECT * FROM responses WHERE run_id = ? ORDER BY question_id, query, t, id').all(runId).map(rowToResponse);
}

export const responseIdsOfRun = (db: ReadableDb, runId: string): string[] => db.query<{ id: string }>('SELECT id FROM responses WHERE run_id = ?').all(runId).map((r) => r.id);

async function pacedResponses(rows: Iterable<ResponseRow>, pacer: Pacer): Promise<ModelResponse[]> {
  const out: ModelResponse[] = [];
  for (const row of rows) {
    out.push(rowToResponse(row));
    await pacer.pace();
  }
  return out;
}

/** A run's responses read a slice at a time (on a snapshot's own connection: iterating holds it). */
export const pacedResponsesOfRun = (db: ReadableDb, runId: string, pacer: Pacer): Promise<ModelResponse[]> => pacedResponses(db.query<ResponseRow>('SELECT * FROM responses WHERE run_id = ?').iterate(runId), pacer);

/** A run's responses to one video's questions, a slice at a time (on a snapshot's connection). */
export const pacedResponsesOfVideo = (db: ReadableDb, runId: string, videoId: string, pacer: Pacer): Promise<ModelResponse[]> =>
  pacedResponses(db.query<ResponseRow>('SELECT s.* FROM responses s JOIN questions q ON q.id = s.question_id WHERE s.run_id = ? AND q.video_id = ?').iterate(runId, videoId), pacer);
