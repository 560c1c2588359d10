// Blind review, enforced where data leaves the services: a caller acting as a reviewer sees no
// author's answer, answer provenance, imported answer fields, answer-bearing marks, captions,
// model-drafted marks or notes of a question until they have submitted their own review of it (or
// wrote it themselves); and anyone, whatever role they chose, is blind to an item assigned to them in
// an open round until they have reviewed it there. Everything that reads annotations passes through
// annotation/policy.ts; what a blind caller may call at all is decided in policy.ts.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { ReadableDb } from '../db/readable';
import { syncDraftedMarksOfVideo } from '../db/sqlite/drafting';

/** Which questions a caller is blind to; every such question is redacted for them. */
export interface Blindness {
  blindTo(questionId: string): boolean;
  /** The marks of a video that a model drafted (decided or not): model output, like the drafts themselves. */
  draftedMarks(videoId: string): ReadonlySet<string>;
}

/** Drafted marks read once per video from the project the blindness was decided in. */
function draftedMarksOf(db: ReadableDb): (videoId: string) => ReadonlySet<string> {
  const byVideo = new Map<string, ReadonlySet<string>>();
  return (videoId) => {
    let ids = byVideo.get(videoId);
    if (!ids) {
      ids = syncDraftedMarksOfVideo(db, videoId);
      byVideo.set(videoId, ids);
    }
    return ids;
  };
}

/** A reviewer blind to everything but what they wrote or reviewed (a review package's reviewer). */
export const blindExcept = (db: ReadableDb, seen: ReadonlySet<string>): Blindness => ({ blindTo: (id) => !seen.has(id), draftedMarks: draftedMarksOf(db) });

/** The items a person has in open rounds and has not reviewed there yet: blind to them whatever role they pick. */
export function pendingItems(db: ReadableDb, person: string): Set<string> {
  return new Set(
    db
      .query<{ id: string }>(
        `SELECT a.question_id AS id FROM review_assignments a JOIN review_rounds r ON r.id = a.round_id
         WHERE a.reviewer = ? AND json_extract(r.fields, '$.closed') = 0
           AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.question_id = a.question_id AND v.reviewer = a.reviewer AND json_extract(v.fields, '$.round') = r.number)`,
      )
      .all(person)
      .map((r) => r.id),
  );
}

/**
 * Whether the caller is blind to anything: working as a reviewer, or — whatever role they picked —
 * holding items in an open round. The one test behind every refusal and every redaction that does
 * not look at a particular question (no project open: only the role can say).
 */
export function isBlindCaller(db: ReadableDb | null, caller: Caller): boolean {
  return caller.role === 'reviewer' || (db !== null && pendingItems(db, caller.person).size > 0);
}

/** Null when the caller sees everything. */
export function blindnessOf(db: ReadableDb, caller: Caller): Blindness | null {
  // assigned in an open round and not reviewed there yet: blind, whatever the role
  const pending = pendingItems(db, caller.person);
  if (caller.role !== 'reviewer') return pending.size > 0 ? { blindTo: (id) => pending.has(id), draftedMarks: draftedMarksOf(db) } : null;
  const seen = new Set<string>();
  for (const { id } of db.query<{ id: string }>('SELECT id FROM questions WHERE created_by = ?').all(caller.person)) seen.add(id);
  for (const { id } of db.query<{ id: string }>('SELECT DISTINCT question_id AS id FROM reviews WHERE reviewer = ?').all(caller.person)) seen.add(id);
  return { blindTo: (id) => pending.has(id) || !seen.has(id), draftedMarks: draftedMarksOf(db) };
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
 * Which marks belong to which questions: a mark whose target is a question's id is that question's
 * (a dense-caption task's captions — whatever the task's temporal type, which the N key leaves
 * unset), and a counting question owns the occurrences of what it counts.
 */
function ownersOf(questions: readonly Question[]): Set<string> {
  const owners = new Set<string>();
  for (const q of questions) {
    owners.add(q.id);
    if (q.counting) owners.add(q.counting.target);
  }
  return owners;
}

/**
 * The marks of a video with a question the caller is blind to. Left out: every mark of a blind
 * question (its captions, the occurrences it counts); every caption and every mark a model drafted
 * unless it belongs to a question the caller sees (a caption is some task's answer, a drafted mark a
 * model's; neither is the video's own). Annotators' notes are removed from what remains.
 */
export function marksVisible(marks: readonly Mark[], questions: readonly Question[], blindness: Blindness): Mark[] {
  const blind = ownersOf(questions.filter((q) => blindness.blindTo(q.id)));
  const seen = ownersOf(questions.filter((q) => !blindness.blindTo(q.id)));
  const drafted = (m: Mark): boolean => blindness.draftedMarks(m.videoId).has(m.id);
  return marks.filter((m) => !blind.has(m.target) && ((m.type !== 'caption' && !drafted(m)) || seen.has(m.target))).map(withoutNote);
}

function withoutNote(mark: Mark): Mark {
  if (!('note' in mark.data)) return mark;
  const { note: _note, ...data } = mark.data;
  return { ...mark, data } as Mark;
}
