// Marks, questions and query points in SQLite: `marks` (a mark's data as JSON text), `questions` (its
// fields as JSON text beside its video, profile, provenance and creation time; rowid breaks ties of
// creation time, so creation order is the order rows were written) and `query_points` (time a column,
// the rest JSON text). Writes go through the edit log.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { markDataSchemas, type Mark, type MarkType } from '../../../../shared/marks';
import { fieldProvenances, queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question, type QuestionFields } from '../../../../shared/questions';
import { encodeQueryPointFields, encodeQuestionFields, type AnnotationScans, type AnnotationStore, type AnnotationWrites, type QuestionHead } from '../../annotation/store';
import { sortPaced, type Pacer } from '../../pacer';
import type { EditTransaction, Row } from '../edit-log';
import type { ReadableDb } from '../readable';
import { fromRow, requiredKeys } from '../stored-fields';

// ── marks ───────────────────────────────────────────────────────────────────

interface MarkRow {
  id: string;
  video_id: string;
  type: MarkType;
  start: number;
  end: number | null;
  target: string;
  data: string;
}

function markToRow(mark: Mark): Row {
  return { id: mark.id, video_id: mark.videoId, type: mark.type, start: mark.start, end: mark.end, target: mark.target, data: JSON.stringify(mark.data) };
}

function rowToMark(row: MarkRow): Mark {
  const data = markDataSchemas[row.type].parse(JSON.parse(row.data));
  return { id: row.id, videoId: row.video_id, type: row.type, start: row.start, end: row.end, target: row.target, data } as Mark;
}

// ── questions ───────────────────────────────────────────────────────────────

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

function questionToRow(q: Question, createdAt: string): Row {
  const { id, videoId, profileId, provenance, createdBy, updatedAt, ...rest } = q;
  const fields: Omit<QuestionFields, 'profileId'> = rest;
  return questionRow({ id, videoId, profileId, provenance, createdBy, updatedAt }, encodeQuestionFields(fields), createdAt);
}

/** The stored columns of a question whose fields are already JSON text. */
function questionRow(q: QuestionHead, fields: string, createdAt: string): Row {
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

/** A profile's questions across the project in the order they were made (file order for imports). */
const QUESTIONS_OF_PROFILE = 'SELECT rowid AS seq, * FROM questions WHERE profile_id = ?';
const QUESTIONS_OF_PROFILE_SLICE = `${QUESTIONS_OF_PROFILE} AND rowid > ? ORDER BY rowid LIMIT ?`;
const QUESTIONS_SLICE = 'SELECT rowid AS seq, * FROM questions WHERE rowid > ? ORDER BY rowid LIMIT ?';

/** Sorted here, not by SQLite: its sorter would copy every row; rows mostly come in order already. */
const byCreation = (a: { created_at: string; seq: number }, b: { created_at: string; seq: number }): number => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq);

function sortByCreation<R extends { created_at: string; seq: number }>(rows: R[]): R[] {
  return rows.sort(byCreation);
}

// ── query points ────────────────────────────────────────────────────────────

interface QueryPointRow {
  id: string;
  question_id: string;
  time: number;
  fields: string;
}

const queryPointRow = (id: string, questionId: string, time: number, fields: string): Row => ({ id, question_id: questionId, time, fields });

const queryPointToRow = (p: QueryPoint): Row => queryPointRow(p.id, p.questionId, p.time, encodeQueryPointFields(p));

function rowToQueryPoint(row: QueryPointRow): QueryPoint {
  return fromRow<QueryPoint>(queryPointFieldsSchema, QUERY_POINT_KEYS, row.fields, { time: row.time }, { id: row.id, questionId: row.question_id });
}

// ── reads ───────────────────────────────────────────────────────────────────

/** Ids as one JSON parameter: `IN (SELECT value FROM json_each(?))` is one statement however many there are. */
const IDS = 'SELECT value FROM json_each(?)';

