// Annotation actions: marks, captions, questions and query points for the selected video, undo and
// redo. Every action calls the service (which persists it in one transaction) and then applies the
// answer to the store; the store never holds an edit the project file does not.
import type { Mark, MarkInput, MarkType } from '../../../shared/marks';
import { compareMarks } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { prefixEnd } from '../../../shared/questions';
import { snapTime } from '../../../shared/timecode';
import { call } from '../api/client';
import { refreshVideos, seek } from './actions';
import { guarded } from './guarded';
import { selectors } from './selectors';
import { getState, setState, type State } from './store';

const sortMarks = (marks: Mark[]): Mark[] => [...marks].sort(compareMarks);

/** Adds marks to a sorted list without re-sorting it (binary insertion): cheap with 20,000 marks. */
function insertSorted(marks: readonly Mark[], added: readonly Mark[]): Mark[] {
  const out = [...marks];
  for (const mark of added) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareMarks(out[mid]!, mark) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, mark);
  }
  return out;
}

export async function loadAnnotations(videoId: string): Promise<void> {
  await guarded(async () => {
    const [data, profiles] = await Promise.all([call('annotations.load', { videoId }), call('profiles.list')]);
    if (getState().selectedVideoId !== videoId) return;
    setState({ marks: sortMarks(data.marks), questions: data.questions, queryPoints: data.queryPoints, profiles });
  });
}

/** The playhead on the active grid: whole seconds, or native frames when snapping to frames. */
function playheadSnapped(): number {
  const s = getState();
  const video = selectors.selectedVideo(s);
  return snapTime(selectors.displayTime(s), s.grid, video?.fps ?? 30);
}

function currentTarget(s: State = getState()): string {
  return selectors.selectedQuestion(s)?.counting?.target ?? s.markTarget;
}

function flash(message: string): void {
  setState({ status: message });
}

// ── marks ───────────────────────────────────────────────────────────────────

export async function addMarks(inputs: MarkInput[]): Promise<Mark[] | undefined> {
  const videoId = getState().selectedVideoId;
  if (!videoId) return undefined;
  const created = await guarded(() => call('marks.create', { videoId, marks: inputs }));
  if (created) {
    setState((s) => ({ marks: created.length > 100 ? sortMarks([...s.marks, ...created]) : insertSorted(s.marks, created), selectedMarkId: created.at(-1)?.id ?? s.selectedMarkId }));
    flash(created.length === 1 ? `Added ${created[0]!.type} at ${created[0]!.start.toFixed(2)} s` : `Added ${created.length} marks`);
  }
  return created;
}

export function addMoment(type: Extract<MarkType, 'event' | 'identity' | 'count'>, extra: Record<string, unknown> = {}): void {
  const start = playheadSnapped();
  const target = currentTarget();
  const data =
    type === 'identity'
      ? { label: `#${getState().marks.filter((m) => m.type === 'identity' && m.target === target).length + 1}`, ...extra }
      : type === 'count'
        ? { value: 0, ...extra }
        : { ...extra };
  void addMarks([{ type, start, end: null, target, data } as MarkInput]);
}

/** Two presses make an interval: the first opens it at the playhead, the second closes it. */
export function toggleInterval(type: Extract<MarkType, 'span' | 'entity'>, data: Record<string, unknown> = {}): void {
  const s = getState();
  const t = playheadSnapped();
  if (s.pendingInterval?.type !== type) {
    setState({ pendingInterval: { type, start: t } });
    flash(`${type} opened at ${t.toFixed(2)} s — press again to close it`);
    return;
  }
  closeInterval(t, data);
}

function closeInterval(t: number, data: Record<string, unknown> = {}): void {
  const pending = getState().pendingInterval;
  if (!pending) return;
  setState({ pendingInterval: null });
  const [start, end] = pending.start <= t ? [pending.start, t] : [t, pending.start];
  if (end - start < 1e-6) {
    flash('An interval needs a length; nothing added.');
    return;
  }
  const defaults = pending.type === 'cycle' ? { splits: [] } : pending.type === 'entity' ? { name: getState().markTarget || 'Entity' } : {};
  void addMarks([{ type: pending.type, start, end, target: currentTarget(), data: { ...defaults, ...data } } as MarkInput]);
}

