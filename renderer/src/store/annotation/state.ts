// Annotations of the selected video: marks, questions and query points, what is selected, and the
// settings new marks take. An interval opened and not closed yet is a stored mark whose end is null.
import type { Mark, MarkType } from '../../../../shared/marks';
import type { QueryPoint, Question } from '../../../../shared/questions';

/** The marks one key opens and another closes. */
export type IntervalType = Extract<MarkType, 'span' | 'cycle' | 'entity'>;

export interface AnnotationState {
  /** Marks of the selected video, sorted by start. */
  marks: Mark[];
  questions: Question[];
  queryPoints: QueryPoint[];
  /** Questions whose answers the services withhold from this caller (blind review): an empty answer or no marks there mean "not shown". */
  withheld: string[];
  selectedMarkId: string | null;
  selectedQuestionId: string | null;
  selectedQueryPointId: string | null;
  /** What new marks are about ("chairs"): counting questions count marks with their target. */
  markTarget: string;
  /** While a query point is selected, show only what the model sees (its prefix). */
  prefixOnly: boolean;
  /** What a model had seen when it answered (an early response chosen): the prefix-only view stops here instead. */
  prefixUntil: number | null;
  /** A question just made (N) as it was made: while nothing about it has changed, Esc takes it back. */
  newQuestion: { question: Question; points: QueryPoint[] } | null;
  /**
   * The question field being typed into (a lint's `field`: 'text', 'options.B') — or about to be: a
   * question just made, until its text is left. Its own "empty" lint waits until the field is left.
   */
  typingIn: { questionId: string; field: string } | null;
}

/** What a newly selected video starts with before its annotations load. */
export const noAnnotations = {
  marks: [] as Mark[],
  questions: [] as Question[],
  queryPoints: [] as QueryPoint[],
  withheld: [] as string[],
  selectedMarkId: null,
  selectedQuestionId: null,
  selectedQueryPointId: null,
  newQuestion: null,
  typingIn: null,
} satisfies Partial<AnnotationState>;

export const initialAnnotationState: AnnotationState = {
  ...noAnnotations,
  markTarget: '',
  prefixOnly: true,
  prefixUntil: null,
};