/** Every read, answered at once (SQLite answers in the calling thread). The async store wraps these. */
function readsNow(db: ReadableDb) {
  return {
    marksOfVideo: (videoId: string): Mark[] => db.query<MarkRow>('SELECT * FROM marks WHERE video_id = ? ORDER BY start, "end", id').all(videoId).map(rowToMark),
    mark: (id: string): Mark | null => {
      const row = db.query<MarkRow>('SELECT * FROM marks WHERE id = ?').get(id);
      return row ? rowToMark(row) : null;
    },
    question: (id: string): Question | null => {
      const row = db.query<QuestionRow>('SELECT * FROM questions WHERE id = ?').get(id);
      return row ? rowToQuestion(row) : null;
    },
    questionsOfVideo: (videoId: string): Question[] => db.query<QuestionRow>('SELECT * FROM questions WHERE video_id = ? ORDER BY created_at, rowid').all(videoId).map(rowToQuestion),
    questionsOfProfile: (profileId: string): Question[] => sortByCreation(db.query<QuestionRow & { seq: number }>(QUESTIONS_OF_PROFILE).all(profileId)).map(rowToQuestion),
    allQuestions: (): Question[] => sortByCreation(db.query<QuestionRow & { seq: number }>('SELECT rowid AS seq, * FROM questions').all()).map(rowToQuestion),
    profileHasQuestions: (profileId: string): boolean => db.query('SELECT 1 FROM questions WHERE profile_id = ? LIMIT 1').get(profileId) !== undefined,
    videoOfEveryQuestion: (): Map<string, string> =>
      new Map(
        db
          .query<{ id: string; video_id: string }>('SELECT id, video_id FROM questions')
          .all()
          .map((r) => [r.id, r.video_id]),
      ),
    questionsIn: (ids: readonly string[]): Question[] => db.query<QuestionRow>(`SELECT * FROM questions WHERE id IN (${IDS})`).all(JSON.stringify(ids)).map(rowToQuestion),
    queryPoint: (id: string): QueryPoint | null => {
      const row = db.query<QueryPointRow>('SELECT * FROM query_points WHERE id = ?').get(id);
      return row ? rowToQueryPoint(row) : null;
    },
    queryPointsOfQuestion: (questionId: string): QueryPoint[] => db.query<QueryPointRow>('SELECT * FROM query_points WHERE question_id = ? ORDER BY time, id').all(questionId).map(rowToQueryPoint),
    queryPointsOfVideo: (videoId: string): QueryPoint[] =>
      db.query<QueryPointRow>('SELECT p.* FROM query_points p JOIN questions q ON q.id = p.question_id WHERE q.video_id = ? ORDER BY p.question_id, p.time, p.id').all(videoId).map(rowToQueryPoint),
    queryPointsOfQuestions: (questionIds: readonly string[]): QueryPoint[] =>
      db.query<QueryPointRow>(`SELECT * FROM query_points WHERE question_id IN (${IDS}) ORDER BY question_id, time, id`).all(JSON.stringify(questionIds)).map(rowToQueryPoint),
    /** Reads only the fields column. */
    benchmarkIds: (profileId: string, field: string): string[] => {
      const ids: string[] = [];
      for (const { fields } of db.query<{ fields: string }>('SELECT fields FROM questions WHERE profile_id = ?').all(profileId)) {
        const id = (JSON.parse(fields) as { origin?: { extra?: Record<string, unknown> } | null }).origin?.extra?.[field];
        if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
      }
      return ids;
    },
  };
}