/** Cycle boundary: closes the open cycle at the playhead and (unless `last`) opens the next one there. */
export async function cycleBoundary(last = false): Promise<void> {
  const s = getState();
  const t = playheadSnapped();
  if (s.pendingInterval?.type === 'cycle') {
    const start = s.pendingInterval.start;
    setState({ pendingInterval: last ? null : { type: 'cycle', start: t } });
    if (t - start > 1e-6) await addMarks([{ type: 'cycle', start, end: t, target: currentTarget(), data: { splits: [] } }]);
    return;
  }
  if (last) return;
  setState({ pendingInterval: { type: 'cycle', start: t } });
  flash(`Cycle opened at ${t.toFixed(2)} s — C at each boundary, Shift+C closes the last`);
}

export function cancelPending(): boolean {
  if (!getState().pendingInterval) return false;
  setState({ pendingInterval: null });
  flash('Open interval cancelled');
  return true;
}

/** Adds a split point at the playhead to the cycle that contains it. */
export function splitCycle(): void {
  const t = playheadSnapped();
  const cycle = getState().marks.find((m) => m.type === 'cycle' && m.start < t && (m.end ?? 0) > t);
  if (!cycle || cycle.type !== 'cycle') {
    flash('Put the playhead inside a cycle to split it.');
    return;
  }
  void updateMark(cycle.id, { data: { splits: [...cycle.data.splits, t].sort((a, b) => a - b) } });
}

export async function updateMark(id: string, patch: { start?: number; end?: number | null; target?: string; data?: Record<string, unknown> }): Promise<void> {
  const updated = await guarded(() => call('marks.update', { changes: [{ id, ...patch }] }));
  if (updated) setState((s) => ({ marks: sortMarks(s.marks.map((m) => updated.find((u) => u.id === m.id) ?? m)) }));
}

export async function removeMarksById(ids: string[]): Promise<void> {
  if ((await guarded(() => call('marks.remove', { ids }))) === undefined) return;
  setState((st) => ({ marks: st.marks.filter((m) => !ids.includes(m.id)), selectedMarkId: ids.includes(st.selectedMarkId ?? '') ? null : st.selectedMarkId }));
  flash(`${ids.length === 1 ? 'Mark' : `${ids.length} marks`} deleted (Ctrl+Z brings ${ids.length === 1 ? 'it' : 'them'} back)`);
}

export async function deleteSelected(): Promise<void> {
  const s = getState();
  if (s.selectedMarkId) {
    await removeMarksById([s.selectedMarkId]);
  } else if (s.selectedQueryPointId) {
    await removeQueryPoint(s.selectedQueryPointId);
  }
}

/** Moves an edge of the selected mark by one grid step (second or frame). */
export function nudgeSelected(edge: 'start' | 'end', direction: 1 | -1): void {
  const s = getState();
  const mark = s.marks.find((m) => m.id === s.selectedMarkId);
  const video = selectors.selectedVideo(s);
  if (!mark || !video) return;
  const step = s.grid === 'second' ? 1 : 1 / video.fps;
  if (edge === 'end' && mark.end === null) return nudgeSelected('start', direction);
  const current = edge === 'start' ? mark.start : mark.end!;
  const next = Math.min(Math.max(0, snapTime(current + direction * step, s.grid, video.fps)), video.duration);
  if (edge === 'start' && mark.end !== null && next >= mark.end) return;
  if (edge === 'end' && next <= mark.start) return;
  void updateMark(mark.id, edge === 'start' ? { start: next } : { end: next });
}

export function selectMark(id: string | null, seekTo = true): void {
  setState(id ? { selectedMarkId: id, sidePanel: 'marks' } : { selectedMarkId: null });
  const mark = getState().marks.find((m) => m.id === id);
  if (mark && seekTo) seek(mark.start);
}

/** Jumps to the next or previous mark (by start) from the playhead and selects it. */
export function jumpToMark(direction: 1 | -1): void {
  const s = getState();
  const t = selectors.displayTime(s);
  const marks = s.marks;
  const next = direction > 0 ? marks.find((m) => m.start > t + 1e-6) : [...marks].reverse().find((m) => m.start < t - 1e-6);
  if (next) selectMark(next.id);
}

// ── dense captions ─────────────────────────────────────────────────────────

