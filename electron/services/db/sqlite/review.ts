// The review workflow in SQLite: `people` (roles as JSON text; the passphrase hash a column of its
// own, never read back into a Person), `guidelines`, `review_rounds`, `review_assignments`, `reviews`
// and `adjudications` (their fields as JSON text beside their keys and times). rowid is the order
// rows were added: it breaks ties of creation time. Writes go through the edit log.
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
import type { CheckedReview, ReviewStore, ReviewWrites } from '../../review/store';
import type { EditTransaction, Row } from '../edit-log';
import type { ReadableDb } from '../readable';
import { fromRow, requiredKeys } from '../stored-fields';

// ── people ──────────────────────────────────────────────────────────────────

interface PersonRow {
  id: string;
  name: string;
  roles: string;
  created_at: string;
  /** The scrypt hash and its parameters as JSON (session/passphrase.ts), or null. */
  passphrase: string | null;
}

const rolesSchema = z.array(z.enum(personRoles));

/** A person's row without the passphrase column: a put leaves it as it is. */
const personToRow = (p: Person): Row => ({ id: p.id, name: p.name, roles: JSON.stringify(p.roles), created_at: p.createdAt });
const rowToPerson = (r: PersonRow): Person => ({ id: r.id, name: r.name, roles: rolesSchema.parse(JSON.parse(r.roles)), createdAt: r.created_at, hasPassphrase: r.passphrase !== null });

// ── guideline versions ──────────────────────────────────────────────────────

interface GuidelineRow {
  id: string;
  version: string;
  fields: string;
  created_by: string;
  created_at: string;
}

