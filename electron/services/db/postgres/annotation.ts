// Marks, questions and query points on PostgreSQL: `marks`, `questions` and `query_points` (their rows
// as on SQLite: db/rows/annotation.ts). Ordered as SQLite orders them:
// - SQLite compares text byte by byte; PostgreSQL by the database's locale unless told `COLLATE "C"`
//   (byte order for UTF-8), so every ORDER BY on text says it;
// - SQLite sorts NULL first, PostgreSQL last unless told `NULLS FIRST`;
// - SQLite's rowid (the order rows were written) is `ord`, which `SELECT *` also brings: the mappers
//   build values from the columns they name, so it never reaches a value or a row written back.
// Writes go through the edit's PgEditTransaction (logged, undoable); reads inside an edit through its
// reader, which sees the edit's own writes.
import { randomUUID } from 'node:crypto';
import type { Mark } from '../../../../shared/marks';
import type { QueryPoint } from '../../../../shared/questions';
import type { AnnotationScans, AnnotationStore, AnnotationWrites } from '../../annotation/store';
import type { Pacer } from '../../pacer';
import {
  benchmarkIdIn,
  markToRow,
  queryPointRow,
  queryPointToRow,
  questionRow,
  questionsSliced,
  questionToRow,
  rowToMark,
  rowToQueryPoint,
  rowToQuestion,
  sliced,
  sortByCreation,
  type MarkRow,
  type QueryPointRow,
  type QuestionRow,
  type SequencedQuestionRow,
} from '../rows/annotation';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

/**
 * Rows one statement of a paced read brings: a few milliseconds of the thread to receive and map
 * (the pacer lets other requests in between rows), and few round trips for a hundred thousand.
 */
const SLICE_ROWS = 5000;

/** Questions with their place in the order they were written, for sorting by creation. */
const SEQUENCED = 'SELECT ord AS seq, * FROM questions';

/** Ids as one array parameter (pg sends a JS array as one): one statement however many there are. */
const IN_IDS = '= ANY(?::text[])';
/**
 * A slice of one video's query points (video id, the last ord read, how many), in the order they were
 * written. The video's question ids are found first (ARRAY(…): once, along questions_by_video) and
 * their points along query_points_by_question; as a join, a fresh import's rows (no statistics yet)
 * were planned as a hash join over the whole table along ord — every point read for each video.
 */
export const QUERY_POINTS_OF_VIDEO_SLICE = 'SELECT * FROM query_points WHERE question_id = ANY(ARRAY(SELECT id FROM questions WHERE video_id = ?)) AND ord > ? ORDER BY ord LIMIT ?';

/** A row's place in the order rows were written (SQLite's rowid), which `SELECT *` brings along. */
type Ord = { ord: number };

