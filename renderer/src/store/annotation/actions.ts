// Annotations of the selected video: loading them, what is selected, undo and redo. The edits
// themselves are in mark-actions, question-actions and caption-actions; every edit calls the service
// (which persists it in one transaction) and then applies its answer, so the store never holds an
// edit the project file does not.
import { compareMarks, type Mark } from '../../../../shared/marks';
import { call } from '../../api/client';
import { emit } from '../effects';
import { guarded } from '../guarded';
import { getState, setState } from '../store';
import { prefixLimit } from './selectors';

export const sortMarks = (marks: Mark[]): Mark[] => [...marks].sort(compareMarks);

/** Says what just happened in the status line. */
export function flash(message: string): void {
  setState({ status: message });
}

export async function loadAnnotations(videoId: string): Promise<void> {
  await guarded(async () => {
    const [data, profiles] = await Promise.all([call('annotations.load', { videoId }), call('profiles.list')]);
    if (getState().selectedVideoId !== videoId) return;
    setState({ marks: sortMarks(data.marks), questions: data.questions, queryPoints: data.queryPoints, withheld: data.withheld, profiles });
  });
}

/** Reloads the selected video's annotations (after an undo, or when an edit was refused). */
export async function reloadAnnotations(): Promise<void> {
  const videoId = getState().selectedVideoId;
  if (videoId) await loadAnnotations(videoId);
}

export function selectMark(id: string | null, seekTo = true): void {
  setState(id ? { selectedMarkId: id, sidePanel: 'marks' } : { selectedMarkId: null });
  const mark = getState().marks.find((m) => m.id === id);
  if (mark && seekTo) void emit('seek', mark.start);
}

export function selectQuestion(id: string | null): void {
  setState({ prefixUntil: null });
  const first =
    getState()
      .queryPoints.filter((p) => p.questionId === id)
      .sort((a, b) => a.time - b.time)[0] ?? null;
  setState({ selectedQuestionId: id, selectedQueryPointId: first?.id ?? null, selectedMarkId: null, sidePanel: 'questions', ...stillTyping(id) });
  keepInPrefix();
}

/** Another question chosen: no field of the one before is being typed into (nor waiting to be). */
const stillTyping = (questionId: string | null): { typingIn?: null } => (getState().typingIn?.questionId === questionId ? {} : { typingIn: null });

/** A question's field took the focus (`field` as its lints name it: 'text', 'options.B'). */
export function typingInto(questionId: string, field: string): void {
  setState({ typingIn: { questionId, field } });
}

/** A question's field was left: from now on its lints say whether it is empty. */
export function leftField(questionId: string, field: string): void {
  const typing = getState().typingIn;
  if (typing?.questionId === questionId && typing.field === field) setState({ typingIn: null });
}

/** With the prefix-only view on, the playhead never stays past what the model may see. */
function keepInPrefix(): void {
  const s = getState();
  const limit = prefixLimit(s);
  if (limit !== null && s.commanded.time > limit + 1e-9) void emit('seek', limit);
}

export function selectQueryPoint(id: string | null): void {
  const point = getState().queryPoints.find((p) => p.id === id);
  setState({ selectedQueryPointId: id, ...(point ? { selectedQuestionId: point.questionId, ...stillTyping(point.questionId) } : {}), selectedMarkId: null });
  if (point) void emit('seek', point.time);
}

/** Selects a question and goes to its first query point (from a readiness problem, say). */
export function showQuestion(id: string): void {
  const s = getState();
  if (!s.questions.some((q) => q.id === id)) {
    flash('That question is no longer on this video.');
    return;
  }
  selectQuestion(id);
  const first = getState().selectedQueryPointId;
  if (first) selectQueryPoint(first);
}

/** Esc with nothing else to close: let go of the selected mark, question and query point. */
export function clearSelection(): boolean {
  const s = getState();
  if (!s.selectedMarkId && !s.selectedQuestionId && !s.selectedQueryPointId) return false;
  setState({ selectedMarkId: null, selectedQuestionId: null, selectedQueryPointId: null });
  flash('Selection cleared');
  return true;
}

export function setMarkTarget(target: string): void {
  setState({ markTarget: target });
}

export function setPrefixOnly(on: boolean): void {
  setState({ prefixOnly: on });
  keepInPrefix();
}

export async function undoRedo(direction: 'undo' | 'redo'): Promise<void> {
  const applied = await guarded(() => call(direction === 'undo' ? 'edits.undo' : 'edits.redo'));
  if (applied === undefined) return;
  if (applied === null) {
    flash(direction === 'undo' ? 'Nothing to undo' : 'Nothing to redo');
    return;
  }
  flash(`${direction === 'undo' ? 'Undid' : 'Redid'}: ${applied.label}`);
  await emit('editApplied', applied);
  await reloadAnnotations();
}