const guidelineToRow = (g: GuidelineVersion): Row => ({
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

// ── rounds and assignments ──────────────────────────────────────────────────

interface RoundRow {
  id: string;
  number: number;
  fields: string;
  created_by: string;
  created_at: string;
}

function roundToRow(r: ReviewRound): Row {
  const { id, number, createdBy, createdAt, ...fields } = r;
  return { id, number, fields: JSON.stringify(fields), created_by: createdBy, created_at: createdAt };
}

const rowToRound = (r: RoundRow): ReviewRound => ({ ...roundFieldsSchema.parse(JSON.parse(r.fields)), id: r.id, number: r.number, createdBy: r.created_by, createdAt: r.created_at });

interface AssignmentRow {
  id: string;
  round_id: string;
  question_id: string;
  reviewer: string;
}

const assignmentToRow = (a: Assignment): Row => ({ id: a.id, round_id: a.roundId, question_id: a.questionId, reviewer: a.reviewer });
const rowToAssignment = (r: AssignmentRow): Assignment => ({ id: r.id, roundId: r.round_id, questionId: r.question_id, reviewer: r.reviewer });

// ── reviews ─────────────────────────────────────────────────────────────────

interface ReviewRow {
  id: string;
  question_id: string;
  reviewer: string;
  fields: string;
  created_at: string;
  updated_at: string;
}

function reviewToRow(r: Review): Row {
  const { id, questionId, reviewer, createdAt, updatedAt, ...fields } = r;
  return { id, question_id: questionId, reviewer, fields: JSON.stringify(fields), created_at: createdAt, updated_at: updatedAt };
}

const REVIEW_KEYS = requiredKeys(reviewFieldsSchema);

// a round of thousands of reviews is read whole for every funnel: complete rows skip zod
const rowToReview = (r: ReviewRow): Review =>
  fromRow<Review>(reviewFieldsSchema, REVIEW_KEYS, r.fields, {}, { id: r.id, questionId: r.question_id, reviewer: r.reviewer, createdAt: r.created_at, updatedAt: r.updated_at });

const reviewRowSchema = z.object({ id: z.string().min(1), question_id: z.string().min(1), reviewer: z.string().min(1), fields: z.string(), created_at: z.string(), updated_at: z.string() });

/** A row of a file made elsewhere, checked whole: the review, or the first problem (naming the review and its field). */
function checkedReview(raw: Record<string, unknown>): CheckedReview {
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

interface AdjudicationRow {
  id: string;
  question_id: string;
  adjudicator: string;
  fields: string;
  created_at: string;
}

function adjudicationToRow(a: Adjudication): Row {
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

// ── reads ───────────────────────────────────────────────────────────────────

/** A round's items: the questions assigned in it. */
const ITEMS_OF_ROUND = 'SELECT question_id FROM review_assignments WHERE round_id = ?';

export function sqliteReview(db: ReadableDb): ReviewStore {
  const personWhere = (where: string, name: string): Person | null => {
    const row = db.query<PersonRow>(`SELECT * FROM people WHERE ${where}`).get(name);
    return row ? rowToPerson(row) : null;
  };
  const assignments = (where: string, ...params: unknown[]): Assignment[] =>
    db
      .query<AssignmentRow>(`SELECT * FROM review_assignments WHERE ${where} ORDER BY rowid`)
      .all(...params)
      .map(rowToAssignment);
  const reviews = (where: string, ...params: unknown[]): Review[] =>
    db
      .query<ReviewRow>(`SELECT * FROM reviews WHERE ${where} ORDER BY created_at, rowid`)
      .all(...params)
      .map(rowToReview);
  const adjudications = (where: string, ...params: unknown[]): Adjudication[] =>
    db
      .query<AdjudicationRow>(`SELECT * FROM adjudications WHERE ${where} ORDER BY created_at, rowid`)
      .all(...params)
      .map(rowToAdjudication);
  return {
    people: async () => db.query<PersonRow>('SELECT * FROM people ORDER BY name').all().map(rowToPerson),
    hasPeople: async () => db.query('SELECT 1 FROM people LIMIT 1').get() !== undefined,
    person: async (name) => personWhere('name = ?', name),
    // compared in JavaScript: SQLite's lower() folds only ASCII ("Élodie" and "élodie" are one person too)
    personLike: async (name) => {
      const folded = name.toLowerCase();
      const row = db
        .query<PersonRow>('SELECT * FROM people')
        .all()
        .find((r) => r.name.toLowerCase() === folded);
      return row ? rowToPerson(row) : null;
    },
    passphraseOf: async (name) => db.query<{ passphrase: string | null }>('SELECT passphrase FROM people WHERE name = ?').get(name)?.passphrase ?? null,

    guidelines: async () => db.query<GuidelineRow>('SELECT * FROM guidelines ORDER BY created_at, rowid').all().map(rowToGuideline),
    currentGuideline: async () => db.query<{ version: string }>('SELECT version FROM guidelines ORDER BY created_at DESC, rowid DESC LIMIT 1').get()?.version ?? null,

    rounds: async () => db.query<RoundRow>('SELECT * FROM review_rounds ORDER BY number').all().map(rowToRound),
    round: async (number) => {
      const row = db.query<RoundRow>('SELECT * FROM review_rounds WHERE number = ?').get(number);
      return row ? rowToRound(row) : null;
    },
    nextRoundNumber: async () => (db.query<{ n: number | null }>('SELECT MAX(number) AS n FROM review_rounds').get()?.n ?? 0) + 1,

    assignmentsOfRound: async (roundId) => assignments('round_id = ?', roundId),
    assignmentsOfQuestion: async (roundId, questionId) => assignments('round_id = ? AND question_id = ?', roundId, questionId),
    assignmentsOf: async (reviewer) => assignments('reviewer = ?', reviewer),
    isAssigned: async (roundId, questionId, reviewer) =>
      db.query('SELECT 1 FROM review_assignments WHERE round_id = ? AND question_id = ? AND reviewer = ?').get(roundId, questionId, reviewer) !== undefined,
    pendingItems: async (person) =>
      new Set(
        db
          .query<{ id: string }>(
            `SELECT a.question_id AS id FROM review_assignments a JOIN review_rounds r ON r.id = a.round_id
             WHERE a.reviewer = ? AND json_extract(r.fields, '$.closed') = 0
               AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.question_id = a.question_id AND v.reviewer = a.reviewer AND json_extract(v.fields, '$.round') = r.number)`,
          )
          .all(person)
          .map((r) => r.id),
      ),

    review: async (id) => {
      const row = db.query<ReviewRow>('SELECT * FROM reviews WHERE id = ?').get(id);
      return row ? rowToReview(row) : null;
    },
    reviewsOfQuestion: async (questionId) => reviews('question_id = ?', questionId),
    reviewsBy: async (reviewer) => reviews('reviewer = ?', reviewer),
    questionsReviewedBy: async (reviewer) =>
      new Set(
        db
          .query<{ id: string }>('SELECT DISTINCT question_id AS id FROM reviews WHERE reviewer = ?')
          .all(reviewer)
          .map((r) => r.id),
      ),
    reviewsOfItemsIn: async (roundId) => reviews(`question_id IN (${ITEMS_OF_ROUND})`, roundId),
    allReviews: async () => reviews('1'),
    checkedReviews: async () => db.query<Record<string, unknown>>('SELECT * FROM reviews ORDER BY rowid').all().map(checkedReview),

    adjudicationsOfQuestion: async (questionId) => adjudications('question_id = ?', questionId),
    adjudicationsOfItemsIn: async (roundId) => adjudications(`question_id IN (${ITEMS_OF_ROUND})`, roundId),
  };
}

// ── writes ──────────────────────────────────────────────────────────────────

export function sqliteReviewWrites(tx: EditTransaction): ReviewWrites {
  return {
    ...sqliteReview(tx.db),
    putPerson: async (person) => tx.put('people', personToRow(person)),
    // the whole row: an upsert of a new row needs every column
    setPassphrase: async (person, hash) => tx.put('people', { ...personToRow(person), passphrase: hash }),
    removePerson: async (id) => tx.remove('people', id),
    putGuideline: async (guideline) => tx.put('guidelines', guidelineToRow(guideline)),
    putRound: async (round) => tx.put('review_rounds', roundToRow(round)),
    addAssignment: async (assignment) => tx.insert('review_assignments', assignmentToRow(assignment)),
    addReview: async (review) => tx.insert('reviews', reviewToRow(review)),
    putReview: async (review) => tx.put('reviews', reviewToRow(review)),
    putAdjudication: async (adjudication) => tx.put('adjudications', adjudicationToRow(adjudication)),
  };
}
