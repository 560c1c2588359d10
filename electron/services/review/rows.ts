// Rows ↔ domain objects for the review workflow's tables; reads through the read-only handle
// (writes happen only in edits).
import { z } from 'zod';
import { reviewFieldsSchema, type Review } from '../../../shared/reviews';
import {
  adjudicationFieldsSchema,
  guidelineFieldsSchema,
  personRoles,
  roundFieldsSchema,
  type Adjudication,
  type Assignment,
  type GuidelineVersion,
  type Person,
  type ReviewRound,
} from '../../../shared/review/types';
import type { Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';
import { fromRow, requiredKeys } from '../db/stored-fields';

// ── people ──────────────────────────────────────────────────────────────────

interface PersonRow {
  id: string;
  name: string;
  roles: string;
  created_at: string;
  /** The scrypt hash and its parameters as JSON (session/passphrase.ts), or null: never leaves the services. */
  passphrase: string | null;
}

const rolesSchema = z.array(z.enum(personRoles));

/** A person's row without the passphrase column: a put leaves it as it is (it is set only by setPassphrase). */
export const personToRow = (p: Person): Row => ({ id: p.id, name: p.name, roles: JSON.stringify(p.roles), created_at: p.createdAt });
const rowToPerson = (r: PersonRow): Person => ({ id: r.id, name: r.name, roles: rolesSchema.parse(JSON.parse(r.roles)), createdAt: r.created_at, hasPassphrase: r.passphrase !== null });

/** The stored passphrase of the person with exactly this name (its JSON), or null when they have none or are not listed. */
export function passphraseOf(db: ReadableDb, name: string): string | null {
  return db.query<{ passphrase: string | null }>('SELECT passphrase FROM people WHERE name = ?').get(name)?.passphrase ?? null;
}

export const listPeople = (db: ReadableDb): Person[] => db.query<PersonRow>('SELECT * FROM people ORDER BY name').all().map(rowToPerson);

export const hasPeople = (db: ReadableDb): boolean => db.query('SELECT 1 FROM people LIMIT 1').get() !== undefined;

/** Names are compared as people read them: "Sam" and "sam" are one person. */
export function personNamedLike(db: ReadableDb, name: string): Person | null {
  const row = db.query<PersonRow>('SELECT * FROM people WHERE lower(name) = lower(?)').get(name);
  return row ? rowToPerson(row) : null;
}

export function personNamed(db: ReadableDb, name: string): Person | null {
  const row = db.query<PersonRow>('SELECT * FROM people WHERE name = ?').get(name);
  return row ? rowToPerson(row) : null;
}

// ── guideline versions ──────────────────────────────────────────────────────

interface GuidelineRow {
  id: string;
  version: string;
  fields: string;
  created_by: string;
  created_at: string;
}

export const guidelineToRow = (g: GuidelineVersion): Row => ({
  id: g.id,
  version: g.version,
  fields: JSON.stringify({ changes: g.changes, why: g.why }),
  created_by: g.createdBy,
  created_at: g.createdAt,
});

const rowToGuideline = (r: GuidelineRow): GuidelineVersion => ({
  ...guidelineFieldsSchema.parse({ ...JSON.parse(r.fields), version: r.version }),
  id: r.id,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export const listGuidelines = (db: ReadableDb): GuidelineVersion[] => db.query<GuidelineRow>('SELECT * FROM guidelines ORDER BY created_at, rowid').all().map(rowToGuideline);

/** The version in force: the latest one recorded. */
export function currentGuideline(db: ReadableDb): string | null {
  return db.query<{ version: string }>('SELECT version FROM guidelines ORDER BY created_at DESC, rowid DESC LIMIT 1').get()?.version ?? null;
}

// ── rounds and assignments ─────────────────────────────────────────────────

interface RoundRow {
  id: string;
  number: number;
  fields: string;
  created_by: string;
  created_at: string;
}

export function roundToRow(r: ReviewRound): Row {
  const { id, number, createdBy, createdAt, ...fields } = r;
  return { id, number, fields: JSON.stringify(fields), created_by: createdBy, created_at: createdAt };
}

const rowToRound = (r: RoundRow): ReviewRound => ({ ...roundFieldsSchema.parse(JSON.parse(r.fields)), id: r.id, number: r.number, createdBy: r.created_by, createdAt: r.created_at });

export const listRounds = (db: ReadableDb): ReviewRound[] => db.query<RoundRow>('SELECT * FROM review_rounds ORDER BY number').all().map(rowToRound);

export function roundByNumber(db: ReadableDb, number: number): ReviewRound | null {
  const row = db.query<RoundRow>('SELECT * FROM review_rounds WHERE number = ?').get(number);
  return row ? rowToRound(row) : null;
}

export const nextRoundNumber = (db: ReadableDb): number => (db.query<{ n: number | null }>('SELECT MAX(number) AS n FROM review_rounds').get()?.n ?? 0) + 1;

interface AssignmentRow {
  id: string;
  round_id: string;
  question_id: string;
  reviewer: string;
}

export const assignmentToRow = (a: Assignment): Row => ({ id: a.id, round_id: a.roundId, question_id: a.questionId, reviewer: a.reviewer });
const rowToAssignment = (r: AssignmentRow): Assignment => ({ id: r.id, roundId: r.round_id, questionId: r.question_id, reviewer: r.reviewer });

export const assignmentsOfRound = (db: ReadableDb, roundId: string): Assignment[] =>
  db.query<AssignmentRow>('SELECT * FROM review_assignments WHERE round_id = ? ORDER BY rowid').all(roundId).map(rowToAssignment);

export const assignmentsOfQuestion = (db: ReadableDb, roundId: string, questionId: string): Assignment[] =>
  db.query<AssignmentRow>('SELECT * FROM review_assignments WHERE round_id = ? AND question_id = ? ORDER BY rowid').all(roundId, questionId).map(rowToAssignment);

export const assignmentsOf = (db: ReadableDb, reviewer: string): Assignment[] =>
  db.query<AssignmentRow>('SELECT * FROM review_assignments WHERE reviewer = ? ORDER BY rowid').all(reviewer).map(rowToAssignment);

export function isAssigned(db: ReadableDb, roundId: string, questionId: string, reviewer: string): boolean {
  return db.query('SELECT 1 FROM review_assignments WHERE round_id = ? AND question_id = ? AND reviewer = ?').get(roundId, questionId, reviewer) !== undefined;
}

// ── reviews ─────────────────────────────────────────────────────────────────

interface ReviewRow {
  id: string;
  question_id: string;
  reviewer: string;
  fields: string;
  created_at: string;
  updated_at: string;
}

export function reviewToRow(r: Review): Row {
  const { id, questionId, reviewer, createdAt, updatedAt, ...fields } = r;
  return { id, question_id: questionId, reviewer, fields: JSON.stringify(fields), created_at: createdAt, updated_at: updatedAt };
}

const REVIEW_KEYS = requiredKeys(reviewFieldsSchema);

// a round of thousands of reviews is read whole for every funnel: complete rows skip zod
const rowToReview = (r: ReviewRow): Review =>
  fromRow<Review>(reviewFieldsSchema, REVIEW_KEYS, r.fields, {}, { id: r.id, questionId: r.question_id, reviewer: r.reviewer, createdAt: r.created_at, updatedAt: r.updated_at });

export const reviewsOfQuestion = (db: ReadableDb, questionId: string): Review[] =>
  db.query<ReviewRow>('SELECT * FROM reviews WHERE question_id = ? ORDER BY created_at, rowid').all(questionId).map(rowToReview);

export const reviewsBy = (db: ReadableDb, reviewer: string): Review[] => db.query<ReviewRow>('SELECT * FROM reviews WHERE reviewer = ? ORDER BY created_at, rowid').all(reviewer).map(rowToReview);

/** Reviews of the questions a subquery selects (a round's items), in the order they were made. */
export const reviewsSelectedBy = (db: ReadableDb, idsSql: string, ...params: unknown[]): Review[] =>
  db
    .query<ReviewRow>(`SELECT * FROM reviews WHERE question_id IN (${idsSql}) ORDER BY created_at, rowid`)
    .all(...params)
    .map(rowToReview);

export const allReviews = (db: ReadableDb): Review[] => db.query<ReviewRow>('SELECT * FROM reviews ORDER BY created_at, rowid').all().map(rowToReview);

export function getReview(db: ReadableDb, id: string): Review | null {
  const row = db.query<ReviewRow>('SELECT * FROM reviews WHERE id = ?').get(id);
  return row ? rowToReview(row) : null;
}

// ── adjudications ──────────────────────────────────────────────────────────

interface AdjudicationRow {
  id: string;
  question_id: string;
  adjudicator: string;
  fields: string;
  created_at: string;
}

export function adjudicationToRow(a: Adjudication): Row {
  const { id, questionId, adjudicator, createdAt, ...fields } = a;
  return { id, question_id: questionId, adjudicator, fields: JSON.stringify(fields), created_at: createdAt };
}

const rowToAdjudication = (r: AdjudicationRow): Adjudication => ({
  ...adjudicationFieldsSchema.parse(JSON.parse(r.fields)),
  id: r.id,
  questionId: r.question_id,
  adjudicator: r.adjudicator,
  createdAt: r.created_at,
});

export const adjudicationsOfQuestion = (db: ReadableDb, questionId: string): Adjudication[] =>
  db.query<AdjudicationRow>('SELECT * FROM adjudications WHERE question_id = ? ORDER BY created_at, rowid').all(questionId).map(rowToAdjudication);

export const adjudicationsSelectedBy = (db: ReadableDb, idsSql: string, ...params: unknown[]): Adjudication[] =>
  db
    .query<AdjudicationRow>(`SELECT * FROM adjudications WHERE question_id IN (${idsSql}) ORDER BY created_at, rowid`)
    .all(...params)
    .map(rowToAdjudication);
