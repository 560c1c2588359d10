// Questions and their query points: creating, editing (typed patches of their stored fields),
// deleting; setting query times, evidence, proactive time and window at the playhead.
import type { ApiRequest } from '../../../../shared/api';
import type { QueryPoint, Question } from '../../../../shared/questions';
import { call } from '../../api/client';
import { guarded } from '../guarded';
import { playheadSnapped } from '../player/selectors';
import { getState, setState } from '../store';
import { flash, reloadAnnotations } from './actions';
import { selectedQueryPoint, selectedQuestion, untouchedNewQuestion } from './selectors';

type NewQuestionFields = ApiRequest<'questions.create'>['fields'];
/** The fields a question edit may change; each is checked by the service's schema. */
export type QuestionPatch = ApiRequest<'questions.update'>['fields'];
type QueryPointPatch = ApiRequest<'queryPoints.update'>['fields'];

/** A stored object with a patch applied: only the fields the patch names. */
function patched<T extends object>(item: T, patch: object): T {
  const next = { ...item };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) Object.assign(next, { [key]: value });
  return next;
}

export async function createQuestion(fields: NewQuestionFields, atPlayhead = true): Promise<Question | undefined> {
  const s = getState();
  const videoId = s.selectedVideoId;
  if (!videoId) return undefined;
  // a dense-caption task (VSAS) is prompted once, at t = 0; other questions are asked at the playhead
  const rules = s.profiles.find((p) => p.id === fields.profileId)?.rules;
  const queryPoints = rules?.denseCaptions ? [{ time: 0 }] : atPlayhead ? [{ time: playheadSnapped(s) }] : [];
  const answerKind = fields.answerKind ?? rules?.answerKinds[0];
  const created = await guarded(() => call('questions.create', { videoId, fields: { ...fields, ...(answerKind ? { answerKind } : {}) }, queryPoints }));
  if (!created) return undefined;
  setState((st) => ({
    questions: [...st.questions, created.question],
    queryPoints: [...st.queryPoints, ...created.queryPoints],
    selectedQuestionId: created.question.id,
    selectedQueryPointId: created.queryPoints[0]?.id ?? null,
    selectedMarkId: null,
    sidePanel: 'questions',
    newQuestion: { question: created.question, points: created.queryPoints },
    // its text is about to be typed: not called empty before it is left
    typingIn: { questionId: created.question.id, field: 'text' },
  }));
  return created.question;
}

/** The latest edit of each question or query point, so an older answer never undoes a newer edit. */
const latestEdit = new Map<string, number>();
let edits = 0;

/**
 * Controlled inputs (a select stepped with the arrow keys) must see their new value at once, or a
 * second key press would start from the old one: the edit is shown immediately, then replaced by
 * what the service stored — or, if it refused, the video's annotations are reloaded. Writes reach the
 * service in order, so while a later edit of the same item is on its way, its answer is the one to
 * show (applying this one would briefly take that edit back: an option just added would vanish).
 */
async function optimistic<T>(id: string, show: () => void, save: () => Promise<T>, apply: (saved: T) => void): Promise<void> {
  const edit = ++edits;
  latestEdit.set(id, edit);
  show();
  const saved = await guarded(save);
  const latest = latestEdit.get(id) === edit;
  if (latest) latestEdit.delete(id);
  if (saved === undefined) await reloadAnnotations();
  else if (latest) apply(saved);
}

export async function updateQuestion(id: string, fields: QuestionPatch): Promise<void> {
  // what the person changes from, as shown: another person's change of the same field since is a conflict, not overwritten
  const shownBefore = getState().questions.find((q) => q.id === id);
  const expected = shownBefore ? (Object.fromEntries(Object.keys(fields).map((key) => [key, shownBefore[key as keyof typeof shownBefore]])) as QuestionPatch) : undefined;
  await optimistic(
    id,
    () => setState((s) => ({ questions: s.questions.map((q) => (q.id === id ? patched(q, fields) : q)) })),
    () => call('questions.update', { id, fields, ...(expected ? { expected } : {}) }),
    (updated) => setState((s) => ({ questions: s.questions.map((q) => (q.id === id ? updated : q)) })),
  );
}

