// What removing a question takes with it, inside the edit that removes it (a question alone, or a
// whole video): its reviews and query points, children first so that undo restores them after it.
import type { EditTransaction } from '../db/edit-log';

export function removeQuestionWithChildren(tx: EditTransaction, id: string): void {
  tx.removeWhere('reviews', 'question_id', id);
  tx.removeWhere('query_points', 'question_id', id);
  tx.remove('questions', id);
}
