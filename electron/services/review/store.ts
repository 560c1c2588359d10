// What the review feature (people, guideline versions, rounds and their assignments, reviews,
// adjudications) needs of storage, shaped by its services — the round views, blinding, packages, the
// caller check and signing in — rather than by the tables: an engine implements it (SQLite:
// db/sqlite/review.ts). Reads are async and every value is typed; no rowid: "in the order they were
// added" is the order the rows were written, "in the order they were made" is by creation time, ties
// in the order added.
import type { Review } from '../../../shared/reviews';
import type { Adjudication, Assignment, GuidelineVersion, Person, ReviewRound } from '../../../shared/review/types';

/** A review read from a file made elsewhere (a returned package): the review, or why it is not one. */
export type CheckedReview = { review: Review } | { id: string; problem: string };

/** The project's people and its review workflow. */
export interface ReviewStore {
  /** Everyone the project lists, by name. */
  people(): Promise<Person[]>;
  /** Whether the project lists anyone (then it works with them only). */
  hasPeople(): Promise<boolean>;
  /** The person with exactly this name. */
  person(name: string): Promise<Person | null>;
  /** The person with this name in any case ("Sam" and "sam" are one person). */
  personLike(name: string): Promise<Person | null>;
  /** The stored passphrase hash of the person with exactly this name (its JSON: session/passphrase.ts), or null when they have none or are not listed. Never leaves the services. */
  passphraseOf(name: string): Promise<string | null>;

  /** The guideline versions in the order they were recorded. */
  guidelines(): Promise<GuidelineVersion[]>;
  /** The version in force: the latest one recorded (null before any). */
  currentGuideline(): Promise<string | null>;

  /** Every round by number. */
  rounds(): Promise<ReviewRound[]>;
  round(number: number): Promise<ReviewRound | null>;
  /** The number the next round opened gets. */
  nextRoundNumber(): Promise<number>;

  /** A round's assignments in the order they were added. */
  assignmentsOfRound(roundId: string): Promise<Assignment[]>;
  /** One item's assignments in a round, in the order they were added. */
  assignmentsOfQuestion(roundId: string, questionId: string): Promise<Assignment[]>;
  /** A reviewer's assignments in every round, in the order they were added. */
  assignmentsOf(reviewer: string): Promise<Assignment[]>;
  isAssigned(roundId: string, questionId: string, reviewer: string): Promise<boolean>;
  /** The items a person has in open rounds and has not reviewed there yet (blinding's question). */
  pendingItems(person: string): Promise<Set<string>>;

  review(id: string): Promise<Review | null>;
  /** A question's reviews (of every round) in the order they were made. */
  reviewsOfQuestion(questionId: string): Promise<Review[]>;
  /** A reviewer's reviews in the order they were made. */
  reviewsBy(reviewer: string): Promise<Review[]>;
  /** The questions a reviewer has reviewed (in any round), without reading the reviews. */
  questionsReviewedBy(reviewer: string): Promise<Set<string>>;
  /** Every review (of every round) of the items assigned in a round, in the order they were made. */
  reviewsOfItemsIn(roundId: string): Promise<Review[]>;
  /** Every review of the project in the order they were made. */
  allReviews(): Promise<Review[]>;
  /**
   * Every review in the order they were added, each checked as it is read: for a project file made
   * elsewhere (a returned package), where a review that does not parse is a problem naming it and its
   * field rather than an error.
   */
  checkedReviews(): Promise<CheckedReview[]>;

  /** A question's decisions (of every round) in the order they were made. */
  adjudicationsOfQuestion(questionId: string): Promise<Adjudication[]>;
  /** The decisions on the items assigned in a round (of every round), in the order they were made. */
  adjudicationsOfItemsIn(roundId: string): Promise<Adjudication[]>;
}

/**
 * The review workflow inside one edit: each write is logged for undo and redo, and reads see what
 * the edit has written so far. `add…` writes something new (a fresh id, or a copy from another
 * project): logged as inserted; `put…` adds or replaces.
 */
export interface ReviewWrites extends ReviewStore {
  /** Adds a person or replaces their name and roles; their passphrase stays as it is (setPassphrase changes it). */
  putPerson(person: Person): Promise<void>;
  /** Sets (a hash: session/passphrase.ts) or removes (null) a listed person's passphrase. */
  setPassphrase(person: Person, hash: string | null): Promise<void>;
  removePerson(id: string): Promise<void>;
  putGuideline(guideline: GuidelineVersion): Promise<void>;
  putRound(round: ReviewRound): Promise<void>;
  addAssignment(assignment: Assignment): Promise<void>;
  addReview(review: Review): Promise<void>;
  putReview(review: Review): Promise<void>;
  putAdjudication(adjudication: Adjudication): Promise<void>;
}