export async function setCaption(from: number, to: number, text: string): Promise<void> {
  const s = getState();
  const videoId = s.selectedVideoId;
  const target = selectors.captionTask(s);
  if (!videoId || target === null) return;
  const written = await guarded(() => call('captions.fill', { videoId, target, from, to, text }));
  if (written) await loadAnnotations(videoId);
}

export async function mergeCaptionRuns(): Promise<void> {
  const s = getState();
  const target = selectors.captionTask(s);
  if (!s.selectedVideoId || target === null) return;
  const result = await guarded(() => call('captions.mergeRuns', { videoId: s.selectedVideoId!, target }));
  if (result) {
    flash(`Merged ${result.merged} captions into runs`);
    await loadAnnotations(s.selectedVideoId);
  }
}

// ── questions and query points ─────────────────────────────────────────────

export async function createQuestion(fields: Record<string, unknown>, atPlayhead = true): Promise<Question | undefined> {
  const s = getState();
  if (!s.selectedVideoId) return undefined;
  // a dense-caption task (VSAS) is prompted once, at t = 0; other questions are asked at the playhead
  const rules = s.profiles.find((p) => p.id === fields.profileId)?.rules;
  const queryPoints = rules?.denseCaptions ? [{ time: 0 }] : atPlayhead ? [{ time: playheadSnapped() }] : [];
  const defaults = rules ? { answerKind: rules.answerKinds[0] } : {};
  const created = await guarded(() => call('questions.create', { videoId: s.selectedVideoId!, fields: { ...defaults, ...fields }, queryPoints }));
  if (!created) return undefined;
  setState((st) => ({
    questions: [...st.questions, created.question],
    queryPoints: [...st.queryPoints, ...created.queryPoints],
    selectedQuestionId: created.question.id,
    selectedQueryPointId: created.queryPoints[0]?.id ?? null,
    selectedMarkId: null,
    sidePanel: 'questions',
  }));
  return created.question;
}

/**
 * Controlled inputs (a select stepped with the arrow keys) must see their new value at once, or a
 * second key press would start from the old one: the edit is shown immediately, then replaced by
 * what the service stored — or, if it refused, the video's annotations are reloaded.
 */
async function optimistic<T>(show: () => void, save: () => Promise<T>, apply: (saved: T) => void): Promise<void> {
  show();
  const saved = await guarded(save);
  if (saved !== undefined) apply(saved);
  else {
    const videoId = getState().selectedVideoId;
    if (videoId) await loadAnnotations(videoId);
  }
}

export async function updateQuestion(id: string, fields: Record<string, unknown>): Promise<void> {
  await optimistic(
    () => setState((s) => ({ questions: s.questions.map((q) => (q.id === id ? ({ ...q, ...fields } as Question) : q)) })),
    () => call('questions.update', { id, fields }),
    (updated) => setState((s) => ({ questions: s.questions.map((q) => (q.id === id ? updated : q)) })),
  );
}

export async function removeQuestion(id: string): Promise<void> {
  if ((await guarded(() => call('questions.remove', { id }))) === undefined) return;
  setState((s) => ({
    questions: s.questions.filter((q) => q.id !== id),
    queryPoints: s.queryPoints.filter((p) => p.questionId !== id),
    selectedQuestionId: s.selectedQuestionId === id ? null : s.selectedQuestionId,
    selectedQueryPointId: null,
  }));
  flash('Question deleted (Ctrl+Z brings it back)');
}

export function selectQuestion(id: string | null): void {
  const first = getState().queryPoints.filter((p) => p.questionId === id).sort((a, b) => a.time - b.time)[0] ?? null;
  setState({ selectedQuestionId: id, selectedQueryPointId: first?.id ?? null, selectedMarkId: null, sidePanel: 'questions' });
}

export function selectQueryPoint(id: string | null): void {
  const point = getState().queryPoints.find((p) => p.id === id);
  setState({ selectedQueryPointId: id, ...(point ? { selectedQuestionId: point.questionId } : {}), selectedMarkId: null });
  if (point) seek(point.time);
}

async function patchQueryPoint(id: string, fields: Partial<Omit<QueryPoint, 'id' | 'questionId'>>): Promise<void> {
  await optimistic(
    () => setState((s) => ({ queryPoints: s.queryPoints.map((p) => (p.id === id ? { ...p, ...fields } : p)) })),
    () => call('queryPoints.update', { id, fields }),
    (updated) => setState((s) => ({ queryPoints: s.queryPoints.map((p) => (p.id === id ? updated : p)) })),
  );
}

