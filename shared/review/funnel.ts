// Where each item of a round stands, and the round's funnel (OVO-S: reviewed → agreed into the
// candidate pool, or escalated to adjudication → accepted / revised / rejected).
import type { AnswerKeyEntry } from '../answer-key';
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
  /** The answer key at each query point (shared/answer-key.ts): what the author's answers are held to be. */
  authorAnswers: readonly AnswerKeyEntry[];
}

/** The keys a review is compared with: what it recorded it was given against, else (older reviews recorded nothing) the item's. */
const keysOf = (review: Review, item: Pick<RoundItem, 'authorAnswers'>): readonly AnswerKeyEntry[] => review.against ?? item.authorAnswers;

/** Does a review's answer at one query point agree with the key it was given against? Escalation and the adjudication queue both ask this. */
export function agreesAt(review: Review, item: Pick<RoundItem, 'answerKind' | 'authorAnswers'>, queryPointId: string, tolerance: number): boolean {
  const theirs = review.answers.find((r) => r.queryPointId === queryPointId);
  const key: Answer = keysOf(review, item).find((a) => a.queryPointId === queryPointId)?.answer ?? null;
  return theirs !== undefined && answersAgree(key, theirs.answer, item.answerKind, tolerance);
}

/** Does this review agree with the author: its verdict accepts, and its answer at every query point matches the key it reviewed. */
function reviewAgrees(review: Review, item: Pick<RoundItem, 'answerKind' | 'authorAnswers'>, tolerance: number): boolean {
  if (review.verdict !== 'accept') return false;
  return keysOf(review, item).every((a) => agreesAt(review, item, a.queryPointId, tolerance));
}

/** The keys as reviewed: what the first review recorded (older reviews recorded nothing: then the key as it stands now, read only then). */
export function reviewedAnswers(reviews: readonly Review[], current: () => readonly AnswerKeyEntry[]): AnswerKeyEntry[] {
  return [...(reviews.find((r) => r.against !== null)?.against ?? current())];
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
