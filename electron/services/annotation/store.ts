// What the annotation feature (marks, questions, query points) needs of storage, shaped by the
// services that read and write them — this feature's and the others' (review, runs, exchange,
// drafting) — rather than by the tables: an engine implements it (SQLite: db/sqlite/annotation.ts).
// Reads are async and every value is typed (a question's fields, a mark's data, a point's evidence),
// no rowid: "creation order" is the order questions were made in (a file's order for an import).
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question, QuestionFields } from '../../../shared/questions';
import type { Pacer } from '../pacer';

/** The project's marks, questions and query points. */
export interface AnnotationStore {
  /** A video's marks by start, end and id. */
  marksOfVideo(videoId: string): Promise<Mark[]>;
  mark(id: string): Promise<Mark | null>;
  question(id: string): Promise<Question | null>;
  /** A video's questions in creation order. */
  questionsOfVideo(videoId: string): Promise<Question[]>;
  /** A profile's questions across the project in creation order. */
  questionsOfProfile(profileId: string): Promise<Question[]>;
  /** Every question of the project in creation order. */
  allQuestions(): Promise<Question[]>;
  /** Whether a profile has any question (without reading them). */
  profileHasQuestions(profileId: string): Promise<boolean>;
  /** The video of every question, by question id (without reading the questions). */
  videoOfEveryQuestion(): Promise<Map<string, string>>;
  /** The ids of the questions a person wrote (blinding: nobody is blind to their own). */
  questionsWrittenBy(person: string): Promise<Set<string>>;
  /** The questions with these ids (a round's items), in no particular order; ids not stored are left out. */
  questionsIn(ids: readonly string[]): Promise<Question[]>;
  queryPoint(id: string): Promise<QueryPoint | null>;
  /** A question's points by time (then id). */
  queryPointsOfQuestion(questionId: string): Promise<QueryPoint[]>;
  /** The points of a video's questions, by question, time and id. */
  queryPointsOfVideo(videoId: string): Promise<QueryPoint[]>;
  /** The points of these questions, by question, time and id. */
  queryPointsOfQuestions(questionIds: readonly string[]): Promise<QueryPoint[]>;
  /**
   * The benchmark ids a profile's questions carry (origin.extra[field]: a file's, or one given when
   * the question was made), for giving the next question a free one.
   */
  benchmarkIds(profileId: string, field: string): Promise<string[]>;
  /** Long reads, paced (see AnnotationScans). */
  readonly scan: AnnotationScans;
}

/**
 * Reads for long work (an export, scoring, an import's look at what is there): each lets other
 * requests in through `pacer` as it goes, so a project of a hundred thousand questions never holds
 * the server for long. Marks and points come unordered (the caller groups them and sorts each small
 * group: a whole sort before the first row would hold the thread); questions in creation order.
 * Unless said otherwise, on a handle of their own (a snapshot's).
 */
export interface AnnotationScans {
  marksOfVideo(videoId: string, pacer: Pacer): Promise<Mark[]>;
  queryPointsOfVideo(videoId: string, pacer: Pacer): Promise<QueryPoint[]>;
  /** The points of many questions (a profile's). */
  queryPointsOf(questionIds: ReadonlySet<string>, pacer: Pacer): Promise<QueryPoint[]>;
  questionsOfVideo(videoId: string, pacer: Pacer): Promise<Question[]>;
  /** Read a slice at a time: also safe inside an edit (an import looking for the questions it has). */
  questionsOfProfile(profileId: string, pacer: Pacer): Promise<Question[]>;
  /** Every question, in the order they were made; a slice at a time, also safe inside an edit. */
  questions(pacer: Pacer): Promise<Question[]>;
  /** Every question's first query time, by question id; a slice at a time, also safe inside an edit. */
  firstQueryTimes(pacer: Pacer): Promise<Map<string, number>>;
}

/** What a question is besides its fields. */
export type QuestionHead = Pick<Question, 'id' | 'videoId' | 'profileId' | 'provenance' | 'createdBy' | 'updatedAt'>;

/**
 * A question's fields as JSON text (all but its head: see QuestionHead), made where an import reads
 * its file: flat strings cost little to hand to the writer's thread, where the writes are the bottleneck.
 */
export function encodeQuestionFields(fields: Omit<QuestionFields, 'profileId'>): string {
  return JSON.stringify(fields);
}

/** A query point's fields as JSON text: all but its id, question and time (see encodeQuestionFields). */
export function encodeQueryPointFields(p: Omit<QueryPoint, 'id' | 'questionId'> & Partial<QueryPoint>): string {
  const { id: _id, questionId: _question, time: _time, ...fields } = p;
  return JSON.stringify(fields);
}

/**
 * The marks, questions and query points inside one edit: each write is logged for undo and redo, and
 * reads see what the edit has written so far. `add…` writes something new (a fresh id, or a copy
 * from another project): logged as inserted, which costs little for a hundred thousand rows;
 * `put…` adds or replaces.
 */
export interface AnnotationWrites extends AnnotationStore {
  addMarks(marks: readonly Mark[]): Promise<void>;
  putMark(mark: Mark): Promise<void>;
  removeMark(id: string): Promise<void>;
  /** Removes a video's marks on one target (what an imported question brought, before its file brings them again). */
  removeMarksOfTarget(videoId: string, target: string): Promise<void>;
  removeMarksOfVideo(videoId: string): Promise<void>;

  /** A new question, made at `createdAt` (its place in creation order). */
  addQuestion(question: Question, createdAt: string): Promise<void>;
  /** Adds or replaces a question; a replaced one keeps its creation time unless one is given. */
  putQuestion(question: Question, createdAt?: string): Promise<void>;
  /** A new question whose fields are JSON text already (encodeQuestionFields: an import's). */
  addEncodedQuestion(head: QuestionHead, fields: string, createdAt: string): Promise<void>;
  /** Replaces a stored question with fields as JSON text, keeping its creation time. */
  replaceEncodedQuestion(head: QuestionHead, fields: string): Promise<void>;
  /** Whether a question is under review or was reviewed (asked inside the edit). */
  reviewed(questionId: string): Promise<boolean>;
  /**
   * Removes a question with what hangs on it — its reviews, review assignments, adjudications, query
   * points and the model runs' responses to it — children first, so that undo restores them after it.
   */
  removeQuestion(id: string): Promise<void>;

  addQueryPoints(points: readonly QueryPoint[]): Promise<void>;
  /** New points of a question, each with a fresh id, whose fields are JSON text already (encodeQueryPointFields: an import's). */
  addEncodedQueryPoints(questionId: string, points: ReadonlyArray<readonly [time: number, fields: string]>): Promise<void>;
  putQueryPoint(point: QueryPoint): Promise<void>;
  removeQueryPoint(id: string): Promise<void>;
  removeQueryPointsOf(questionId: string): Promise<void>;
}
