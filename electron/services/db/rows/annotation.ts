// Marks, questions and query points as both engines store them: `marks` (a mark's data as JSON text),
// `questions` (its fields as JSON text beside its video, profile, provenance and creation time) and
// `query_points` (time a column, the rest JSON text); the mappers between rows and values, and the
// creation order questions are read in (creation time, ties by the order rows were written: SQLite's
// rowid, PostgreSQL's ord — read as `seq`).
import { z } from 'zod';
import { markDataSchemas, type Mark, type MarkType } from '../../../../shared/marks';
import { fieldProvenances, queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question, type QuestionFields } from '../../../../shared/questions';
import { encodeQueryPointFields, encodeQuestionFields, type QuestionHead } from '../../annotation/store';
import { sortPaced, type Pacer } from '../../pacer';
import type { Row } from '../edit-log';
import { fromRow, requiredKeys } from '../stored-fields';

// ── marks ───────────────────────────────────────────────────────────────────

export interface MarkRow {
  id: string;
  video_id: string;
  type: MarkType;
  start: number;
  end: number | null;
  target: string;
  data: string;
}

export function markToRow(mark: Mark): Row {
  return { id: mark.id, video_id: mark.videoId, type: mark.type, start: mark.start, end: mark.end, target: mark.target, data: JSON.stringify(mark.data) };
}

/** (Builds a fresh value from the named columns: PostgreSQL's extra `ord` never reaches it.) */
export function rowToMark(row: MarkRow): Mark {
  const data = markDataSchemas[row.type].parse(JSON.parse(row.data));
  return { id: row.id, videoId: row.video_id, type: row.type, start: row.start, end: row.end, target: row.target, data } as Mark;
}

// ── questions ───────────────────────────────────────────────────────────────

export interface QuestionRow {
  id: string;
  video_id: string;
  profile_id: string;
  fields: string;
  provenance: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A question row with its place in the order rows were written (SQLite's rowid, PostgreSQL's ord). */
export type SequencedQuestionRow = QuestionRow & { seq: number };

export function questionToRow(q: Question, createdAt: string): Row {
  const { id, videoId, profileId, provenance, createdBy, updatedAt, ...rest } = q;
  const fields: Omit<QuestionFields, 'profileId'> = rest;
  return questionRow({ id, videoId, profileId, provenance, createdBy, updatedAt }, encodeQuestionFields(fields), createdAt);
}

/** The stored columns of a question whose fields are already JSON text. */
export function questionRow(q: QuestionHead, fields: string, createdAt: string): Row {
  return { id: q.id, video_id: q.videoId, profile_id: q.profileId, fields, provenance: provenanceText(q.provenance), created_by: q.createdBy, created_at: createdAt, updated_at: q.updatedAt };
}

/** The last frozen provenance written and its text: an import's questions share one (a frozen one cannot have changed since). */
let lastProvenance: { value: Question['provenance']; text: string } | null = null;

function provenanceText(provenance: Question['provenance']): string {
  if (lastProvenance?.value === provenance) return lastProvenance.text;
  const text = JSON.stringify(provenance);
  if (Object.isFrozen(provenance)) lastProvenance = { value: provenance, text };
  return text;
}

const QUESTION_KEYS = requiredKeys(questionFieldsSchema);
const QUERY_POINT_KEYS = requiredKeys(queryPointFieldsSchema);

const provenanceSchema = z.record(z.string(), z.enum(fieldProvenances));

/**
 * Provenances by their stored text, parsed once: an import's hundred thousand questions share one.
 * Frozen, as they are shared (edits make new ones).
 */
const provenances = new Map<string, Question['provenance']>();
const PROVENANCES_KEPT = 1000;

function provenanceOf(text: string): Question['provenance'] {
  let provenance = provenances.get(text);
  if (provenance) return provenance;
  provenance = Object.freeze(provenanceSchema.parse(JSON.parse(text)));
  if (provenances.size < PROVENANCES_KEPT) provenances.set(text, provenance);
  return provenance;
}

export function rowToQuestion(row: QuestionRow): Question {
  return fromRow<Question>(
    questionFieldsSchema,
    QUESTION_KEYS,
    row.fields,
    { profileId: row.profile_id },
    {
      id: row.id,
      videoId: row.video_id,
      provenance: provenanceOf(row.provenance),
      createdBy: row.created_by,
      updatedAt: row.updated_at,
    },
  );
}

/**
 * Creation order: creation time, then the order rows were written. Compared here rather than by the
 * engine (SQLite's sorter would copy every row; rows mostly come in order already); `<` on the ISO
 * times is the binary order both engines' ORDER BY created_at (COLLATE "C" on PostgreSQL) gives.
 */
export const byCreation = (a: { created_at: string; seq: number }, b: { created_at: string; seq: number }): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq;

export function sortByCreation<R extends { created_at: string; seq: number }>(rows: R[]): R[] {
  return rows.sort(byCreation);
}

/** The benchmark id a question's stored fields carry in origin.extra[field] (reads the JSON text only). */
export function benchmarkIdIn(fields: string, field: string): string | null {
  const id = (JSON.parse(fields) as { origin?: { extra?: Record<string, unknown> } | null }).origin?.extra?.[field];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

// ── query points ────────────────────────────────────────────────────────────

export interface QueryPointRow {
  id: string;
  question_id: string;
  time: number;
  fields: string;
}

export const queryPointRow = (id: string, questionId: string, time: number, fields: string): Row => ({ id, question_id: questionId, time, fields });

export const queryPointToRow = (p: QueryPoint): Row => queryPointRow(p.id, p.questionId, p.time, encodeQueryPointFields(p));

export function rowToQueryPoint(row: QueryPointRow): QueryPoint {
  return fromRow<QueryPoint>(queryPointFieldsSchema, QUERY_POINT_KEYS, row.fields, { time: row.time }, { id: row.id, questionId: row.question_id });
}

// ── reads a slice at a time ─────────────────────────────────────────────────

/**
 * Reads rows a slice at a time, each slice by `read(after, limit)` (keyset: the rows after the last
 * one's key, in key order) and run to its end, so no statement is left open across a pause: safe on
 * any connection, even the writer inside an edit, where an open iteration would make SQLite's
 * connection refuse every other use meanwhile, and PostgreSQL's would have to be a cursor.
 */
export async function sliced<R>(
  read: (after: string | number | null, limit: number) => R[] | Promise<R[]>,
  limit: number,
  keyOf: (row: R) => string | number,
  each: (row: R) => void,
  pacer: Pacer,
): Promise<void> {
  for (let after: string | number | null = null; ;) {
    const rows = await read(after, limit);
    for (const row of rows) {
      each(row);
      await pacer.pace();
    }
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * Questions read a slice at a time along the order rows were written (`read(after, limit)`, `after`
 * a seq), in the order they were made. Each row is made a question as it is read, keeping only what
 * it is sorted by: a hundred thousand rows with their JSON text would otherwise outlive the read (and
 * the garbage collector's young space).
 */
export async function questionsSliced(read: (after: number, limit: number) => SequencedQuestionRow[] | Promise<SequencedQuestionRow[]>, limit: number, pacer: Pacer): Promise<Question[]> {
  const made: Array<{ created_at: string; seq: number; question: Question }> = [];
  await sliced(
    (after, n) => read(Number(after ?? 0), n),
    limit,
    (row) => row.seq,
    (row) => made.push({ created_at: row.created_at, seq: row.seq, question: rowToQuestion(row) }),
    pacer,
  );
  return (await sortPaced(made, byCreation, pacer)).map((m) => m.question);
}