export async function removeQuestion(id: string, message = 'Question deleted (Ctrl+Z brings it back)'): Promise<void> {
  if ((await guarded(() => call('questions.remove', { id }))) === undefined) return;
  setState((s) => ({
    questions: s.questions.filter((q) => q.id !== id),
    queryPoints: s.queryPoints.filter((p) => p.questionId !== id),
    selectedQuestionId: s.selectedQuestionId === id ? null : s.selectedQuestionId,
    selectedQueryPointId: null,
    newQuestion: s.newQuestion?.question.id === id ? null : s.newQuestion,
  }));
  flash(message);
}

/** Esc on a question just made and left untouched takes it back (an edit like any other: undoable). */
export function discardUntouchedQuestion(): boolean {
  const question = untouchedNewQuestion(getState());
  if (!question) return false;
  setState({ newQuestion: null });
  void removeQuestion(question.id, 'Empty question removed (Ctrl+Z brings it back)');
  return true;
}

export async function updateQueryPoint(id: string, fields: QueryPointPatch): Promise<void> {
  await optimistic(
    id,
    () => setState((s) => ({ queryPoints: s.queryPoints.map((p) => (p.id === id ? patched(p, fields) : p)) })),
    () => call('queryPoints.update', { id, fields }),
    (updated) => setState((s) => ({ queryPoints: s.queryPoints.map((p) => (p.id === id ? updated : p)) })),
  );
}

export async function removeQueryPoint(id: string): Promise<void> {
  if ((await guarded(() => call('queryPoints.remove', { id }))) === undefined) return;
  setState((s) => ({ queryPoints: s.queryPoints.filter((p) => p.id !== id), selectedQueryPointId: s.selectedQueryPointId === id ? null : s.selectedQueryPointId }));
}

/** Q: sets the selected query point's time to the playhead (Shift+Q adds another query point). */
export async function setQueryTime(addNew = false): Promise<void> {
  const s = getState();
  const t = playheadSnapped(s);
  const question = selectedQuestion(s);
  if (!question) {
    flash('Select or create a question first (N).');
    return;
  }
  const point = selectedQueryPoint(s);
  if (point && !addNew) {
    await updateQueryPoint(point.id, { time: t });
    flash(`Query time set to ${t.toFixed(2)} s`);
    return;
  }
  const created = await guarded(() => call('queryPoints.create', { questionId: question.id, fields: { time: t } }));
  if (created) {
    setState((st) => ({ queryPoints: [...st.queryPoints, created], selectedQueryPointId: created.id }));
    flash(`Query point added at ${t.toFixed(2)} s`);
  }
}

/** The selected query point a key edits, or null after saying one must be selected. */
function pointToEdit(s: ReturnType<typeof getState>): QueryPoint | null {
  const point = selectedQueryPoint(s);
  if (!point) flash('Select a query point first.');
  return point;
}

/** `{` opens a new evidence interval at the playhead; `}` sets the end of the last one. */
export async function setEvidenceEdge(edge: 'start' | 'end'): Promise<void> {
  const s = getState();
  const point = pointToEdit(s);
  if (!point) return;
  const t = playheadSnapped(s);
  const evidence = point.evidence.map(([from, to]): [number, number] => [from, to]);
  const last = evidence.at(-1);
  if (edge === 'start' || !last) evidence.push([t, t]);
  else evidence[evidence.length - 1] = last[0] <= t ? [last[0], t] : [t, last[0]];
  await updateQueryPoint(point.id, { evidence });
}

/** P sets the proactive time (T_p), W the window start, of the selected query point at the playhead. */
export async function setPointTime(field: 'proactiveTime' | 'windowStart'): Promise<void> {
  const s = getState();
  const point = pointToEdit(s);
  if (!point) return;
  const t = playheadSnapped(s);
  await updateQueryPoint(point.id, field === 'proactiveTime' ? { proactiveTime: t } : { windowStart: t });
  flash(`${field === 'proactiveTime' ? 'Proactive time' : 'Window start'} set to ${t.toFixed(2)} s`);
}

/** Removes the last evidence interval of a query point. */
export async function dropLastEvidence(point: QueryPoint): Promise<void> {
  await updateQueryPoint(point.id, { evidence: point.evidence.slice(0, -1) });
}