// ── paced reads ─────────────────────────────────────────────────────────────

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
async function sliced<R>(read: (after: string | number | null, limit: number) => R[], keyOf: (row: R) => string | number, each: (row: R) => void, pacer: Pacer): Promise<void> {
  for (let after: string | number | null = null; ;) {
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
 * Questions read a slice at a time along rowid (`read(after, limit)`), in the order they were made.
 * Each row is made a question as it is read, keeping only what it is sorted by: a hundred thousand
 * rows with their JSON text would otherwise outlive the read (and the garbage collector's young space).
 */
async function questionsSliced(read: (after: number, limit: number) => Array<QuestionRow & { seq: number }>, pacer: Pacer): Promise<Question[]> {
  const made: Array<{ created_at: string; seq: number; question: Question }> = [];
  await sliced(
    (after, limit) => read(Number(after ?? 0), limit),
    (row) => row.seq,
    (row) => made.push({ created_at: row.created_at, seq: row.seq, question: rowToQuestion(row) }),
    pacer,
  );
  return (await sortPaced(made, byCreation, pacer)).map((m) => m.question);
}

function scansOver(db: ReadableDb): AnnotationScans {
  return {
    marksOfVideo: (videoId, pacer) => collect(db.query<MarkRow>('SELECT * FROM marks WHERE video_id = ?').iterate(videoId), rowToMark, pacer),
    queryPointsOfVideo: (videoId, pacer) =>
      collect(db.query<QueryPointRow>('SELECT p.* FROM query_points p JOIN questions q ON q.id = p.question_id WHERE q.video_id = ?').iterate(videoId), rowToQueryPoint, pacer),
    // one scan of every point, where a join would search an index per question
    queryPointsOf: async (questionIds, pacer) => {
      const out: QueryPoint[] = [];
      for (const row of db.query<QueryPointRow>('SELECT * FROM query_points').iterate()) {
        if (questionIds.has(row.question_id)) out.push(rowToQueryPoint(row));
        await pacer.pace();
      }
      return out;
    },
    questionsOfVideo: (videoId, pacer) => collect(db.query<QuestionRow>('SELECT * FROM questions WHERE video_id = ? ORDER BY created_at, rowid').iterate(videoId), rowToQuestion, pacer),
    questionsOfProfile: (profileId, pacer) => {
      const statement = db.query<QuestionRow & { seq: number }>(QUESTIONS_OF_PROFILE_SLICE);
      return questionsSliced((after, limit) => statement.all(profileId, after, limit), pacer);
    },
    questions: (pacer) => {
      const statement = db.query<QuestionRow & { seq: number }>(QUESTIONS_SLICE);
      return questionsSliced((after, limit) => statement.all(after, limit), pacer);
    },
    firstQueryTimes: async (pacer) => {
      // along the points' (question, time) index a slice at a time
      const firstTimes = new Map<string, number>();
      const statement = db.query<{ id: string; t: number }>('SELECT question_id AS id, min(time) AS t FROM query_points WHERE question_id > ? GROUP BY question_id ORDER BY question_id LIMIT ?');
      await sliced(
        (after, limit) => statement.all(after ?? '', limit),
        (row) => row.id,
        (row) => firstTimes.set(row.id, row.t),
        pacer,
      );
      return firstTimes;
    },
  };
}

export function sqliteAnnotation(db: ReadableDb): AnnotationStore {
  const now = readsNow(db);
  return {
    marksOfVideo: async (videoId) => now.marksOfVideo(videoId),
    mark: async (id) => now.mark(id),
    question: async (id) => now.question(id),
    questionsOfVideo: async (videoId) => now.questionsOfVideo(videoId),
    questionsOfProfile: async (profileId) => now.questionsOfProfile(profileId),
    allQuestions: async () => now.allQuestions(),
    profileHasQuestions: async (profileId) => now.profileHasQuestions(profileId),
    videoOfEveryQuestion: async () => now.videoOfEveryQuestion(),
    questionsWrittenBy: async (person) =>
      new Set(
        db
          .query<{ id: string }>('SELECT id FROM questions WHERE created_by = ?')
          .all(person)
          .map((r) => r.id),
      ),
    questionsIn: async (ids) => now.questionsIn(ids),
    queryPoint: async (id) => now.queryPoint(id),
    queryPointsOfQuestion: async (questionId) => now.queryPointsOfQuestion(questionId),
    queryPointsOfVideo: async (videoId) => now.queryPointsOfVideo(videoId),
    queryPointsOfQuestions: async (questionIds) => now.queryPointsOfQuestions(questionIds),
    benchmarkIds: async (profileId, field) => now.benchmarkIds(profileId, field),
    scan: scansOver(db),
  };
}

// ── writes ──────────────────────────────────────────────────────────────────

export function sqliteAnnotationWrites(tx: EditTransaction): AnnotationWrites {
  /** A stored question's creation time, read inside the edit. */
  const createdAtOf = (id: string): string | null => {
    const row = tx.get('questions', id);
    return row ? String(row.created_at) : null;
  };
  return {
    ...sqliteAnnotation(tx.db),
    addMarks: async (marks) => {
      for (const mark of marks) tx.insert('marks', markToRow(mark));
    },
    putMark: async (mark) => tx.put('marks', markToRow(mark)),
    removeMark: async (id) => tx.remove('marks', id),
    removeMarksOfTarget: async (videoId, target) => {
      for (const { id } of tx.db.query<{ id: string }>('SELECT id FROM marks WHERE video_id = ? AND target = ?').all(videoId, target)) tx.remove('marks', id);
    },
    removeMarksOfVideo: async (videoId) => tx.removeWhere('marks', 'video_id', videoId),
    addQuestion: async (question, createdAt) => tx.insert('questions', questionToRow(question, createdAt)),
    putQuestion: async (question, createdAt) => tx.put('questions', questionToRow(question, createdAt ?? createdAtOf(question.id) ?? question.updatedAt)),
    addEncodedQuestion: async (head, fields, createdAt) => tx.insert('questions', questionRow(head, fields, createdAt)),
    replaceEncodedQuestion: async (head, fields) => {
      const createdAt = createdAtOf(head.id);
      if (createdAt === null) throw new Error(`Question ${head.id} is not stored: nothing to replace.`);
      tx.put('questions', questionRow(head, fields, createdAt));
    },
    reviewed: async (questionId) =>
      tx.db.query('SELECT 1 FROM reviews WHERE question_id = ? UNION ALL SELECT 1 FROM review_assignments WHERE question_id = ? LIMIT 1').get(questionId, questionId) !== undefined,
    removeQuestion: async (id) => {
      tx.removeWhere('adjudications', 'question_id', id);
      tx.removeWhere('review_assignments', 'question_id', id);
      tx.removeWhere('reviews', 'question_id', id);
      tx.removeWhere('query_points', 'question_id', id);
      tx.removeWhere('responses', 'question_id', id);
      tx.remove('questions', id);
    },
    addQueryPoints: async (points) => {
      for (const p of points) tx.insert('query_points', queryPointToRow(p));
    },
    addEncodedQueryPoints: async (questionId, points) => {
      for (const [time, fields] of points) tx.insert('query_points', queryPointRow(randomUUID(), questionId, time, fields));
    },
    putQueryPoint: async (point) => tx.put('query_points', queryPointToRow(point)),
    removeQueryPoint: async (id) => tx.remove('query_points', id),
    removeQueryPointsOf: async (questionId) => tx.removeWhere('query_points', 'question_id', questionId),
  };
}
