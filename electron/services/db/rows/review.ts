// The review workflow's rows as both engines store them: `people` (roles as JSON text; the passphrase
// hash a column of its own, never read back into a Person), `guidelines`, `review_rounds`,
// `review_assignments`, `reviews` and `adjudications` (their fields as JSON text beside their keys and
// times). The mappers build rows from values, never by spreading a read row, so PostgreSQL's `ord`
// column never reaches a value or a row written back.
import { z } from 'zod';
import { reviewFieldsSchema, type Review } from '../../../../shared/reviews';
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
} from '../../../../shared/review/types';
import { describeZodIssue } from '../../../../shared/zod-issue';
import type { CheckedReview } from '../../review/store';
import type { Row } from '../edit-log';
import { fromRow, requiredKeys } from '../stored-fields';

// ── people ──────────────────────────────────────────────────────────────────

export interface PersonRow {
  id: string;
  name: string;
  roles: string;
  created_at: string;
  /** The scrypt hash and its parameters as JSON (session/passphrase.ts), or null. */
  passphrase: string | null;
}

const rolesSchema = z.array(z.enum(personRoles));

/** A person's row without the passphrase column: a put leaves it as it is. */
export const personToRow = (p: Person): Row => ({ id: p.id, name: p.name, roles: JSON.stringify(p.roles), created_at: p.createdAt });
export const rowToPerson = (r: PersonRow): Person => ({
  id: r.id,
  name: r.name,
  roles: rolesSchema.parse(JSON.parse(r.roles)),
  createdAt: r.created_at,
  hasPassphrase: r.passphrase !== null,
});

// ── guideline versions ──────────────────────────────────────────────────────

export interface GuidelineRow {
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

export const rowToGuideline = (r: GuidelineRow): GuidelineVersion => ({
  ...guidelineFieldsSchema.parse({ ...JSON.parse(r.fields), version: r.version }),
  id: r.id,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

// ── rounds and assignments ──────────────────────────────────────────────────

export interface RoundRow {
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

export const rowToRound = (r: RoundRow): ReviewRound => ({
  ...roundFieldsSchema.parse(JSON.parse(r.fields)),
  id: r.id,
  number: r.number,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export interface AssignmentRow {
  id: string;
  round_id: string;
  question_id: string;
  reviewer: string;
}

export const assignmentToRow = (a: Assignment): Row => ({ id: a.id, round_id: a.roundId, question_id: a.questionId, reviewer: a.reviewer });
export const rowToAssignment = (r: AssignmentRow): Assignment => ({ id: r.id, roundId: r.round_id, questionId: r.question_id, reviewer: r.reviewer });

// ── reviews ─────────────────────────────────────────────────────────────────

export interface ReviewRow {
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
export const rowToReview = (r: ReviewRow): Review =>
  fromRow<Review>(reviewFieldsSchema, REVIEW_KEYS, r.fields, {}, { id: r.id, questionId: r.question_id, reviewer: r.reviewer, createdAt: r.created_at, updatedAt: r.updated_at });

const reviewRowSchema = z.object({ id: z.string().min(1), question_id: z.string().min(1), reviewer: z.string().min(1), fields: z.string(), created_at: z.string(), updated_at: z.string() });

/** A row of a file made elsewhere, checked whole: the review, or the first problem (naming the review and its field). */
export function checkedReview(raw: Record<string, unknown>): CheckedReview {
  const where = `review ${String(raw.id)}`;
  const row = reviewRowSchema.safeParse(raw);
  let fields: unknown = null;
  try {
    fields = row.success ? JSON.parse(row.data.fields) : null;
  } catch {
    return { id: String(raw.id), problem: `${where}: fields: not valid JSON.` };
  }
  const parsed = reviewFieldsSchema.safeParse(fields);
  if (!row.success) return { id: String(raw.id), problem: describeZodIssue(where, row.error) };
  if (!parsed.success) return { id: row.data.id, problem: describeZodIssue(where, parsed.error) };
  return { review: { ...parsed.data, id: row.data.id, questionId: row.data.question_id, reviewer: row.data.reviewer, createdAt: row.data.created_at, updatedAt: row.data.updated_at } };
}

// ── adjudications ───────────────────────────────────────────────────────────

export interface AdjudicationRow {
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

export const rowToAdjudication = (r: AdjudicationRow): Adjudication => ({
  ...adjudicationFieldsSchema.parse(JSON.parse(r.fields)),
  id: r.id,
  questionId: r.question_id,
  adjudicator: r.adjudicator,
  createdAt: r.created_at,
});

/** A round's items: the questions assigned in it (the same text on both engines). */
export const ITEMS_OF_ROUND = 'SELECT question_id FROM review_assignments WHERE round_id = ?';

/** The one person whose name is `name` in any case, compared in JavaScript: SQL's lower() need not fold beyond ASCII ("Élodie" and "élodie" are one person too). */
export function personNamedLike(rows: readonly PersonRow[], name: string): Person | null {
  const folded = name.toLowerCase();
  const row = rows.find((r) => r.name.toLowerCase() === folded);
  return row ? rowToPerson(row) : null;
}
