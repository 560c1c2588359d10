// The answer key of a query point: the one answer that readiness, the benchmark export and review
// (a reviewer's comparison, escalation, adjudication, the agreement report) all hold answers against.
//
// DESIGN: "the answer key is what the benchmark says". A stored answer is the key as it stands: an
// imported file's count, an author's answer, an adjudicator's decision. A counting question made in
// Tidemark stores no count — its author marks the occurrences, and its query points' answers stay
// null ("derived from marks", questions.ts) — so where nothing is stored its key is the count its
// marks give by the paper's rule (counting.ts), said to come from the marks. Readiness has always
// read counting points this way (a stored count first, else the derived one); the rest follow it.
import { deriveCount, marksFor } from './counting';
import type { MarkInput } from './marks';
import type { Answer, QueryPoint, Question } from './questions';

interface AnswerKey {
  answer: Answer;
  /** True when nothing is stored and the answer is the count the marks give. */
  fromMarks: boolean;
}

/** One query point's key as a review records it (`against`): `fromMarks` only where it is so. */
export interface AnswerKeyEntry {
  queryPointId: string;
  answer: Answer;
  fromMarks?: true;
}

/** An answer is stored when there is one: null and blank text are none. */
export const isStoredAnswer = (answer: Answer): boolean => answer !== null && !(typeof answer === 'string' && answer.trim() === '');

/** The key of one query point; `marks` are the video's (only a counting question's target counts). */
export function answerKey(question: Pick<Question, 'counting'>, point: Pick<QueryPoint, 'answer' | 'time' | 'windowStart'>, marks: readonly MarkInput[]): AnswerKey {
  if (isStoredAnswer(point.answer) || !question.counting) return { answer: point.answer, fromMarks: false };
  return { answer: deriveCount(marks, question.counting, point), fromMarks: true };
}

/** A question's key at each of its query points. */
export function answerKeysOf(question: Pick<Question, 'counting'>, points: readonly QueryPoint[], marks: readonly MarkInput[]): AnswerKeyEntry[] {
  return points.map((p) => {
    const key = answerKey(question, p, marks);
    return key.fromMarks ? { queryPointId: p.id, answer: key.answer, fromMarks: true } : { queryPointId: p.id, answer: key.answer };
  });
}

/** Does a question need its marks to give its key (a counting point with nothing stored)? Saves reading them otherwise. */
export const keyNeedsMarks = (question: Pick<Question, 'counting'>, points: readonly Pick<QueryPoint, 'answer'>[]): boolean =>
  question.counting !== null && points.some((p) => !isStoredAnswer(p.answer));

/**
 * Where a stored count and its marks disagree ("the marks say 3, the answer says 4"): the lint, never
 * a replacement. Null unless a count is stored and the question's target has marks its rule counts (a
 * window question imported without marks has nothing to say).
 */
export function countDisagreement(
  question: Pick<Question, 'counting'>,
  point: Pick<QueryPoint, 'answer' | 'time' | 'windowStart'>,
  marks: readonly MarkInput[],
): { stored: number; derived: number } | null {
  const counting = question.counting;
  if (!counting || !isStoredAnswer(point.answer)) return null;
  const counted = marksFor(counting.subcategory);
  if (!marks.some((m) => m.target === counting.target && counted.includes(m.type))) return null;
  const stored = Number(point.answer);
  const derived = deriveCount(marks, counting, point);
  return stored === derived ? null : { stored, derived };
}
