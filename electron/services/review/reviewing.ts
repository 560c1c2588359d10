// A reviewer's side: their queue, what they may see of an item (nothing of the author's answer until
// they have submitted), and submitting a review. Submitting is an edit that records the answer key
// the review was given against; when an item's last assigned review arrives and all agree, the item
// goes to the candidate pool (status accepted).
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import type { AnswerKeyEntry } from '../../../shared/answer-key';
import type { Question } from '../../../shared/questions';
import type { QueueItem, ReviewContext, ReviewRound } from '../../../shared/review/types';
import { reviewSubmitSchema } from '../../../shared/review/types';
import type { Review } from '../../../shared/reviews';
import type { z } from 'zod';
import { answerProblems } from '../../../shared/review/validate';
import type { EditWrites, ProjectStores } from '../db/stores';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { answerKeyReader } from './answer-keys';
import { blindnessOf, isBlindTo } from './blinding';
import { checkedRole } from './policy';
import { requireRound, roundItemOf, setStatus } from './rounds';

/** The caller's assignments in open rounds (or in one round), each with whether it is done. */
export async function queueOf(project: Project, caller: Caller, round: number | null): Promise<QueueItem[]> {
  const store = project.stores.review;
  const rounds = new Map((await store.rounds()).filter((r) => (round === null ? !r.closed : r.number === round)).map((r) => [r.id, r]));
  const done = new Set((await store.reviewsBy(caller.person)).map((r) => `${r.round}:${r.questionId}`));
  const assignments = (await store.assignmentsOf(caller.person)).filter((a) => rounds.has(a.roundId));
  // the questions in one read and the videos' names in another (a question and a video per item was
  // two round trips each on a team server's PostgreSQL)
  const questions = new Map((await project.stores.annotation.questionsIn([...new Set(assignments.map((a) => a.questionId))])).map((q) => [q.id, q]));
  const videoNames = new Map((await project.stores.videos.list()).map((v) => [v.id, v.name]));
  const items: QueueItem[] = [];
  for (const a of assignments) {
    const r = rounds.get(a.roundId);
    const q = questions.get(a.questionId);
    if (!r || !q) continue;
    items.push({
      round: r.number,
      roundName: r.name,
      questionId: q.id,
      videoId: q.videoId,
      videoName: videoNames.get(q.videoId) ?? '',
      text: q.text,
      taskCode: q.taskCode,
      done: done.has(`${r.number}:${q.id}`),
    });
  }
  return items;
}

/** The project's meta key that marks a review package (packages.ts). */
export const PACKAGE_META = 'review-package';

/** A review package holds no answers and none of the marks a count derives from: no answer key can be read in it (its import records them). */
const isReviewPackage = async (project: Project): Promise<boolean> => (await project.store.getMeta(PACKAGE_META)) !== null;

/** The caller's review of a question and — once they are no longer blind to it — the answer key (the author's answers, or their marks' counts); others' reviews only for those who adjudicate or lead. */
export async function contextOf(project: Project, caller: Caller, questionId: string): Promise<ReviewContext> {
  const stores = project.stores;
  const question = await stores.annotation.question(questionId);
  if (!question) throw new ServiceError('not-found', 'That question no longer exists.');
  const role = await checkedRole(stores, caller);
  const reviews = await stores.review.reviewsOfQuestion(questionId);
  const blind = isBlindTo(await blindnessOf(stores, caller), questionId);
  const mine = reviews.filter((r) => r.reviewer === caller.person).at(-1) ?? null;
  return {
    questionId,
    mine,
    // what their review was given against (the answers may have changed since), else the key as it stands
    authorAnswers: blind || (await isReviewPackage(project)) ? null : (mine?.against ?? (await keyOf(stores, question))),
    // others' answers and the decision give the answer away too: not while blind to it, whatever the role
    otherReviews: role === 'reviewer' || blind ? [] : reviews.filter((r) => r.reviewer !== caller.person),
    decision: role === 'reviewer' || blind ? null : ((await stores.review.adjudicationsOfQuestion(questionId)).at(-1) ?? null),
    rounds: [...new Set(reviews.map((r) => r.round))].sort((a, b) => a - b),
  };
}

/** One question's answer key as it stands. */
async function keyOf(stores: ProjectStores, question: Question): Promise<AnswerKeyEntry[]> {
  const points = await stores.annotation.queryPointsOfQuestion(question.id);
  return (await answerKeyReader(stores, [question], new Map([[question.id, points]])))(question, points);
}

type Submission = z.output<typeof reviewSubmitSchema>;

export async function submitReview(project: Project, caller: Caller, submission: Submission): Promise<Review> {
  const store = project.stores.review;
  await checkedRole(project.stores, caller);
  const round = await requireRound(store, submission.round);
  if (round.closed) throw new ServiceError('conflict', `Round ${round.number} is closed.`);
  if (!(await store.isAssigned(round.id, submission.questionId, caller.person))) throw new ServiceError('forbidden', `${caller.person} is not assigned this item in round ${round.number}.`);
  if ((await store.reviewsOfQuestion(submission.questionId)).some((r) => r.reviewer === caller.person && r.round === round.number)) {
    throw new ServiceError('conflict', `You already submitted your review of this item in round ${round.number}.`);
  }
  const question = (await project.stores.annotation.question(submission.questionId))!;
  const points = await project.stores.annotation.queryPointsOfQuestion(submission.questionId);
  const problems = answerProblems(question, points, submission.answers, (await project.stores.videos.get(question.videoId))?.duration ?? null);
  if (submission.verdict !== 'accept' && !submission.reason) problems.push(`reason: say why you ${submission.verdict === 'reject' ? 'reject' : 'would revise'} it.`);
  if (problems.length > 0) throw new ServiceError('invalid-request', problems.join(' '));
  const now = new Date().toISOString();
  const review: Review = {
    id: randomUUID(),
    questionId: submission.questionId,
    reviewer: caller.person,
    round: round.number,
    answers: submission.answers,
    verdict: submission.verdict,
    reason: submission.reason ?? '',
    notes: submission.notes,
    secondsSpent: submission.secondsSpent,
    guidelineVersion: await store.currentGuideline(),
    against: (await isReviewPackage(project)) ? null : againstOf((await answerKeyReader(project.stores, [question], new Map([[question.id, points]])))(question, points)),
    createdAt: now,
    updatedAt: now,
  };
  await project.edit(caller.person, 'Submit review', async (w) => {
    await w.review.putReview(review);
    await afterReview(w, round, review.questionId);
  });
  return review;
}

/** The answer key a review is given against, as it records it: nothing when there is no answer at any point. */
export function againstOf(keys: AnswerKeyEntry[]): Review['against'] {
  return keys.some((k) => k.answer !== null) ? keys : null;
}

/** Inside the edit that adds a review: when the item's last assigned review agrees like all others, it joins the candidate pool. */
export async function afterReview(w: EditWrites, round: ReviewRound, questionId: string): Promise<void> {
  if (round.purpose !== 'review') return;
  // read through the edit's writes: the review just added is among the item's
  if ((await roundItemOf(w, round, questionId))?.state === 'agreed') await setStatus(w.annotation, questionId, 'accepted', round.number);
}
