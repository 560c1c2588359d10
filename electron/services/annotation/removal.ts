// What removing a question takes with it, inside the edit that removes it (a question alone, or a
// whole video): its reviews, review assignments, adjudications and query points, children first so
// that undo restores them after it.
import type { EditTransaction } from '../db/edit-log';

export function removeQuestionWithChildren(tx: EditTransaction, id: string): void {
  tx.removeWhere('adjudications', 'question_id', id);
  tx.removeWhere('review_assignments', 'question_id', id);
  tx.removeWhere('reviews', 'question_id', id);
  tx.removeWhere('query_points', 'question_id', id);
  tx.remove('questions', id);
}
