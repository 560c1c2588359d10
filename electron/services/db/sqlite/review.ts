// The review workflow in SQLite (its rows: db/rows/review.ts). rowid is the order rows were added:
// it breaks ties of creation time. Writes go through the edit log.
import type { Adjudication, Assignment, Person } from '../../../../shared/review/types';
import type { Review } from '../../../../shared/reviews';
import type { ReviewStore, ReviewWrites } from '../../review/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
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

// ── reads ───────────────────────────────────────────────────────────────────

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
    // compared in JavaScript: SQLite's lower() folds only ASCII
    personLike: async (name) => personNamedLike(db.query<PersonRow>('SELECT * FROM people ORDER BY rowid').all(), name),
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
