// What a caller may see of a video's annotations. Every read of marks, questions and query points
// passes through here with the caller, so the rule that hides something is written once, here, and
// holds for every method that reads. The rule (review/blinding.ts): a reviewer is blind to a question
// they neither wrote nor reviewed, and anyone to an item assigned to them in an open round until they
// have reviewed it there — its answers, answer provenance, imported answer fields, the marks it owns
// (captions, counted occurrences), model-drafted marks and notes are kept from them.
import type { VideoAnnotations } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { ProjectStores } from '../db/stores';
import { blindnessOf, isBlindCaller, isBlindTo, marksVisible, redactQueryPoint, redactQuestion, type Blindness } from '../review/blinding';

/** What is stored, before the rule says what the caller may see of it. */
type StoredAnnotations = Omit<VideoAnnotations, 'withheld'>;

export async function visibleAnnotations(stores: ProjectStores, caller: Caller, annotations: StoredAnnotations): Promise<VideoAnnotations> {
  return redactFor(await blindnessOf(stores, caller), annotations);
}

/** The same rule with the caller's blindness read once (a long read applies it per video). */
export async function redactFor(blindness: Blindness | null, annotations: StoredAnnotations): Promise<VideoAnnotations> {
  if (!blindness) return { ...annotations, withheld: [] };
  // said, so the client shows "withheld" rather than an empty answer or the 0 that no marks count to
  const withheld = annotations.questions.filter((q) => isBlindTo(blindness, q.id)).map((q) => q.id);
  return {
    questions: annotations.questions.map((q) => (isBlindTo(blindness, q.id) ? redactQuestion(q) : q)),
    queryPoints: annotations.queryPoints.map((p) => (isBlindTo(blindness, p.questionId) ? redactQueryPoint(p) : p)),
    marks: withheld.length > 0 ? await marksVisible(annotations.marks, annotations.questions, blindness) : annotations.marks,
    withheld,
  };
}

/** The same rule for stored rows read whole (the lossless export, which blind callers may not make): decided once per read. */
export async function visibleRows(stores: ProjectStores, caller: Caller): Promise<(table: string, row: Record<string, unknown>) => boolean> {
  const blind = await isBlindCaller(stores, caller);
  return () => !blind;
}

export { blindnessOf } from '../review/blinding';
