// The review and decision forms as data: what a new one starts with, what a key types into an
// answer, and the request a finished one becomes (or what is still missing). Pure.
import type { ApiRequest } from '../../../../shared/api';
import type { AnswerKind } from '../../../../shared/profiles';
import { OPTION_LETTERS, optionLetters, type Answer, type QueryPoint, type Question } from '../../../../shared/questions';
import type { AdjudicationItem } from '../../../../shared/review/types';
import type { DecisionDraft, DraftAnswer, OpenReview, ReviewDraft } from './state';

export const emptyReviewDraft = (points: readonly Pick<QueryPoint, 'id'>[]): ReviewDraft => ({
  answers: Object.fromEntries(points.map((p) => [p.id, { answer: '', evidence: [] } satisfies DraftAnswer])),
  verdict: null,
  reason: null,
  notes: '',
});

export const emptyDecisionDraft = (): DecisionDraft => ({ decision: null, reviewId: null, answers: {}, reason: null, notes: '' });

/**
 * What a key types into a choice or yes/no answer: A–G (either case) or 1–7 pick an option the
 * question has; Y / N answer yes / no. Null for any other key.
 */
export function answerForKey(key: string, question: Pick<Question, 'answerKind' | 'options'>): string | null {
  if (question.answerKind === 'choice') {
    const letters = optionLetters(question);
    const digit = /^[1-7]$/.test(key) ? OPTION_LETTERS[Number(key) - 1] : undefined;
    const letter = digit ?? key.toUpperCase();
    return (letters as readonly string[]).includes(letter) ? letter : null;
  }
  if (question.answerKind === 'yesno') {
    if (/^y$/i.test(key)) return 'yes';
    if (/^n$/i.test(key)) return 'no';
  }
  return null;
}

/** A typed answer as the contract stores it: numbers as numbers; an empty field is no answer. */
export function parseAnswer(text: string, kind: AnswerKind): { ok: true; answer: Answer } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, answer: null };
  if (kind === 'number') {
    const value = Number(trimmed.replace(',', '.'));
    return Number.isFinite(value) ? { ok: true, answer: value } : { ok: false, error: `“${trimmed}” is not a number` };
  }
  return { ok: true, answer: kind === 'choice' ? trimmed.toUpperCase() : trimmed };
}

/** Whole seconds from opening an item to submitting it (never negative). */
export const secondsSpent = (openedAt: number, now: number): number => Math.max(0, Math.round((now - openedAt) / 1000));

export type Submission<T> = { ok: true; request: T } | { ok: false; error: string };

const at = (point: Pick<QueryPoint, 'time'>): string => `${point.time.toFixed(2)} s`;

/** The review a finished form sends; every query point needs an answer, and a revise or reject its reason. */
export function reviewSubmission(
  draft: ReviewDraft,
  open: OpenReview,
  question: Pick<Question, 'id' | 'answerKind'>,
  points: readonly Pick<QueryPoint, 'id' | 'time'>[],
  now: number,
): Submission<ApiRequest<'reviews.submit'>> {
  const answers: ApiRequest<'reviews.submit'>['answers'] = [];
  for (const point of points) {
    const typed = draft.answers[point.id] ?? { answer: '', evidence: [] };
    const parsed = parseAnswer(typed.answer, question.answerKind);
    if (!parsed.ok) return { ok: false, error: `At ${at(point)}: ${parsed.error}.` };
    if (parsed.answer === null) return { ok: false, error: `Give your answer at ${at(point)}.` };
    answers.push({ queryPointId: point.id, answer: parsed.answer, ...(typed.evidence.length > 0 ? { evidence: typed.evidence } : {}) });
  }
  if (!draft.verdict) return { ok: false, error: 'Choose a verdict: accept, revise or reject.' };
  if (draft.verdict !== 'accept' && !draft.reason) return { ok: false, error: `Say why (a reason) you ${draft.verdict === 'revise' ? 'would revise' : 'reject'} it.` };
  return {
    ok: true,
    request: {
      questionId: question.id,
      round: open.round,
      answers,
      verdict: draft.verdict,
      reason: draft.reason,
      notes: draft.notes,
      secondsSpent: secondsSpent(open.openedAt, now),
    },
  };
}

/** The decision a finished adjudication form sends. */
export function decisionSubmission(draft: DecisionDraft, item: Pick<AdjudicationItem, 'round' | 'question' | 'queryPoints' | 'reviews'>): Submission<ApiRequest<'adjudication.decide'>> {
  if (!draft.decision) return { ok: false, error: 'Choose a decision: keep the author’s answer, keep a reviewer’s, edit or reject.' };
  const base = { questionId: item.question.id, round: item.round, decision: draft.decision, reason: draft.reason ?? '', notes: draft.notes };
  switch (draft.decision) {
    case 'keep-reviewer': {
      const review = item.reviews.find((r) => r.id === draft.reviewId);
      if (!review) return { ok: false, error: 'Choose whose review to keep.' };
      return { ok: true, request: { ...base, reviewId: review.id, answers: review.answers.map((a) => ({ queryPointId: a.queryPointId, answer: a.answer })) } };
    }
    case 'edit': {
      const answers: ApiRequest<'adjudication.decide'>['answers'] = [];
      for (const point of [...item.queryPoints].sort((a, b) => a.time - b.time)) {
        const parsed = parseAnswer(draft.answers[point.id] ?? '', item.question.answerKind);
        if (!parsed.ok) return { ok: false, error: `At ${at(point)}: ${parsed.error}.` };
        if (parsed.answer === null) return { ok: false, error: `Give the answer that stands at ${at(point)}.` };
        answers.push({ queryPointId: point.id, answer: parsed.answer });
      }
      return { ok: true, request: { ...base, answers } };
    }
    case 'reject':
      if (!draft.reason) return { ok: false, error: 'Say why the item is rejected (a reason).' };
      return { ok: true, request: base };
    case 'keep-author':
      return { ok: true, request: base };
  }
}

/** An answer as a person reads it. */
export function answerText(answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return '—';
  return typeof answer === 'string' ? answer : JSON.stringify(answer);
}
