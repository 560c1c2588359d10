// What removing a question takes with it, inside the edit that removes it (a question alone, or a
// whole video): its reviews, review assignments, adjudications, query points and the model runs'
// responses to it (AnnotationWrites.removeQuestion), children first so that undo restores them after it.
import type { Caller } from '../../../shared/domain';
import { ServiceError } from '../errors';
import type { AnnotationWrites } from './store';

/**
 * A question someone reviewed carries the round's record (its reviews, decision, funnel): only a
 * lead removes it, so an author cannot make a disagreement disappear.
 */
export async function checkRemovable(w: AnnotationWrites, caller: Caller, questionId: string): Promise<void> {
  if (caller.role === 'lead') return;
  if (await w.reviewed(questionId)) throw new ServiceError('forbidden', 'This question is under review or was reviewed; only a lead can remove it (its reviews and decisions go with it).');
}

/** A question, checked, with what hangs on it. */
export async function removeQuestionChecked(w: AnnotationWrites, caller: Caller, questionId: string): Promise<void> {
  await checkRemovable(w, caller, questionId);
  await w.removeQuestion(questionId);
}

/** Inside the edit that removes a video: each of its questions, checked and with its children, then its marks. */
export async function removeAnnotationsOfVideo(w: AnnotationWrites, caller: Caller, videoId: string, pacer: { pace(): Promise<void> }): Promise<void> {
  for (const { id } of await w.questionsOfVideo(videoId)) {
    await removeQuestionChecked(w, caller, id);
    await pacer.pace();
  }
  await w.removeMarksOfVideo(videoId);
}
