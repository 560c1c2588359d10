// The review workflow on PostgreSQL (its rows as on SQLite: db/rows/review.ts). `ord` is the order
// rows were added (SQLite's rowid): it breaks ties of creation time. Text is ordered as SQLite orders
// it, by its bytes (COLLATE "C"), whatever the database's locale. Writes go through the edit log.
import type { Adjudication, Assignment, Person } from '../../../../shared/review/types';
import type { Review } from '../../../../shared/reviews';
import type { ReviewStore, ReviewWrites } from '../../review/store';
import {
  adjudicationToRow,
  assignmentToRow,
  checkedReview,
  guidelineToRow,
  ITEMS_OF_ROUND,
  personNamedLike,
  personToRow,
  reviewToRow,
  roundToRow,
  rowToAdjudication,
  rowToAssignment,
  rowToGuideline,
  rowToPerson,
  rowToReview,
  rowToRound,
  type AdjudicationRow,
  type AssignmentRow,
  type GuidelineRow,
  type PersonRow,
  type ReviewRow,
  type RoundRow,
} from '../rows/review';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

// the columns each value is read from, named so that `ord` stays in the database
const PERSON = 'id, name, roles, created_at, passphrase';
const GUIDELINE = 'id, version, fields, created_by, created_at';
const ROUND = 'id, number, fields, created_by, created_at';
const ASSIGNMENT = 'id, round_id, question_id, reviewer';
const REVIEW = 'id, question_id, reviewer, fields, created_at, updated_at';
const ADJUDICATION = 'id, question_id, adjudicator, fields, created_at';

