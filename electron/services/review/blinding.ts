// Blind review, enforced where data leaves the services: a caller acting as a reviewer sees no
// author's answer, answer provenance, imported answer fields, answer-bearing marks or notes of a
// question until they have submitted their own review of it (or wrote it themselves). Everything
// that reads annotations passes through annotation/policy.ts, which applies this.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { ReadableDb } from '../db/readable';

/** The questions a blind caller may see whole; every other question is redacted for them. */
export interface Blindness {
  person: string;
  seen: ReadonlySet<string>;
}

/** Null when the caller sees everything (every role but reviewer). */
export function blindnessOf(db: ReadableDb, caller: Caller): Blindness | null {
  if (caller.role !== 'reviewer') return null;
  const seen = new Set<string>();
  for (const { id } of db.query<{ id: string }>('SELECT id FROM questions WHERE created_by = ?').all(caller.person)) seen.add(id);
  for (const { id } of db.query<{ id: string }>('SELECT DISTINCT question_id AS id FROM reviews WHERE reviewer = ?').all(caller.person)) seen.add(id);
  return { person: caller.person, seen };
}

export const isBlindTo = (blindness: Blindness | null, questionId: string): boolean => blindness !== null && !blindness.seen.has(questionId);

/** A question without what gives its answer away: field provenance and the imported file's extra fields. */
export function redactQuestion(question: Question): Question {
  return { ...question, provenance: {}, origin: question.origin ? { format: question.origin.format, extra: {} } : null };
}

export function redactQueryPoint(point: QueryPoint): QueryPoint {
  return { ...point, answer: null };
}

/**
 * Marks that carry a blind question's answer: the occurrences a counting question's count derives
 * from (its target), and a dense-caption task's captions. Other marks are the video's, not an answer.
 */
export function answerBearingTargets(blindQuestions: readonly Question[]): { counted: Set<string>; captions: boolean } {
  const counted = new Set<string>();
  let captions = false;
  for (const q of blindQuestions) {
    if (q.counting) counted.add(q.counting.target);
    if (q.answerKind === 'text' && q.temporalType !== null && ['present', 'cumulative', 'future'].includes(q.temporalType)) captions = true;
  }
  return { counted, captions };
}

/** The marks of a video with a blind question: answer-bearing ones left out, annotators' notes removed. */
export function marksVisible(marks: readonly Mark[], hidden: { counted: Set<string>; captions: boolean }): Mark[] {
  return marks.filter((m) => !hidden.counted.has(m.target) && !(hidden.captions && m.type === 'caption')).map(withoutNote);
}

function withoutNote(mark: Mark): Mark {
  if (!('note' in mark.data)) return mark;
  const { note: _note, ...data } = mark.data;
  return { ...mark, data } as Mark;
}
