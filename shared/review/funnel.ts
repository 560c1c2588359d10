// Where each item of a round stands, and the round's funnel (OVO-S: reviewed → agreed into the
// candidate pool, or escalated to adjudication → accepted / revised / rejected).
import type { AnswerKind } from '../profiles';
import type { Answer } from '../questions';
import type { Review } from '../reviews';
import { answersAgree } from './compare';
import type { Adjudication, Funnel, ItemState } from './types';

export interface RoundItem {
  assigned: number;
  /** This round's reviews of the item by its assigned reviewers. */
  reviews: readonly Review[];
  /** The latest decision of this round, if any. */
  decision: Adjudication | null;
  answerKind: AnswerKind;
  /** The author's answer at each query point. */
  authorAnswers: ReadonlyArray<{ queryPointId: string; answer: Answer }>;
}

/** Does this review agree with the author: its verdict accepts, and its answer at every query point matches the answer it reviewed. */
export function reviewAgrees(review: Review, item: Pick<RoundItem, 'answerKind' | 'authorAnswers'>, tolerance: number): boolean {
  if (review.verdict !== 'accept') return false;
  return (review.against ?? item.authorAnswers).every((a) => {
    const theirs = review.answers.find((r) => r.queryPointId === a.queryPointId);
    return theirs !== undefined && answersAgree(a.answer, theirs.answer, item.answerKind, tolerance);
  });
}

/** The author's answers as reviewed: what the first review recorded (older reviews recorded nothing: then what stands now). */
export function reviewedAnswers(reviews: readonly Review[], current: ReadonlyArray<{ queryPointId: string; answer: Answer }>): Array<{ queryPointId: string; answer: Answer }> {
  return [...(reviews.find((r) => r.against !== null)?.against ?? current)];
}

export function itemState(item: RoundItem, tolerance: number): ItemState {
  if (item.decision) return item.decision.decision === 'keep-author' ? 'accepted' : item.decision.decision === 'reject' ? 'rejected' : 'revised';
  if (item.reviews.length < item.assigned) return 'pending';
  return item.reviews.every((r) => reviewAgrees(r, item, tolerance)) ? 'agreed' : 'escalated';
}

/** Decisions are made on escalated items only, so every decided item counts as escalated too. */
export function funnelOf(states: readonly ItemState[]): Funnel {
  const count = (s: ItemState) => states.filter((x) => x === s).length;
  const agreed = count('agreed');
  return {
    items: states.length,
    reviewed: states.length - count('pending'),
    agreed,
    escalated: count('escalated') + count('accepted') + count('revised') + count('rejected'),
    accepted: agreed + count('accepted'),
    revised: count('revised'),
    rejected: count('rejected'),
    awaitingDecision: count('escalated'),
  };
}
