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
import type { ProjectStores } from '../db/stores';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { answerKeyReader, type KeysOf } from './answer-keys';
import type { ReviewStore } from './store';

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
async function checkReviewers(store: ReviewStore, reviewers: readonly string[], perItem: number): Promise<void> {
  const twice = reviewers.filter((r, i) => reviewers.indexOf(r) !== i);
  if (twice.length > 0) throw new ServiceError('invalid-request', `reviewers: ${twice[0]} is named twice.`);
  if (perItem > reviewers.length) throw new ServiceError('invalid-request', `reviewsPerItem: ${perItem} reviews of each item need at least ${perItem} reviewers; ${reviewers.length} chosen.`);
  const people = await store.people();
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
  if (reviewers.length > 0) await checkReviewers(project.stores.review, reviewers, perItem);
  const { questions, byStratum, short } = await plan(project, selection, reviewers, perItem);
  return { questions: questions.length, byStratum, shortOfReviewers: reviewers.length === 0 ? questions.length : short.length };
}

type NewRound = Omit<RoundFields, 'closed' | 'guidelineVersion'>;

/** Opens a round (one edit): its assignments, and its items' status set to in-review (a qualification round leaves the gold set as it is). */
export async function openRound(project: Project, caller: Caller, fields: NewRound): Promise<ReviewRound> {
  await checkReviewers(project.stores.review, fields.reviewers, fields.reviewsPerItem);
  // items short of reviewers open with the reviewers they could get (the preview says how many)
  const { questions, assignments } = await plan(project, fields.selection, fields.reviewers, fields.reviewsPerItem);
  if (questions.length === 0) throw new ServiceError('invalid-request', 'No question matches this selection.');
  if (assignments.length === 0) throw new ServiceError('invalid-request', 'No reviewer can take these questions (a reviewer never reviews their own).');
  return project.edit(caller.person, `Open review round (${plural(questions.length, 'item')})`, async (w, tx) => {
    const round: ReviewRound = {
      ...fields,
      closed: false,
      guidelineVersion: await w.review.currentGuideline(),
      id: randomUUID(),
      number: await w.review.nextRoundNumber(),
      createdBy: caller.person,
      createdAt: new Date().toISOString(),
    };
    await w.review.putRound(round);
    for (const a of assignments) {
      await w.review.addAssignment({ id: randomUUID(), roundId: round.id, questionId: a.questionId, reviewer: a.reviewer });
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
  const round = await requireRound(project.stores.review, number);
  const closed = { ...round, closed: true };
  await project.edit(caller.person, `Close round ${number}`, (w) => w.review.putRound(closed));
  return closed;
}

export async function requireRound(store: ReviewStore, number: number): Promise<ReviewRound> {
  const round = await store.round(number);
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

export interface RoundItemView extends RoundItem {
  question: Question;
  queryPoints: QueryPoint[];
  state: ItemState;
  reviewers: string[];
}

/** Every item of a round with its reviews (of this round, by its assigned reviewers), decision and state — read in five reads, whatever the round's size (and the marks of the videos whose keys need them). */
export async function roundItems(stores: ProjectStores, round: ReviewRound): Promise<RoundItemView[]> {
  const reviewersOf = groupBy(await stores.review.assignmentsOfRound(round.id), (a) => a.questionId);
  const reviewsOf = groupBy(await stores.review.reviewsOfItemsIn(round.id), (r) => r.questionId);
  const decisionsOf = groupBy(await stores.review.adjudicationsOfItemsIn(round.id), (d) => d.questionId);
  const items = [...reviewersOf.keys()];
  const pointsOf = groupBy(await stores.annotation.queryPointsOfQuestions(items), (p) => p.questionId);
  const questions = await stores.annotation.questionsIn(items);
  const keysOf = await answerKeyReader(stores, questions, pointsOf);
  return questions.map((question) =>
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
export async function roundItemOf(stores: ProjectStores, round: ReviewRound, questionId: string): Promise<RoundItemView | null> {
  const reviewers = (await stores.review.assignmentsOfQuestion(round.id, questionId)).map((a) => a.reviewer);
  if (reviewers.length === 0) return null;
  const question = await stores.annotation.question(questionId);
  if (!question) return null;
  const points = await stores.annotation.queryPointsOfQuestion(questionId);
  const keysOf = await answerKeyReader(stores, [question], new Map([[questionId, points]]));
  return view(round, question, reviewers, await stores.review.reviewsOfQuestion(questionId), await stores.review.adjudicationsOfQuestion(questionId), points, keysOf);
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

export async function roundSummaries(project: Project): Promise<RoundSummary[]> {
  const summaries: RoundSummary[] = [];
  for (const round of await project.stores.review.rounds()) {
    const items = await roundItems(project.stores, round);
    const progress = new Map<string, { reviewer: string; assigned: number; done: number }>(round.reviewers.map((r) => [r, { reviewer: r, assigned: 0, done: 0 }]));
    for (const item of items) {
      for (const reviewer of item.reviewers) {
        const p = progress.get(reviewer) ?? { reviewer, assigned: 0, done: 0 };
        p.assigned++;
        if (item.reviews.some((r) => r.reviewer === reviewer)) p.done++;
        progress.set(reviewer, p);
      }
    }
    summaries.push({ ...round, funnel: funnelOf(items.map((i) => i.state)), progress: [...progress.values()] });
  }
  return summaries;
}
