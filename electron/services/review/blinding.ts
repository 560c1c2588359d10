// Blind review, enforced where data leaves the services: a caller acting as a reviewer sees no
// author's answer, answer provenance, imported answer fields, answer-bearing marks, captions,
// model-drafted marks or notes of a question until they have submitted their own review of it (or
// wrote it themselves); and anyone, whatever role they chose, is blind to an item assigned to them in
// an open round until they have reviewed it there. Everything that reads annotations passes through
// annotation/policy.ts; what a blind caller may call at all is decided in policy.ts.
import type { Caller } from '../../../shared/domain';
import type { Mark } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { ProjectStores } from '../db/stores';

/** Which questions a caller is blind to; every such question is redacted for them. */
export interface Blindness {
  blindTo(questionId: string): boolean;
  /** The marks of a video that a model drafted (decided or not): model output, like the drafts themselves. */
  draftedMarks(videoId: string): Promise<ReadonlySet<string>>;
}

/** Drafted marks read once per video from the project the blindness was decided in. */
function draftedMarksOf(stores: ProjectStores): (videoId: string) => Promise<ReadonlySet<string>> {
  const byVideo = new Map<string, Promise<ReadonlySet<string>>>();
  return (videoId) => {
    let ids = byVideo.get(videoId);
    if (!ids) {
      ids = stores.drafting.draftedMarksOfVideo(videoId);
      byVideo.set(videoId, ids);
    }
    return ids;
  };
}

/** A reviewer blind to everything but what they wrote or reviewed (a review package's reviewer). */
export const blindExcept = (stores: ProjectStores, seen: ReadonlySet<string>): Blindness => ({ blindTo: (id) => !seen.has(id), draftedMarks: draftedMarksOf(stores) });

/**
 * Whether the caller is blind to anything: working as a reviewer, or — whatever role they picked —
 * holding items in an open round. The one test behind every refusal and every redaction that does
 * not look at a particular question (no project open: only the role can say).
 */
export async function isBlindCaller(stores: ProjectStores | null, caller: Caller): Promise<boolean> {
  return caller.role === 'reviewer' || (stores !== null && (await stores.review.pendingItems(caller.person)).size > 0);
}

/** Null when the caller sees everything. */
export async function blindnessOf(stores: ProjectStores, caller: Caller): Promise<Blindness | null> {
  // assigned in an open round and not reviewed there yet: blind, whatever the role
  const pending = await stores.review.pendingItems(caller.person);
  if (caller.role !== 'reviewer') return pending.size > 0 ? { blindTo: (id) => pending.has(id), draftedMarks: draftedMarksOf(stores) } : null;
  const seen = new Set(await stores.annotation.questionsWrittenBy(caller.person));
  for (const id of await stores.review.questionsReviewedBy(caller.person)) seen.add(id);
  return { blindTo: (id) => pending.has(id) || !seen.has(id), draftedMarks: draftedMarksOf(stores) };
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
export async function marksVisible(marks: readonly Mark[], questions: readonly Question[], blindness: Blindness): Promise<Mark[]> {
  const blind = ownersOf(questions.filter((q) => blindness.blindTo(q.id)));
  const seen = ownersOf(questions.filter((q) => !blindness.blindTo(q.id)));
  const draftedOf = new Map<string, ReadonlySet<string>>();
  for (const videoId of new Set(marks.map((m) => m.videoId))) draftedOf.set(videoId, await blindness.draftedMarks(videoId));
  const drafted = (m: Mark): boolean => draftedOf.get(m.videoId)!.has(m.id);
  return marks.filter((m) => !blind.has(m.target) && ((m.type !== 'caption' && !drafted(m)) || seen.has(m.target))).map(withoutNote);
}

function withoutNote(mark: Mark): Mark {
  if (!('note' in mark.data)) return mark;
  const { note: _note, ...data } = mark.data;
  return { ...mark, data } as Mark;
}
