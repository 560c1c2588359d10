// Pure selectors of the annotation slice.
import type { Lint } from '../../../../shared/lints';
import { isOpenInterval, type Mark } from '../../../../shared/marks';
import { prefixEnd, type QueryPoint, type Question } from '../../../../shared/questions';
import { profileOf } from '../profiles/selectors';
import { callerRole } from '../review/selectors';
import type { State } from '../store';
import type { IntervalType } from './state';

// (these run on every store change — every wheel event of a zoom —: nothing selected costs no scan)
export const selectedQuestion = (s: State): Question | null => (s.selectedQuestionId === null ? null : (s.questions.find((q) => q.id === s.selectedQuestionId) ?? null));

export const selectedQueryPoint = (s: State): QueryPoint | null => (s.selectedQueryPointId === null ? null : (s.queryPoints.find((p) => p.id === s.selectedQueryPointId) ?? null));

export const selectedMark = (s: State): Mark | null => (s.selectedMarkId === null ? null : (s.marks.find((m) => m.id === s.selectedMarkId) ?? null));

/**
 * Why the caller may only read the selected question (null: they may edit it): a reviewer answers in
 * the review form, and a question whose answers are withheld from the caller is theirs to review blind.
 */
export const questionReadOnly = (s: State): string | null => {
  if (s.selectedQuestionId === null) return null;
  if (s.withheld.includes(s.selectedQuestionId)) return 'Read only: you review this question blind — your answers go in the review form (R).';
  if (callerRole(s) === 'reviewer') return 'Read only: reviewers answer in the review form (R); questions are edited by annotators and leads.';
  return null;
};

/** A question's query points in time order. */
export const pointsOf = (s: State, questionId: string): QueryPoint[] => s.queryPoints.filter((p) => p.questionId === questionId).sort((a, b) => a.time - b.time);

/** Dense captions belong to the selected VSAS-style task (the question); null when none is selected. */
export const captionTask = (s: State): string | null => {
  const question = selectedQuestion(s);
  return question && profileOf(s, question)?.rules.denseCaptions ? question.id : null;
};

/** What new marks count: the selected counting question's target, else the Target box. */
export const currentTarget = (s: State): string => selectedQuestion(s)?.counting?.target ?? s.markTarget;

/** The prefix a model sees for the selected query point: playback and filmstrip stop there. */
export const prefixLimit = (s: State): number | null => {
  const point = selectedQueryPoint(s);
  const question = selectedQuestion(s);
  if (!point || !question || !s.prefixOnly) return null;
  // a dense-caption task is prompted at t = 0 and answered every second: its whole video is in play
  if (profileOf(s, question)?.rules.denseCaptions) return null;
  return s.prefixUntil ?? prefixEnd(point, question);
};

/**
 * The selected question when it was just made and nothing about it has changed since — no text, no
 * edit to it or its query points (every edit replaces the stored object, so identity tells).
 */
export const untouchedNewQuestion = (s: State): Question | null => {
  const made = s.newQuestion;
  const question = selectedQuestion(s);
  if (!made || !question || question !== made.question || question.text.trim() !== '') return null;
  const points = s.queryPoints.filter((p) => p.questionId === question.id);
  return points.length === made.points.length && points.every((p) => made.points.includes(p)) ? question : null;
};

let openCache: { marks: readonly Mark[]; open: Mark[] } | null = null;

/** Intervals opened and not closed yet, by start; worked out once per marks array (it is read per frame). */
export const openMarks = (s: State): Mark[] => {
  if (openCache?.marks !== s.marks) openCache = { marks: s.marks, open: s.marks.filter(isOpenInterval) };
  return openCache.open;
};

/** The open interval a key closes or Esc cancels: the selected one if it is open, else the last opened. */
export const currentOpenMark = (s: State, type?: IntervalType): Mark | null => {
  const open = openMarks(s).filter((m) => !type || m.type === type);
  return open.find((m) => m.id === s.selectedMarkId) ?? open.at(-1) ?? null;
};

/** The lints that call a field empty: while it is being typed into, the text is not done yet. */
const EMPTY_FIELD_LINTS: ReadonlySet<string> = new Set(['empty-text', 'empty-option']);

/** Lints as the editor and the badges show them: all, but the field being typed into is not yet called empty. */
export function shownLints(lints: Lint[], s: Pick<State, 'typingIn' | 'selectedQuestionId'>): Lint[] {
  const typing = s.typingIn;
  // only the selected question's fields are on screen to be typed into
  if (!typing || typing.questionId !== s.selectedQuestionId) return lints;
  return lints.filter((l) => !(l.questionId === typing.questionId && l.field === typing.field && EMPTY_FIELD_LINTS.has(l.code)));
}
