// Marks at the playhead: moments (event, identity, count), intervals made by two key presses (span,
// entity), cycle boundaries and split points; edits, nudges, deletion and jumping between marks.
import { compareMarks, type Mark, type MarkInput } from '../../../../shared/marks';
import { snapTime } from '../../../../shared/timecode';
import { call } from '../../api/client';
import { guarded } from '../guarded';
import { displayTime, playheadSnapped } from '../player/selectors';
import { selectedVideo } from '../project/selectors';
import { getState, setState } from '../store';
import { flash, selectMark, sortMarks } from './actions';
import { currentTarget } from './selectors';

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

/** A moment at the playhead; identities are numbered per target (#1, #2…). */
export function addMoment(type: 'event' | 'identity' | 'count'): void {
  const s = getState();
  const start = playheadSnapped(s);
  const target = currentTarget(s);
  const input: MarkInput =
    type === 'identity'
      ? { type, start, end: null, target, data: { label: `#${s.marks.filter((m) => m.type === 'identity' && m.target === target).length + 1}` } }
      : type === 'count'
        ? { type, start, end: null, target, data: { value: 0 } }
        : { type, start, end: null, target, data: {} };
  void addMarks([input]);
}

/** Two presses make an interval: the first opens it at the playhead, the second closes it. */
export function toggleInterval(type: 'span' | 'entity'): void {
  const s = getState();
  const t = playheadSnapped(s);
  if (s.pendingInterval?.type !== type) {
    setState({ pendingInterval: { type, start: t } });
    flash(`${type} opened at ${t.toFixed(2)} s — press again to close it`);
    return;
  }
  closeInterval(t);
}

function closeInterval(t: number): void {
  const s = getState();
  const pending = s.pendingInterval;
  if (!pending) return;
  setState({ pendingInterval: null });
  const [start, end] = pending.start <= t ? [pending.start, t] : [t, pending.start];
  if (end - start < 1e-6) {
    flash('An interval needs a length; nothing added.');
    return;
  }
  const target = currentTarget(s);
  const input: MarkInput =
    pending.type === 'cycle'
      ? { type: 'cycle', start, end, target, data: { splits: [] } }
      : pending.type === 'entity'
        ? { type: 'entity', start, end, target, data: { name: s.markTarget || 'Entity' } }
        : { type: 'span', start, end, target, data: {} };
  void addMarks([input]);
}

/** Cycle boundary: closes the open cycle at the playhead and (unless `last`) opens the next one there. */
export async function cycleBoundary(last = false): Promise<void> {
  const s = getState();
  const t = playheadSnapped(s);
  if (s.pendingInterval?.type === 'cycle') {
    const start = s.pendingInterval.start;
    setState({ pendingInterval: last ? null : { type: 'cycle', start: t } });
    if (t - start > 1e-6) await addMarks([{ type: 'cycle', start, end: t, target: currentTarget(s), data: { splits: [] } }]);
    return;
  }
  if (last) return;
  setState({ pendingInterval: { type: 'cycle', start: t } });
  flash(`Cycle opened at ${t.toFixed(2)} s — C at each boundary, Shift+C closes the last`);
}

/** Esc: drops the interval waiting for its second key press. */
export function cancelPending(): boolean {
  if (!getState().pendingInterval) return false;
  setState({ pendingInterval: null });
  flash('Open interval cancelled');
  return true;
}

/** Adds a split point at the playhead to the cycle that contains it. */
export function splitCycle(): void {
  const s = getState();
  const t = playheadSnapped(s);
  const cycle = s.marks.find((m) => m.type === 'cycle' && m.start < t && (m.end ?? 0) > t);
  if (!cycle || cycle.type !== 'cycle') {
    flash('Put the playhead inside a cycle to split it.');
    return;
  }
  void updateMark(cycle.id, { data: { splits: [...cycle.data.splits, t].sort((a, b) => a - b) } });
}

export interface MarkPatch {
  start?: number;
  end?: number | null;
  target?: string;
  /** Fields of the mark's data to change (the service merges them into what it has). */
  data?: Record<string, unknown>;
}

export async function updateMark(id: string, patch: MarkPatch): Promise<void> {
  const updated = await guarded(() => call('marks.update', { changes: [{ id, ...patch }] }));
  if (updated) setState((s) => ({ marks: sortMarks(s.marks.map((m) => updated.find((u) => u.id === m.id) ?? m)) }));
}

export async function removeMarks(ids: string[]): Promise<void> {
  if ((await guarded(() => call('marks.remove', { ids }))) === undefined) return;
  setState((s) => ({ marks: s.marks.filter((m) => !ids.includes(m.id)), selectedMarkId: ids.includes(s.selectedMarkId ?? '') ? null : s.selectedMarkId }));
  flash(`${ids.length === 1 ? 'Mark' : `${ids.length} marks`} deleted (Ctrl+Z brings ${ids.length === 1 ? 'it' : 'them'} back)`);
}

/** Moves an edge of the selected mark by one grid step (second or frame). */
export function nudgeSelected(edge: 'start' | 'end', direction: 1 | -1): void {
  const s = getState();
  const mark = s.marks.find((m) => m.id === s.selectedMarkId);
  const video = selectedVideo(s);
  if (!mark || !video) return;
  const step = s.grid === 'second' ? 1 : 1 / video.fps;
  if (edge === 'end' && mark.end === null) return nudgeSelected('start', direction);
  const current = edge === 'start' ? mark.start : mark.end!;
  const next = Math.min(Math.max(0, snapTime(current + direction * step, s.grid, video.fps)), video.duration);
  if (edge === 'start' && mark.end !== null && next >= mark.end) return;
  if (edge === 'end' && next <= mark.start) return;
  void updateMark(mark.id, edge === 'start' ? { start: next } : { end: next });
}

/** Jumps to the next or previous mark (by start) from the playhead and selects it. */
export function jumpToMark(direction: 1 | -1): void {
  const s = getState();
  const t = displayTime(s);
  const next = direction > 0 ? s.marks.find((m) => m.start > t + 1e-6) : [...s.marks].reverse().find((m) => m.start < t - 1e-6);
  if (next) selectMark(next.id);
}
