// What removing a question takes with it, inside the edit that removes it (a question alone, or a
// whole video): its reviews, review assignments, adjudications, query points and the model runs'
// responses to it, children first so
// that undo restores them after it.
import type { Caller } from '../../../shared/domain';
import type { EditTransaction } from '../db/edit-log';
import { ServiceError } from '../errors';

/**
 * A question someone reviewed carries the round's record (its reviews, decision, funnel): only a
 * lead removes it, so an author cannot make a disagreement disappear.
 */
export function checkRemovable(tx: EditTransaction, caller: Caller, questionId: string): void {
  if (caller.role === 'lead') return;
  const reviewed = tx.db.query('SELECT 1 FROM reviews WHERE question_id = ? UNION ALL SELECT 1 FROM review_assignments WHERE question_id = ? LIMIT 1').get(questionId, questionId);
  if (reviewed) throw new ServiceError('forbidden', 'This question is under review or was reviewed; only a lead can remove it (its reviews and decisions go with it).');
}

export function removeQuestionWithChildren(tx: EditTransaction, id: string): void {
  tx.removeWhere('adjudications', 'question_id', id);
  tx.removeWhere('review_assignments', 'question_id', id);
  tx.removeWhere('reviews', 'question_id', id);
  tx.removeWhere('query_points', 'question_id', id);
  tx.removeWhere('responses', 'question_id', id);
  tx.remove('questions', id);
}

/** Inside the edit that removes a video: each of its questions, checked and with its children. */
export async function removeQuestionsOfVideo(tx: EditTransaction, caller: Caller, videoId: string): Promise<void> {
  for (const { id } of tx.db.query<{ id: string }>('SELECT id FROM questions WHERE video_id = ?').all(videoId)) {
    checkRemovable(tx, caller, id);
    removeQuestionWithChildren(tx, id);
    await tx.pace();
  }
}
