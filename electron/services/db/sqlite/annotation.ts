// Marks, questions and query points in SQLite: `marks`, `questions` and `query_points` (their rows and
// mappers: db/rows/annotation.ts; rowid breaks ties of creation time, so creation order is the order
// rows were written). Writes go through the edit log.
import { randomUUID } from 'node:crypto';
import type { Mark } from '../../../../shared/marks';
import type { QueryPoint, Question } from '../../../../shared/questions';
import type { AnnotationScans, AnnotationStore, AnnotationWrites } from '../../annotation/store';
import type { Pacer } from '../../pacer';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
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

/** A profile's questions across the project in the order they were made (file order for imports). */
const QUESTIONS_OF_PROFILE = 'SELECT rowid AS seq, * FROM questions WHERE profile_id = ?';
const QUESTIONS_OF_PROFILE_SLICE = `${QUESTIONS_OF_PROFILE} AND rowid > ? ORDER BY rowid LIMIT ?`;
const QUESTIONS_SLICE = 'SELECT rowid AS seq, * FROM questions WHERE rowid > ? ORDER BY rowid LIMIT ?';

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
    questionsOfProfile: (profileId: string): Question[] => sortByCreation(db.query<SequencedQuestionRow>(QUESTIONS_OF_PROFILE).all(profileId)).map(rowToQuestion),
    allQuestions: (): Question[] => sortByCreation(db.query<SequencedQuestionRow>('SELECT rowid AS seq, * FROM questions').all()).map(rowToQuestion),
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
        const id = benchmarkIdIn(fields, field);
        if (id !== null) ids.push(id);
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

/** Rows read by one statement of a sliced read (see sliced in db/rows/annotation.ts). */
const SLICE_ROWS = 1000;

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
      const statement = db.query<SequencedQuestionRow>(QUESTIONS_OF_PROFILE_SLICE);
      return questionsSliced((after, limit) => statement.all(profileId, after, limit), SLICE_ROWS, pacer);
    },
    questions: (pacer) => {
      const statement = db.query<SequencedQuestionRow>(QUESTIONS_SLICE);
      return questionsSliced((after, limit) => statement.all(after, limit), SLICE_ROWS, pacer);
    },
    firstQueryTimes: async (pacer) => {
      // along the points' (question, time) index a slice at a time
      const firstTimes = new Map<string, number>();
      const statement = db.query<{ id: string; t: number }>('SELECT question_id AS id, min(time) AS t FROM query_points WHERE question_id > ? GROUP BY question_id ORDER BY question_id LIMIT ?');
      await sliced(
        (after, limit) => statement.all(after ?? '', limit),
        SLICE_ROWS,
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
