// Review rounds: a lead picks questions (filters, or a seeded stratified sample), reviewers and how
// many reviews each item gets; assignment is balanced and never gives an item to its author. Where
// each item of a round stands is derived from its reviews and decisions, never stored twice.
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import type { Profile } from '../../../shared/profiles';
import type { QueryPoint, Question } from '../../../shared/questions';
import { assignReviewers } from '../../../shared/review/assign';
import { funnelOf, itemState, reviewedAnswers, type RoundItem } from '../../../shared/review/funnel';
import { stratifiedSample, strataCounts } from '../../../shared/review/sample';
import { matchesTaskPrefix, strataOf } from '../../../shared/review/strata';
import type { Adjudication, ItemState, ReviewRound, RoundFields, RoundPreview, RoundSelection, RoundSummary } from '../../../shared/review/types';
import type { Review } from '../../../shared/reviews';
import { groupBy } from '../../../shared/collections';
import { plural } from '../../../shared/plural';
import type { AnnotationWrites } from '../annotation/store';
import { syncAnnotationReader } from '../db/sqlite/annotation';
import type { ReadableDb } from '../db/readable';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { answerKeyReader, type KeysOf } from './answer-keys';
import {
  adjudicationsOfQuestion,
  adjudicationsSelectedBy,
  listPeople,
  assignmentToRow,
  assignmentsOfQuestion,
  assignmentsOfRound,
  currentGuideline,
  listRounds,
  nextRoundNumber,
  reviewsOfQuestion,
  reviewsSelectedBy,
  roundByNumber,
  roundToRow,
} from './rows';

/** The questions a selection takes, in a stable order, with the stratum each was drawn from. */
function selectQuestions(all: readonly Question[], profiles: readonly Profile[], selection: RoundSelection): { questions: Question[]; byStratum: Record<string, number> } {
  const underPrefix = matchesTaskPrefix(profiles);
  const filtered = all.filter(
    (q) =>
      (selection.profileId === null || q.profileId === selection.profileId) &&
      underPrefix(q, selection.taskCodes) &&
      (selection.statuses.length === 0 || selection.statuses.includes(q.status)) &&
      (selection.authors.length === 0 || selection.authors.includes(q.createdBy)),
  );
  const stratum = strataOf(profiles, selection.sample?.stratifyBy ?? 'none');
  const candidates = filtered.map((q) => ({ id: q.id, stratum: stratum(q) }));
  if (!selection.sample)
    return {
      questions: filtered,
      byStratum: strataCounts(
        candidates,
        filtered.map((q) => q.id),
      ),
    };
  const drawn = new Set(stratifiedSample(candidates, selection.sample.size, selection.sample.seed));
  const questions = filtered.filter((q) => drawn.has(q.id));
  return { questions, byStratum: strataCounts(candidates, [...drawn]) };
}

/** Reviewers must be people the project lists as reviewers (when it lists anyone), named once each. */
function checkReviewers(db: ReadableDb, reviewers: readonly string[], perItem: number): void {
  const twice = reviewers.filter((r, i) => reviewers.indexOf(r) !== i);
  if (twice.length > 0) throw new ServiceError('invalid-request', `reviewers: ${twice[0]} is named twice.`);
  if (perItem > reviewers.length) throw new ServiceError('invalid-request', `reviewsPerItem: ${perItem} reviews of each item need at least ${perItem} reviewers; ${reviewers.length} chosen.`);
  const people = listPeople(db);
  if (people.length === 0) return;
  for (const name of reviewers) {
    const person = people.find((p) => p.name === name);
    if (!person) throw new ServiceError('invalid-request', `reviewers: ${name} is not one of this project's people; add them first.`);
    if (!person.roles.includes('reviewer')) throw new ServiceError('invalid-request', `reviewers: ${name} is listed as ${person.roles.join(', ')}, not as a reviewer.`);
  }
}