export function pgAnnotation(db: PgReader): AnnotationStore {
  const one = async <R>(sql: string, ...params: unknown[]): Promise<R | undefined> => (await db.rows<R>(sql, ...params))[0];
  return {
    marksOfVideo: async (videoId) => (await db.rows<MarkRow>('SELECT * FROM marks WHERE video_id = ? ORDER BY start, "end" NULLS FIRST, id COLLATE "C"', videoId)).map(rowToMark),
    mark: async (id) => {
      const row = await one<MarkRow>('SELECT * FROM marks WHERE id = ?', id);
      return row ? rowToMark(row) : null;
    },
    question: async (id) => {
      const row = await one<QuestionRow>('SELECT * FROM questions WHERE id = ?', id);
      return row ? rowToQuestion(row) : null;
    },
    questionsOfVideo: async (videoId) => (await db.rows<QuestionRow>('SELECT * FROM questions WHERE video_id = ? ORDER BY created_at COLLATE "C", ord', videoId)).map(rowToQuestion),
    questionsOfProfile: async (profileId) => sortByCreation(await db.rows<SequencedQuestionRow>(`${SEQUENCED} WHERE profile_id = ? ORDER BY ord`, profileId)).map(rowToQuestion),
    allQuestions: async () => sortByCreation(await db.rows<SequencedQuestionRow>(`${SEQUENCED} ORDER BY ord`)).map(rowToQuestion),
    profileHasQuestions: async (profileId) => (await one('SELECT 1 FROM questions WHERE profile_id = ? LIMIT 1', profileId)) !== undefined,
    videoOfEveryQuestion: async () => new Map((await db.rows<{ id: string; video_id: string }>('SELECT id, video_id FROM questions ORDER BY ord')).map((r) => [r.id, r.video_id])),
    questionsWrittenBy: async (person) => new Set((await db.rows<{ id: string }>('SELECT id FROM questions WHERE created_by = ?', person)).map((r) => r.id)),
    questionsIn: async (ids) => (await db.rows<QuestionRow>(`SELECT * FROM questions WHERE id ${IN_IDS}`, ids)).map(rowToQuestion),
    queryPoint: async (id) => {
      const row = await one<QueryPointRow>('SELECT * FROM query_points WHERE id = ?', id);
      return row ? rowToQueryPoint(row) : null;
    },
    queryPointsOfQuestion: async (questionId) => (await db.rows<QueryPointRow>('SELECT * FROM query_points WHERE question_id = ? ORDER BY time, id COLLATE "C"', questionId)).map(rowToQueryPoint),
    queryPointsOfVideo: async (videoId) =>
      (
        await db.rows<QueryPointRow>(
          'SELECT p.* FROM query_points p JOIN questions q ON q.id = p.question_id WHERE q.video_id = ? ORDER BY p.question_id COLLATE "C", p.time, p.id COLLATE "C"',
          videoId,
        )
      ).map(rowToQueryPoint),
    queryPointsOfQuestions: async (questionIds) =>
      (await db.rows<QueryPointRow>(`SELECT * FROM query_points WHERE question_id ${IN_IDS} ORDER BY question_id COLLATE "C", time, id COLLATE "C"`, questionIds)).map(rowToQueryPoint),
    // only the fields column, in the order the questions were written (SQLite's table scan)
    benchmarkIds: async (profileId, field) => {
      const ids: string[] = [];
      for (const { fields } of await db.rows<{ fields: string }>('SELECT fields FROM questions WHERE profile_id = ? ORDER BY ord', profileId)) {
        const id = benchmarkIdIn(fields, field);
        if (id !== null) ids.push(id);
      }
      return ids;
    },
    scan: scansOver(db),
  };
}

// ── paced reads ─────────────────────────────────────────────────────────────

/**
 * The rows `sql` selects (it ends in `ord > ? ORDER BY ord LIMIT ?`), read a slice at a time along
 * ord and mapped as they come: no statement holds the connection across a pause, and none brings
 * more than a slice (on a snapshot's connection or the committed data's pool alike).
 */
async function slicesOf<R extends Ord, T>(db: PgReader, sql: string, params: unknown[], convert: (row: R) => T | null, pacer: Pacer): Promise<T[]> {
  const out: T[] = [];
  await sliced(
    (after, limit) => db.rows<R>(sql, ...params, after ?? 0, limit),
    SLICE_ROWS,
    (row) => row.ord,
    (row) => {
      const value = convert(row);
      if (value !== null) out.push(value);
    },
    pacer,
  );
  return out;
}

