// The answer keys of the questions review reads (shared/answer-key.ts), from the project: a video's
// marks are read once, and only when a counting point with nothing stored needs them. Synchronous (the
// round's views read keys as they build each item), so through the synchronous annotation reader.
import { answerKeysOf, keyNeedsMarks, type AnswerKeyEntry } from '../../../shared/answer-key';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { syncAnnotationReader } from '../db/sqlite/annotation';
import type { ReadableDb } from '../db/readable';

export type KeysOf = (question: Question, points: readonly QueryPoint[]) => AnswerKeyEntry[];

/** Keys read through `marksOf` (a caller that reads marks for other reasons passes its own cache). */
export function answerKeyReader(db: ReadableDb, marksOf: (videoId: string) => Mark[] = cachedMarks(db)): KeysOf {
  return (question, points) => answerKeysOf(question, points, keyNeedsMarks(question, points) ? marksOf(question.videoId) : []);
}

function cachedMarks(db: ReadableDb): (videoId: string) => Mark[] {
  const cache = new Map<string, Mark[]>();
  const annotation = syncAnnotationReader(db);
  return (videoId) => {
    let marks = cache.get(videoId);
    if (!marks) cache.set(videoId, (marks = annotation.marksOfVideo(videoId)));
    return marks;
  };
}