async function plan(project: Project, selection: RoundSelection, reviewers: readonly string[], perItem: number) {
  const { questions, byStratum } = selectQuestions(await project.stores.annotation.allQuestions(), await project.stores.profiles.list(), selection);
  const { assignments, short } = assignReviewers(
    questions.map((q) => ({ id: q.id, author: q.createdBy })),
    reviewers,
    perItem,
  );
  return { questions, byStratum, assignments, short };
}

export async function previewRound(project: Project, caller: Caller, selection: RoundSelection, reviewers: readonly string[], perItem: number): Promise<RoundPreview> {
  if (reviewers.length > 0) checkReviewers(project.store.db, reviewers, perItem);
  const { questions, byStratum, short } = await plan(project, selection, reviewers, perItem);
  return { questions: questions.length, byStratum, shortOfReviewers: reviewers.length === 0 ? questions.length : short.length };
}

type NewRound = Omit<RoundFields, 'closed' | 'guidelineVersion'>;

/** Opens a round (one edit): its assignments, and its items' status set to in-review (a qualification round leaves the gold set as it is). */
export async function openRound(project: Project, caller: Caller, fields: NewRound): Promise<ReviewRound> {
  checkReviewers(project.store.db, fields.reviewers, fields.reviewsPerItem);
  // items short of reviewers open with the reviewers they could get (the preview says how many)
  const { questions, assignments } = await plan(project, fields.selection, fields.reviewers, fields.reviewsPerItem);
  if (questions.length === 0) throw new ServiceError('invalid-request', 'No question matches this selection.');
  if (assignments.length === 0) throw new ServiceError('invalid-request', 'No reviewer can take these questions (a reviewer never reviews their own).');
  return project.edit(caller.person, `Open review round (${plural(questions.length, 'item')})`, async (w, tx) => {
    const round: ReviewRound = {
      ...fields,
      closed: false,
      guidelineVersion: currentGuideline(tx.db),
      id: randomUUID(),
      number: nextRoundNumber(tx.db),
      createdBy: caller.person,
      createdAt: new Date().toISOString(),
    };
    tx.put('review_rounds', roundToRow(round));
    for (const a of assignments) {
      tx.insert('review_assignments', assignmentToRow({ id: randomUUID(), roundId: round.id, questionId: a.questionId, reviewer: a.reviewer }));
      await tx.pace();
    }
    if (round.purpose === 'review') {
      const assigned = new Set(assignments.map((a) => a.questionId));
      for (const q of questions) {
        if (assigned.has(q.id) && (q.status === 'draft' || q.status === 'ready')) await setStatus(w.annotation, q.id, 'in-review', round.number);
        await tx.pace();
      }
    }
    return round;
  });
}

export async function closeRound(project: Project, caller: Caller, number: number): Promise<ReviewRound> {
  const round = requireRound(project.store.db, number);
  const closed = { ...round, closed: true };
  await project.store.edit(caller.person, `Close round ${number}`, (tx) => tx.put('review_rounds', roundToRow(closed)));
  return closed;
}

export function requireRound(db: ReadableDb, number: number): ReviewRound {
  const round = roundByNumber(db, number);
  if (!round) throw new ServiceError('not-found', `There is no review round ${number}.`);
  return round;
}

/** Sets a question's status (and the round that set it) inside an edit. */
export async function setStatus(w: AnnotationWrites, questionId: string, status: Question['status'], round: number): Promise<void> {
  const question = await w.question(questionId);
  if (!question) return;
  await w.putQuestion({ ...question, status, round, updatedAt: new Date().toISOString() });
}

// ── where items stand ───────────────────────────────────────────────────────
// (read synchronously: the round's views are built inside the review's synchronous paths — its
// queue, context and the check after each review — so the questions come from the synchronous reader)

export interface RoundItemView extends RoundItem {
  question: Question;
  queryPoints: QueryPoint[];
  state: ItemState;
  reviewers: string[];
}