export async function updateQueryPoint(id: string, fields: Partial<Omit<QueryPoint, 'id' | 'questionId'>>): Promise<void> {
  await patchQueryPoint(id, fields);
}

/** Q: sets the selected query point's time to the playhead (Shift+Q adds another query point). */
export async function setQueryTime(addNew = false): Promise<void> {
  const s = getState();
  const t = playheadSnapped();
  const question = selectors.selectedQuestion(s);
  if (!question) {
    flash('Select or create a question first (N).');
    return;
  }
  const point = selectors.selectedQueryPoint(s);
  if (point && !addNew) {
    await patchQueryPoint(point.id, { time: t });
    flash(`Query time set to ${t.toFixed(2)} s`);
    return;
  }
  const created = await guarded(() => call('queryPoints.create', { questionId: question.id, fields: { time: t } }));
  if (created) {
    setState((st) => ({ queryPoints: [...st.queryPoints, created], selectedQueryPointId: created.id }));
    flash(`Query point added at ${t.toFixed(2)} s`);
  }
}

/** `{` opens a new evidence interval at the playhead; `}` sets the end of the last one. */
export async function setEvidenceEdge(edge: 'start' | 'end'): Promise<void> {
  const point = selectors.selectedQueryPoint(getState());
  if (!point) {
    flash('Select a query point first.');
    return;
  }
  const t = playheadSnapped();
  const evidence = point.evidence.map((iv) => [...iv] as [number, number]);
  if (edge === 'start' || evidence.length === 0) evidence.push([t, Math.max(t, edge === 'end' ? t : t)]);
  else {
    const last = evidence.at(-1)!;
    evidence[evidence.length - 1] = last[0] <= t ? [last[0], t] : [t, last[0]];
  }
  await patchQueryPoint(point.id, { evidence });
}

export async function setPointTime(field: 'proactiveTime' | 'windowStart'): Promise<void> {
  const point = selectors.selectedQueryPoint(getState());
  if (!point) {
    flash('Select a query point first.');
    return;
  }
  const t = playheadSnapped();
  await patchQueryPoint(point.id, { [field]: t });
  flash(`${field === 'proactiveTime' ? 'Proactive time' : 'Window start'} set to ${t.toFixed(2)} s`);
}

export async function removeQueryPoint(id: string): Promise<void> {
  if ((await guarded(() => call('queryPoints.remove', { id }))) === undefined) return;
  setState((s) => ({ queryPoints: s.queryPoints.filter((p) => p.id !== id), selectedQueryPointId: s.selectedQueryPointId === id ? null : s.selectedQueryPointId }));
}

/** The prefix a model sees for the selected query point: playback and filmstrip stop there. */
export function prefixLimit(s: State = getState()): number | null {
  const point = selectors.selectedQueryPoint(s);
  const question = selectors.selectedQuestion(s);
  if (!point || !question || !s.prefixOnly) return null;
  // a dense-caption task is prompted at t = 0 and answered every second: its whole video is in play
  if (selectors.profileOf(s, question)?.rules.denseCaptions) return null;
  return prefixEnd(point, question);
}

/** Esc with nothing else to close: let go of the selected mark, question and query point. */
export function clearSelection(): boolean {
  const s = getState();
  if (!s.selectedMarkId && !s.selectedQuestionId && !s.selectedQueryPointId) return false;
  setState({ selectedMarkId: null, selectedQuestionId: null, selectedQueryPointId: null });
  flash('Selection cleared');
  return true;
}

// ── undo / redo ─────────────────────────────────────────────────────────────

export async function undoRedo(direction: 'undo' | 'redo'): Promise<void> {
  const applied = await guarded(() => call(direction === 'undo' ? 'edits.undo' : 'edits.redo'));
  if (applied === undefined) return;
  if (applied === null) {
    flash(direction === 'undo' ? 'Nothing to undo' : 'Nothing to redo');
    return;
  }
  flash(`${direction === 'undo' ? 'Undid' : 'Redid'}: ${applied.label}`);
  const s = getState();
  if (applied.tables.includes('videos')) await refreshVideos();
  if (applied.tables.includes('profiles')) setState({ profiles: await call('profiles.list') });
  if (s.selectedVideoId) await loadAnnotations(s.selectedVideoId);
}