export function pgReview(db: PgReader): ReviewStore {
  const first = async <R>(sql: string, ...params: unknown[]): Promise<R | undefined> => (await db.rows<R>(sql, ...params))[0];
  const personWhere = async (where: string, name: string): Promise<Person | null> => {
    const row = await first<PersonRow>(`SELECT ${PERSON} FROM people WHERE ${where}`, name);
    return row ? rowToPerson(row) : null;
  };
  const assignments = async (where: string, ...params: unknown[]): Promise<Assignment[]> =>
    (await db.rows<AssignmentRow>(`SELECT ${ASSIGNMENT} FROM review_assignments WHERE ${where} ORDER BY ord`, ...params)).map(rowToAssignment);
  const reviews = async (where: string, ...params: unknown[]): Promise<Review[]> =>
    (await db.rows<ReviewRow>(`SELECT ${REVIEW} FROM reviews WHERE ${where} ORDER BY created_at COLLATE "C", ord`, ...params)).map(rowToReview);
  const adjudications = async (where: string, ...params: unknown[]): Promise<Adjudication[]> =>
    (await db.rows<AdjudicationRow>(`SELECT ${ADJUDICATION} FROM adjudications WHERE ${where} ORDER BY created_at COLLATE "C", ord`, ...params)).map(rowToAdjudication);
  return {
    people: async () => (await db.rows<PersonRow>(`SELECT ${PERSON} FROM people ORDER BY name COLLATE "C"`)).map(rowToPerson),
    hasPeople: async () => (await first('SELECT 1 FROM people LIMIT 1')) !== undefined,
    person: (name) => personWhere('name = ?', name),
    // compared in JavaScript, as on SQLite: lower() folds by the database's locale, which may be C
    personLike: async (name) => personNamedLike(await db.rows<PersonRow>(`SELECT ${PERSON} FROM people ORDER BY ord`), name),
    passphraseOf: async (name) => (await first<{ passphrase: string | null }>('SELECT passphrase FROM people WHERE name = ?', name))?.passphrase ?? null,

    guidelines: async () => (await db.rows<GuidelineRow>(`SELECT ${GUIDELINE} FROM guidelines ORDER BY created_at COLLATE "C", ord`)).map(rowToGuideline),
    currentGuideline: async () => (await first<{ version: string }>('SELECT version FROM guidelines ORDER BY created_at COLLATE "C" DESC, ord DESC LIMIT 1'))?.version ?? null,

    rounds: async () => (await db.rows<RoundRow>(`SELECT ${ROUND} FROM review_rounds ORDER BY number`)).map(rowToRound),
    round: async (number) => {
      const row = await first<RoundRow>(`SELECT ${ROUND} FROM review_rounds WHERE number = ?`, number);
      return row ? rowToRound(row) : null;
    },
    nextRoundNumber: async () => ((await first<{ n: number | null }>('SELECT MAX(number) AS n FROM review_rounds'))?.n ?? 0) + 1,

    assignmentsOfRound: (roundId) => assignments('round_id = ?', roundId),
    assignmentsOfQuestion: (roundId, questionId) => assignments('round_id = ? AND question_id = ?', roundId, questionId),
    assignmentsOf: (reviewer) => assignments('reviewer = ?', reviewer),
    isAssigned: async (roundId, questionId, reviewer) =>
      (await first('SELECT 1 FROM review_assignments WHERE round_id = ? AND question_id = ? AND reviewer = ? LIMIT 1', roundId, questionId, reviewer)) !== undefined,
    // SQLite's json_extract gives a JSON false as 0 and a number as a number: `closed` read as a
    // boolean ('false' and '0' alike) and `round` as a number; a field that is absent is NULL on both
    pendingItems: async (person) =>
      new Set(
        (
          await db.rows<{ id: string }>(
            `SELECT a.question_id AS id FROM review_assignments a JOIN review_rounds r ON r.id = a.round_id
             WHERE a.reviewer = ? AND (r.fields::jsonb ->> 'closed')::boolean = false
               AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.question_id = a.question_id AND v.reviewer = a.reviewer AND (v.fields::jsonb ->> 'round')::numeric = r.number)`,
            person,
          )
        ).map((r) => r.id),
      ),

    review: async (id) => {
      const row = await first<ReviewRow>(`SELECT ${REVIEW} FROM reviews WHERE id = ?`, id);
      return row ? rowToReview(row) : null;
    },
    reviewsOfQuestion: (questionId) => reviews('question_id = ?', questionId),
    reviewsBy: (reviewer) => reviews('reviewer = ?', reviewer),
    questionsReviewedBy: async (reviewer) => new Set((await db.rows<{ id: string }>('SELECT DISTINCT question_id AS id FROM reviews WHERE reviewer = ?', reviewer)).map((r) => r.id)),
    reviewsOfItemsIn: (roundId) => reviews(`question_id IN (${ITEMS_OF_ROUND})`, roundId),
    allReviews: () => reviews('TRUE'),
    checkedReviews: async () => (await db.rows<Record<string, unknown>>(`SELECT ${REVIEW} FROM reviews ORDER BY ord`)).map(checkedReview),

    adjudicationsOfQuestion: (questionId) => adjudications('question_id = ?', questionId),
    adjudicationsOfItemsIn: (roundId) => adjudications(`question_id IN (${ITEMS_OF_ROUND})`, roundId),
  };
}

export function pgReviewWrites(tx: PgEditTransaction): ReviewWrites {
  return {
    ...pgReview(tx.reader),
    putPerson: (person) => tx.put('people', personToRow(person)),
    // the whole row: an upsert of a new row needs every column
    setPassphrase: (person, hash) => tx.put('people', { ...personToRow(person), passphrase: hash }),
    removePerson: (id) => tx.remove('people', id),
    putGuideline: (guideline) => tx.put('guidelines', guidelineToRow(guideline)),
    putRound: (round) => tx.put('review_rounds', roundToRow(round)),
    addAssignment: (assignment) => tx.insert('review_assignments', assignmentToRow(assignment)),
    addReview: (review) => tx.insert('reviews', reviewToRow(review)),
    putReview: (review) => tx.put('reviews', reviewToRow(review)),
    putAdjudication: (adjudication) => tx.put('adjudications', adjudicationToRow(adjudication)),
  };
}