/** Every item of a round with its reviews (of this round, by its assigned reviewers), decision and state — read in five queries, whatever the round's size. */
export function roundItems(db: ReadableDb, round: ReviewRound): RoundItemView[] {
  const ITEMS = 'SELECT question_id FROM review_assignments WHERE round_id = ?';
  const reviewersOf = groupBy(assignmentsOfRound(db, round.id), (a) => a.questionId);
  const reviewsOf = groupBy(reviewsSelectedBy(db, ITEMS, round.id), (r) => r.questionId);
  const decisionsOf = groupBy(adjudicationsSelectedBy(db, ITEMS, round.id), (d) => d.questionId);
  const items = [...reviewersOf.keys()];
  const annotation = syncAnnotationReader(db);
  const pointsOf = groupBy(annotation.queryPointsOfQuestions(items), (p) => p.questionId);
  const keysOf = answerKeyReader(db);
  return annotation.questionsIn(items).map((question) =>
    view(
      round,
      question,
      (reviewersOf.get(question.id) ?? []).map((a) => a.reviewer),
      reviewsOf.get(question.id) ?? [],
      decisionsOf.get(question.id) ?? [],
      pointsOf.get(question.id) ?? [],
      keysOf,
    ),
  );
}

/** One item of a round (null when the question is not in it). */
export function roundItemOf(db: ReadableDb, round: ReviewRound, questionId: string): RoundItemView | null {
  const reviewers = assignmentsOfQuestion(db, round.id, questionId).map((a) => a.reviewer);
  return reviewers.length > 0 ? itemView(db, round, questionId, reviewers) : null;
}

function itemView(db: ReadableDb, round: ReviewRound, questionId: string, reviewers: string[]): RoundItemView | null {
  const annotation = syncAnnotationReader(db);
  const question = annotation.question(questionId);
  if (!question) return null;
  return view(round, question, reviewers, reviewsOfQuestion(db, questionId), adjudicationsOfQuestion(db, questionId), annotation.queryPointsOfQuestion(questionId), answerKeyReader(db));
}

function view(
  round: ReviewRound,
  question: Question,
  reviewers: string[],
  allReviews: readonly Review[],
  decisions: readonly Adjudication[],
  points: readonly QueryPoint[],
  keysOf: KeysOf,
): RoundItemView {
  const reviews = roundReviews(allReviews, round.number, reviewers);
  const decision = decisions.filter((d) => d.round === round.number).at(-1) ?? null;
  const authorAnswers = reviewedAnswers(reviews, () => keysOf(question, points));
  const item: RoundItem = { assigned: reviewers.length, reviews, decision, answerKind: question.answerKind, authorAnswers };
  return { ...item, question, queryPoints: [...points], reviewers, state: itemState(item, round.numericTolerance) };
}

/** A round's reviews of an item: the latest by each assigned reviewer. */
function roundReviews(reviews: readonly Review[], round: number, reviewers: readonly string[]): Review[] {
  const latest = new Map<string, Review>();
  for (const r of reviews) if (r.round === round && reviewers.includes(r.reviewer)) latest.set(r.reviewer, r);
  return [...latest.values()];
}

export function roundSummaries(project: Project): RoundSummary[] {
  const db = project.store.db;
  return listRounds(db).map((round) => {
    const items = roundItems(db, round);
    const progress = new Map<string, { reviewer: string; assigned: number; done: number }>(round.reviewers.map((r) => [r, { reviewer: r, assigned: 0, done: 0 }]));
    for (const item of items) {
      for (const reviewer of item.reviewers) {
        const p = progress.get(reviewer) ?? { reviewer, assigned: 0, done: 0 };
        p.assigned++;
        if (item.reviews.some((r) => r.reviewer === reviewer)) p.done++;
        progress.set(reviewer, p);
      }
    }
    return { ...round, funnel: funnelOf(items.map((i) => i.state)), progress: [...progress.values()] };
  });
}
