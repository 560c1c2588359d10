// Annotations of the selected video: marks, questions and query points, what is selected, and the
// settings new marks take.
import type { Mark, MarkType } from '../../../../shared/marks';
import type { QueryPoint, Question } from '../../../../shared/questions';

export type IntervalType = Extract<MarkType, 'span' | 'cycle' | 'entity'>;

export interface AnnotationState {
  /** Marks of the selected video, sorted by start. */
  marks: Mark[];
  questions: Question[];
  queryPoints: QueryPoint[];
  selectedMarkId: string | null;
  selectedQuestionId: string | null;
  selectedQueryPointId: string | null;
  /** What new marks are about ("chairs"): counting questions count marks with their target. */
  markTarget: string;
  /** An interval opened by a first key press, waiting for the second. */
  pendingInterval: { type: IntervalType; start: number } | null;
  /** While a query point is selected, show only what the model sees (its prefix). */
  prefixOnly: boolean;
  /** A question just made (N) as it was made: while nothing about it has changed, Esc takes it back. */
  newQuestion: { question: Question; points: QueryPoint[] } | null;
}

/** What a newly selected video starts with before its annotations load. */
export const noAnnotations = {
  marks: [] as Mark[],
  questions: [] as Question[],
  queryPoints: [] as QueryPoint[],
  selectedMarkId: null,
  selectedQuestionId: null,
  selectedQueryPointId: null,
  pendingInterval: null,
  newQuestion: null,
} satisfies Partial<AnnotationState>;

export const initialAnnotationState: AnnotationState = {
  ...noAnnotations,
  markTarget: '',
  prefixOnly: true,
};
