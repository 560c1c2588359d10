// Adjudication: items whose reviews disagree with the author (an answer differs from the answer key,
// or a verdict is not accept) wait here. The adjudicator keeps the author's answers, keeps a
// reviewer's, edits them, or rejects the item, with a reason; the decision is an edit, and the
// question's status follows. Only an adjudicator or a lead adjudicates (shared/contract/review.ts).
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import type { Answer } from '../../../shared/questions';
import type { Adjudication, AdjudicationFields, AdjudicationItem } from '../../../shared/review/types';
import { agreesAt } from '../../../shared/review/funnel';
import { answerProblems } from '../../../shared/review/validate';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { requireRound, roundItemOf, roundItems, setStatus, type RoundItemView } from './rounds';
import type { ReviewStore } from './store';

/** Escalated items (undecided first), of one round or of every open round. */
export async function adjudicationQueue(project: Project, caller: Caller, round: number | null): Promise<AdjudicationItem[]> {
  const rounds = (await project.stores.review.rounds()).filter((r) => (round === null ? !r.closed : r.number === round));
  const items: AdjudicationItem[] = [];
  for (const r of rounds) {
    for (const item of await roundItems(project.stores, r)) {
      // an adjudicator assigned the item as a reviewer neither sees nor decides it here
      if (item.state === 'pending' || item.state === 'agreed' || item.reviewers.includes(caller.person)) continue;
      items.push(toQueueItem(r.number, item, r.numericTolerance));
    }
  }
  return items.sort((a, b) => Number(a.decision !== null) - Number(b.decision !== null));
}

function toQueueItem(round: number, item: RoundItemView, tolerance: number): AdjudicationItem {
  const { queryPoints } = item;
  // compared as escalation compares (shared/review/funnel.ts), with the key each review was given against
  const agreement = queryPoints.flatMap((p) => item.reviews.map((r) => ({ queryPointId: p.id, reviewId: r.id, agrees: agreesAt(r, item, p.id, tolerance) })));
  return { round, question: item.question, queryPoints, authorAnswers: [...item.authorAnswers], reviews: [...item.reviews], agreement, decision: item.decision };
}

type Decision = Omit<AdjudicationFields, 'guidelineVersion'> & { questionId: string };

export async function decide(project: Project, caller: Caller, request: Decision): Promise<Adjudication> {
  const store = project.stores.review;
  const round = await requireRound(store, request.round);
  const item = await roundItemOf(project.stores, round, request.questionId);
  if (!item) throw new ServiceError('not-found', `That question is not in round ${round.number}.`);
  if (item.state === 'pending') throw new ServiceError('conflict', 'Not every assigned review of this item is in yet.');
  if (item.state === 'agreed') throw new ServiceError('conflict', 'Every review agrees with the author: the item is in the candidate pool, not escalated.');
  if (item.decision) throw new ServiceError('conflict', `This item was decided already (${item.decision.decision}, by ${item.decision.adjudicator}); undo that decision to decide again.`);
  if (item.reviewers.includes(caller.person)) throw new ServiceError('forbidden', `You reviewed this item in round ${round.number}; another adjudicator decides it.`);
  if ((request.decision === 'reject' || request.decision === 'edit') && !request.reason)
    throw new ServiceError('invalid-request', `reason: say why you ${request.decision === 'reject' ? 'reject the item' : 'edit the answers'}.`);
  const points = item.queryPoints;
  const answers = await standingAnswers(
    store,
    request,
    item,
    points.map((p) => p.id),
  );
  // what stands must be a valid answer at every query point (an edit's, or the review kept)
  if (request.decision === 'edit' || request.decision === 'keep-reviewer') {
    const problems = answerProblems(item.question, points, answers, (await project.stores.videos.get(item.question.videoId))?.duration ?? null);
    if (problems.length > 0) throw new ServiceError('invalid-request', problems.join(' '));
  }
  const decision: Adjudication = {
    ...request,
    answers,
    guidelineVersion: await store.currentGuideline(),
    id: randomUUID(),
    adjudicator: caller.person,
    createdAt: new Date().toISOString(),
  };
  await project.edit(caller.person, `Adjudicate (${request.decision})`, async (w) => {
    await w.review.putAdjudication(decision);
    if (request.decision === 'keep-reviewer' || request.decision === 'edit') {
      const byPoint = new Map(answers.map((a) => [a.queryPointId, a.answer]));
      for (const p of points) if (byPoint.has(p.id)) await w.annotation.putQueryPoint({ ...p, answer: byPoint.get(p.id)! });
    }
    if (round.purpose === 'review') await setStatus(w.annotation, request.questionId, request.decision === 'reject' ? 'rejected' : 'accepted', round.number);
  });
  return decision;
}

/** The answers that stand after a decision (recorded with it, so the log says what was decided). */
async function standingAnswers(store: ReviewStore, request: Decision, item: RoundItemView, pointIds: string[]): Promise<Array<{ queryPointId: string; answer: Answer }>> {
  switch (request.decision) {
    case 'keep-author':
    case 'reject':
      return item.authorAnswers.map((a) => ({ queryPointId: a.queryPointId, answer: a.answer }));
    case 'keep-reviewer': {
      const review = request.reviewId ? await store.review(request.reviewId) : null;
      if (!review || !item.reviews.some((r) => r.id === review.id)) throw new ServiceError('invalid-request', "reviewId: name one of this item's reviews in this round to keep.");
      return review.answers.map((a) => ({ queryPointId: a.queryPointId, answer: a.answer }));
    }
    case 'edit': {
      for (const [i, a] of request.answers.entries()) {
        if (!pointIds.includes(a.queryPointId)) throw new ServiceError('invalid-request', `answers[${i}].queryPointId: ${a.queryPointId} is not a query point of this question.`);
      }
      if (request.answers.length === 0) throw new ServiceError('invalid-request', 'answers: an edit gives the answers that stand.');
      return request.answers;
    }
  }
}
