// Blind review, enforced where data leaves the services: a caller acting as a reviewer sees no
// author's answer, answer provenance, imported answer fields, answer-bearing marks or notes of a
// question until they have submitted their own review of it (or wrote it themselves); and anyone,
// whatever role they chose, is blind to an item assigned to them in an open round until they have
// reviewed it there. Everything that reads annotations passes through annotation/policy.ts.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { ReadableDb } from '../db/readable';

/** Which questions a caller is blind to; every such question is redacted for them. */
export interface Blindness {
  blindTo(questionId: string): boolean;
}

/** A reviewer blind to everything but what they wrote or reviewed (a review package's reviewer). */
export const blindExcept = (seen: ReadonlySet<string>): Blindness => ({ blindTo: (id) => !seen.has(id) });

/** Null when the caller sees everything. */
export function blindnessOf(db: ReadableDb, caller: Caller): Blindness | null {
  // assigned in an open round and not reviewed there yet: blind, whatever the role
  const pending = new Set(
    db
      .query<{ id: string }>(
        `SELECT a.question_id AS id FROM review_assignments a JOIN review_rounds r ON r.id = a.round_id
         WHERE a.reviewer = ? AND json_extract(r.fields, '$.closed') = 0
           AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.question_id = a.question_id AND v.reviewer = a.reviewer AND json_extract(v.fields, '$.round') = r.number)`,
      )
      .all(caller.person)
      .map((r) => r.id),
  );
  if (caller.role !== 'reviewer') return pending.size > 0 ? { blindTo: (id) => pending.has(id) } : null;
  const seen = new Set<string>();
  for (const { id } of db.query<{ id: string }>('SELECT id FROM questions WHERE created_by = ?').all(caller.person)) seen.add(id);
  for (const { id } of db.query<{ id: string }>('SELECT DISTINCT question_id AS id FROM reviews WHERE reviewer = ?').all(caller.person)) seen.add(id);
  return { blindTo: (id) => pending.has(id) || !seen.has(id) };
}

export const isBlindTo = (blindness: Blindness | null, questionId: string): boolean => blindness !== null && blindness.blindTo(questionId);

/** A question without what gives its answer away: field provenance and the imported file's extra fields. */
export function redactQuestion(question: Question): Question {
  // a model's checks give the answer away too (the probe's right answers, the cutoff check's reason)
  const { modelChecks: _checks, ...rest } = question;
  return { ...rest, provenance: {}, origin: question.origin ? { format: question.origin.format, extra: {} } : null };
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
