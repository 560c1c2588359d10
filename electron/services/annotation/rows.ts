// Rows ↔ domain objects for marks, questions and query points; reads in one place (through the
// read-only handle: writes happen only in edits).
import type { ReadableDb } from '../db/readable';
import type { Row } from '../db/edit-log';
import { sortPaced, type Pacer } from '../pacer';
import { markDataSchemas, type Mark, type MarkType } from '../../../shared/marks';
import { z } from 'zod';
import { fromRow, requiredKeys } from '../db/stored-fields';
import type { ProfileStore } from '../profiles/store';
import { withBenchmarkId } from '../../../shared/formats/benchmark-ids';
import { benchmarkIdField } from '../../../shared/formats/items';
import { fieldProvenances, queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question, type QuestionFields } from '../../../shared/questions';

interface MarkRow {
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

function rowToMark(row: MarkRow): Mark {
  const data = markDataSchemas[row.type].parse(JSON.parse(row.data));
  return { id: row.id, videoId: row.video_id, type: row.type, start: row.start, end: row.end, target: row.target, data } as Mark;
}

const MARKS_OF_VIDEO = 'SELECT * FROM marks WHERE video_id = ? ORDER BY start, "end", id';

export function listMarks(db: ReadableDb, videoId: string): Mark[] {
  return db.query<MarkRow>(MARKS_OF_VIDEO).all(videoId).map(rowToMark);
}

/**
 * Converts rows as they are read, letting other requests in every few tens of milliseconds. Only on
 * a connection of its own (a snapshot): iterating holds the connection until the last row.
 */
async function collect<R, T>(rows: Iterable<R>, convert: (row: R) => T, pacer: Pacer): Promise<T[]> {
  const out: T[] = [];
  for (const row of rows) {
    out.push(convert(row));
    await pacer.pace();
  }
  return out;
}

/** Rows read by one statement of a sliced read (see sliced). */
const SLICE_ROWS = 1000;

/**
 * Reads rows a slice at a time, each slice by `read(after, limit)` (keyset: the rows after the last
 * one's key, in key order) and run to its end, so no statement is left open across a pause: safe on
 * any connection, even the writer inside an edit, where an open iteration would make the connection
 * refuse every other use meanwhile (a checkpoint's pragma among them).
 */
export async function sliced<R>(read: (after: string | number | null, limit: number) => R[], keyOf: (row: R) => string | number, each: (row: R) => void, pacer: Pacer): Promise<void> {
  for (let after: string | number | null = null; ; ) {
    const rows = read(after, SLICE_ROWS);
    for (const row of rows) {
      each(row);
      await pacer.pace();
    }
    if (rows.length < SLICE_ROWS) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * A long read (an export) on a snapshot's own connection, a slice at a time. Marks and query points
 * come unordered: SQLite would sort hundreds of thousands of rows in one step before the first; the
 * caller groups them and sorts each small group.
 */
export const pacedReads = {
  marks: (db: ReadableDb, videoId: string, pacer: Pacer): Promise<Mark[]> => collect(db.query<MarkRow>('SELECT * FROM marks WHERE video_id = ?').iterate(videoId), rowToMark, pacer),
  queryPoints: (db: ReadableDb, videoId: string, pacer: Pacer): Promise<QueryPoint[]> =>
    collect(db.query<QueryPointRow>('SELECT p.* FROM query_points p JOIN questions q ON q.id = p.question_id WHERE q.video_id = ?').iterate(videoId), rowToQueryPoint, pacer),
  /** The points of many questions (a profile's): one scan of every point, where a join would search an index per question. */
  queryPointsOf: async (db: ReadableDb, questionIds: ReadonlySet<string>, pacer: Pacer): Promise<QueryPoint[]> => {
    const out: QueryPoint[] = [];
    for (const row of db.query<QueryPointRow>('SELECT * FROM query_points').iterate()) {
      if (questionIds.has(row.question_id)) out.push(rowToQueryPoint(row));
      await pacer.pace();
    }
    return out;
  },
  questionsOfVideo: (db: ReadableDb, videoId: string, pacer: Pacer): Promise<Question[]> =>
    collect(db.query<QuestionRow>('SELECT * FROM questions WHERE video_id = ? ORDER BY created_at, rowid').iterate(videoId), rowToQuestion, pacer),
  /** Sliced (see sliced): also safe on the writer inside an edit (an import looking for the questions it has). */
  questionsOfProfile: async (db: ReadableDb, profileId: string, pacer: Pacer): Promise<Question[]> => {
    // each row made a question as it is read, keeping only what it is sorted by: a hundred thousand
    // rows with their JSON text would otherwise outlive the read (and the garbage collector's young space)
    const made: Array<{ created_at: string; seq: number; question: Question }> = [];
    const statement = db.query<QuestionRow & { seq: number }>(QUESTIONS_OF_PROFILE_SLICE);
    await sliced(
      (after, limit) => statement.all(profileId, after ?? 0, limit),
      (row) => row.seq,
      (row) => made.push({ created_at: row.created_at, seq: row.seq, question: rowToQuestion(row) }),
      pacer,
    );
    return (await sortPaced(made, byCreation, pacer)).map((m) => m.question);
  },
};

export function getMark(db: ReadableDb, id: string): Mark | null {
  const row = db.query<MarkRow>('SELECT * FROM marks WHERE id = ?').get(id);
  return row ? rowToMark(row) : null;
}

interface QuestionRow {
  id: string;
  video_id: string;
  profile_id: string;
  fields: string;
  provenance: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export function questionToRow(q: Question, createdAt: string): Row {
  const { id, videoId, profileId, provenance, createdBy, updatedAt, ...rest } = q;
  const fields: Omit<QuestionFields, 'profileId'> = rest;
  return questionRow({ id, videoId, profileId, provenance, createdBy, updatedAt }, JSON.stringify(fields), createdAt);
}

/** The stored columns of a question whose fields are already JSON text (`fields`: what questionToRow stores). */
export function questionRow(q: Pick<Question, 'id' | 'videoId' | 'profileId' | 'provenance' | 'createdBy' | 'updatedAt'>, fields: string, createdAt: string): Row {
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

function rowToQuestion(row: QuestionRow): Question {
  return fromRow<Question>(questionFieldsSchema, QUESTION_KEYS, row.fields, { profileId: row.profile_id }, {
    id: row.id,
    videoId: row.video_id,
    provenance: provenanceOf(row.provenance),
    createdBy: row.created_by,
    updatedAt: row.updated_at,
  });
}

export function listQuestions(db: ReadableDb, videoId: string): Question[] {
  return db.query<QuestionRow>('SELECT * FROM questions WHERE video_id = ? ORDER BY created_at, rowid').all(videoId).map(rowToQuestion);
}

/** A profile's questions across the project in the order they were made (file order for imports). */
const QUESTIONS_OF_PROFILE = 'SELECT rowid AS seq, * FROM questions WHERE profile_id = ?';
const QUESTIONS_OF_PROFILE_SLICE = `${QUESTIONS_OF_PROFILE} AND rowid > ? ORDER BY rowid LIMIT ?`;

/** Sorted here, not by SQLite: its sorter would copy every row; rows mostly come in order already. */
const byCreation = (a: { created_at: string; seq: number }, b: { created_at: string; seq: number }): number => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq);

function sortByCreation<R extends { created_at: string; seq: number }>(rows: R[]): R[] {
  return rows.sort(byCreation);
}

export function questionsOfProfile(db: ReadableDb, profileId: string): Question[] {
  return sortByCreation(db.query<QuestionRow & { seq: number }>(QUESTIONS_OF_PROFILE).all(profileId)).map(rowToQuestion);
}

/**
 * The benchmark ids a profile's questions carry (origin.extra[field]: a file's, or one given when the
 * question was made), for giving the next question a free one. Reads only the fields column.
 */
function benchmarkIdsOfProfile(db: ReadableDb, profileId: string, field: string): string[] {
  const ids: string[] = [];
  for (const { fields } of db.query<{ fields: string }>('SELECT fields FROM questions WHERE profile_id = ?').all(profileId)) {
    const id = (JSON.parse(fields) as { origin?: { extra?: Record<string, unknown> } | null }).origin?.extra?.[field];
    if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
  }
  return ids;
}

/** A new question's fields with the benchmark id its profile's format gives it (benchmark-ids.ts). */
export async function givenBenchmarkId<F extends Pick<QuestionFields, 'origin' | 'profileId'>>(db: ReadableDb, profiles: ProfileStore, fields: F): Promise<F> {
  const kind = (await profiles.get(fields.profileId))?.kind;
  const field = kind ? benchmarkIdField({ profile: kind }) : null;
  return kind && field ? withBenchmarkId(fields, kind, () => benchmarkIdsOfProfile(db, fields.profileId, field)) : fields;
}

export function getQuestionRow(db: ReadableDb, id: string): { question: Question; createdAt: string } | null {
  const row = db.query<QuestionRow>('SELECT * FROM questions WHERE id = ?').get(id);
  return row ? { question: rowToQuestion(row), createdAt: row.created_at } : null;
}

interface QueryPointRow {
  id: string;
  question_id: string;
  time: number;
  fields: string;
}

export function queryPointToRow(p: QueryPoint): Row {
  return queryPointRow(p.id, p.questionId, p.time, queryPointFieldsText(p));
}

/** The stored columns of a query point whose fields are already JSON text (see queryPointFieldsText). */
export const queryPointRow = (id: string, questionId: string, time: number, fields: string): Row => ({ id, question_id: questionId, time, fields });

/** A query point's JSON column: all its fields but its id, question and time (stored as columns). */
export function queryPointFieldsText(p: Omit<QueryPoint, 'id' | 'questionId'> & Partial<QueryPoint>): string {
  const { id: _id, questionId: _question, time: _time, ...fields } = p;
  return JSON.stringify(fields);
}

function rowToQueryPoint(row: QueryPointRow): QueryPoint {
  return fromRow<QueryPoint>(queryPointFieldsSchema, QUERY_POINT_KEYS, row.fields, { time: row.time }, { id: row.id, questionId: row.question_id });
}

const POINTS_OF_VIDEO = 'SELECT p.* FROM query_points p JOIN questions q ON q.id = p.question_id WHERE q.video_id = ? ORDER BY p.question_id, p.time, p.id';

export function listQueryPoints(db: ReadableDb, videoId: string): QueryPoint[] {
  return db.query<QueryPointRow>(POINTS_OF_VIDEO).all(videoId).map(rowToQueryPoint);
}

export function getQueryPoint(db: ReadableDb, id: string): QueryPoint | null {
  const row = db.query<QueryPointRow>('SELECT * FROM query_points WHERE id = ?').get(id);
  return row ? rowToQueryPoint(row) : null;
}



/** Every question of the project, in the order they were made. */
export function allQuestions(db: ReadableDb): Question[] {
  return sortByCreation(db.query<QuestionRow & { seq: number }>('SELECT rowid AS seq, * FROM questions').all()).map(rowToQuestion);
}

export function queryPointsOfQuestion(db: ReadableDb, questionId: string): QueryPoint[] {
  return db.query<QueryPointRow>('SELECT * FROM query_points WHERE question_id = ? ORDER BY time, id').all(questionId).map(rowToQueryPoint);
}

/** Questions whose ids a subquery selects (a round's items): one read, not one per question. */
export function questionsSelectedBy(db: ReadableDb, idsSql: string, ...params: unknown[]): Question[] {
  return db.query<QuestionRow>(`SELECT * FROM questions WHERE id IN (${idsSql})`).all(...params).map(rowToQuestion);
}

/** The query points of the questions a subquery selects, ordered by question and time. */
export function queryPointsSelectedBy(db: ReadableDb, idsSql: string, ...params: unknown[]): QueryPoint[] {
  return db.query<QueryPointRow>(`SELECT * FROM query_points WHERE question_id IN (${idsSql}) ORDER BY question_id, time, id`).all(...params).map(rowToQueryPoint);
}