function scansOver(db: PgReader): AnnotationScans {
  const questions = (where: string, params: unknown[], pacer: Pacer) =>
    questionsSliced((after, limit) => db.rows<SequencedQuestionRow>(`${SEQUENCED} WHERE ${where}ord > ? ORDER BY ord LIMIT ?`, ...params, after, limit), SLICE_ROWS, pacer);
  return {
    marksOfVideo: (videoId, pacer) => slicesOf<MarkRow & Ord, Mark>(db, 'SELECT * FROM marks WHERE video_id = ? AND ord > ? ORDER BY ord LIMIT ?', [videoId], rowToMark, pacer),
    queryPointsOfVideo: (videoId, pacer) => slicesOf<QueryPointRow & Ord, QueryPoint>(db, QUERY_POINTS_OF_VIDEO_SLICE, [videoId], rowToQueryPoint, pacer),
    // one pass over every point (as on SQLite), where sending the ids with each slice would cost more
    queryPointsOf: (questionIds, pacer) =>
      slicesOf<QueryPointRow & Ord, QueryPoint>(
        db,
        'SELECT * FROM query_points WHERE ord > ? ORDER BY ord LIMIT ?',
        [],
        (row) => (questionIds.has(row.question_id) ? rowToQueryPoint(row) : null),
        pacer,
      ),
    questionsOfVideo: (videoId, pacer) => questions('video_id = ? AND ', [videoId], pacer),
    questionsOfProfile: (profileId, pacer) => questions('profile_id = ? AND ', [profileId], pacer),
    questions: (pacer) => questions('', [], pacer),
    firstQueryTimes: async (pacer) => {
      // along the points' (question, time) index a slice at a time: the keyset compares and orders
      // by the database's own collation, the index's (any order will do for a map, so long as both agree)
      const firstTimes = new Map<string, number>();
      await sliced(
        (after, limit) =>
          db.rows<{ id: string; t: number }>('SELECT question_id AS id, min(time) AS t FROM query_points WHERE question_id > ? GROUP BY question_id ORDER BY question_id LIMIT ?', after ?? '', limit),
        SLICE_ROWS,
        (row) => row.id,
        (row) => firstTimes.set(row.id, row.t),
        pacer,
      );
      return firstTimes;
    },
  };
}

// ── writes ──────────────────────────────────────────────────────────────────

export function pgAnnotationWrites(tx: PgEditTransaction): AnnotationWrites {
  /** A stored question's creation time, read inside the edit. */
  const createdAtOf = async (id: string): Promise<string | null> => {
    const row = await tx.get('questions', id);
    return row ? String(row.created_at) : null;
  };
  return {
    ...pgAnnotation(tx.reader),
    addMarks: async (marks) => {
      for (const mark of marks) await tx.insert('marks', markToRow(mark));
    },
    putMark: (mark) => tx.put('marks', markToRow(mark)),
    removeMark: (id) => tx.remove('marks', id),
    removeMarksOfTarget: async (videoId, target) => {
      for (const { id } of await tx.reader.rows<{ id: string }>('SELECT id FROM marks WHERE video_id = ? AND target = ? ORDER BY ord', videoId, target)) await tx.remove('marks', id);
    },
    removeMarksOfVideo: (videoId) => tx.removeWhere('marks', 'video_id', videoId),
    addQuestion: (question, createdAt) => tx.insert('questions', questionToRow(question, createdAt)),
    putQuestion: async (question, createdAt) => tx.put('questions', questionToRow(question, createdAt ?? (await createdAtOf(question.id)) ?? question.updatedAt)),
    addEncodedQuestion: (head, fields, createdAt) => tx.insert('questions', questionRow(head, fields, createdAt)),
    replaceEncodedQuestion: async (head, fields) => {
      const createdAt = await createdAtOf(head.id);
      if (createdAt === null) throw new Error(`Question ${head.id} is not stored: nothing to replace.`);
      await tx.put('questions', questionRow(head, fields, createdAt));
    },
    reviewed: async (questionId) =>
      (await tx.reader.rows('SELECT 1 FROM reviews WHERE question_id = ? UNION ALL SELECT 1 FROM review_assignments WHERE question_id = ? LIMIT 1', questionId, questionId)).length > 0,
    removeQuestion: async (id) => {
      // children first (as on SQLite), so undo restores the question before them
      for (const table of ['adjudications', 'review_assignments', 'reviews', 'query_points', 'responses'] as const) await tx.removeWhere(table, 'question_id', id);
      await tx.remove('questions', id);
    },
    addQueryPoints: async (points) => {
      for (const p of points) await tx.insert('query_points', queryPointToRow(p));
    },
    addEncodedQueryPoints: async (questionId, points) => {
      for (const [time, fields] of points) await tx.insert('query_points', queryPointRow(randomUUID(), questionId, time, fields));
    },
    putQueryPoint: (point) => tx.put('query_points', queryPointToRow(point)),
    removeQueryPoint: (id) => tx.remove('query_points', id),
    removeQueryPointsOf: (questionId) => tx.removeWhere('query_points', 'question_id', questionId),
  };
}
