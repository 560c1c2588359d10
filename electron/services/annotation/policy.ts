// What a caller may see of a video's annotations. Every read of marks, questions and query points
// passes through here with the caller, so the rule that hides something is written once, here, and
// holds for every method that reads. The rule: a reviewer is blind to a question (its answers,
// answer provenance, imported answer fields, answer-bearing marks and notes) until they have
// submitted their review of it; every other role sees everything.
import type { VideoAnnotations } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { ReadableDb } from '../db/readable';
import { answerBearingTargets, blindnessOf, isBlindTo, marksVisible, redactQueryPoint, redactQuestion, type Blindness } from '../review/blinding';

export function visibleAnnotations(db: ReadableDb, caller: Caller, annotations: VideoAnnotations): VideoAnnotations {
  return redactFor(blindnessOf(db, caller), annotations);
}

/** The same rule with the caller's blindness read once (a long read applies it per video). */
export function redactFor(blindness: Blindness | null, annotations: VideoAnnotations): VideoAnnotations {
  if (!blindness) return annotations;
  const blind = annotations.questions.filter((q) => isBlindTo(blindness, q.id));
  const hidden = answerBearingTargets(blind);
  return {
    questions: annotations.questions.map((q) => (isBlindTo(blindness, q.id) ? redactQuestion(q) : q)),
    queryPoints: annotations.queryPoints.map((p) => (isBlindTo(blindness, p.questionId) ? redactQueryPoint(p) : p)),
    marks: blind.length > 0 ? marksVisible(annotations.marks, hidden) : annotations.marks,
  };
}

/** The same rule for a stored row read whole (the lossless export, which blind reviewers may not make). */
export function visibleRow(caller: Caller, _table: string, _row: Record<string, unknown>): boolean {
  return caller.role !== 'reviewer';
}

export { blindnessOf, isBlindTo } from '../review/blinding';
