// The answer keys of the questions review reads (shared/answer-key.ts), from the project: a video's
// marks are read once, and only when a counting point with nothing stored needs them. They are read
// before the keys are (the round's views then build each item's key without waiting).
import { answerKeysOf, keyNeedsMarks, type AnswerKeyEntry } from '../../../shared/answer-key';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { ProjectStores } from '../db/stores';

export type KeysOf = (question: Question, points: readonly QueryPoint[]) => AnswerKeyEntry[];

/**
 * The keys of these questions (with their points by question id): the marks the keys need are read
 * first into `marks` (a caller that reads marks for other reasons passes its own, and finds them
 * there afterwards). Asking for the key of a question not given here is a mistake, and throws.
 */
export async function answerKeyReader(
  stores: ProjectStores,
  questions: readonly Question[],
  pointsOf: ReadonlyMap<string, readonly QueryPoint[]>,
  marks: Map<string, Mark[]> = new Map(),
): Promise<KeysOf> {
  for (const q of questions) {
    if (!marks.has(q.videoId) && keyNeedsMarks(q, pointsOf.get(q.id) ?? [])) marks.set(q.videoId, await stores.annotation.marksOfVideo(q.videoId));
  }
  return (question, points) => {
    if (!keyNeedsMarks(question, points)) return answerKeysOf(question, points, []);
    const ofVideo = marks.get(question.videoId);
    if (!ofVideo) throw new Error(`The answer key of question ${question.id} needs the marks of video ${question.videoId}, which were not read.`);
    return answerKeysOf(question, points, ofVideo);
  };
}
