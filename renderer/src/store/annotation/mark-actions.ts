// Marks at the playhead: moments (event, identity, count) and split points; edits, nudges, deletion
// and jumping between marks. (Intervals opened and closed by keys are in interval-actions.)
import { compareMarks, type Mark, type MarkInput } from '../../../../shared/marks';
import { snapTime } from '../../../../shared/timecode';
import { call } from '../../api/client';
import { guarded } from '../guarded';
import { displayTime, playheadSnapped } from '../player/selectors';
import { selectedTimedVideo } from '../project/selectors';
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

/** Adds a split point at the playhead to the cycle that contains it. */
export function splitCycle(): void {
  const s = getState();
  const t = playheadSnapped(s);
  // an open cycle (end null) reaches to wherever it will be closed
  const cycle = s.marks.find((m) => m.type === 'cycle' && m.start < t && (m.end === null || m.end > t));
  if (!cycle || cycle.type !== 'cycle') {
    flash('Put the playhead inside a cycle to split it.');
    return;
  }
  void updateMark(cycle.id, { data: { splits: [...cycle.data.splits, t].sort((a, b) => a - b) } });
}

interface MarkPatch {
  start?: number;
  end?: number | null;
  target?: string;
  /** Fields of the mark's data to change (the service merges them into what it has). */
  data?: Record<string, unknown>;
}

/** Changes a mark; resolves to the stored mark, or undefined when the service refused. */
export async function updateMark(id: string, patch: MarkPatch): Promise<Mark | undefined> {
  const updated = await guarded(() => call('marks.update', { changes: [{ id, ...patch }] }));
  if (updated) setState((s) => ({ marks: sortMarks(s.marks.map((m) => updated.find((u) => u.id === m.id) ?? m)) }));
  return updated?.[0];
}

export async function removeMarks(ids: string[], message?: string): Promise<void> {
  if ((await guarded(() => call('marks.remove', { ids }))) === undefined) return;
  setState((s) => ({ marks: s.marks.filter((m) => !ids.includes(m.id)), selectedMarkId: ids.includes(s.selectedMarkId ?? '') ? null : s.selectedMarkId }));
  flash(message ?? `${ids.length === 1 ? 'Mark' : `${ids.length} marks`} deleted (Ctrl+Z brings ${ids.length === 1 ? 'it' : 'them'} back)`);
}

/** Moves an edge of the selected mark by one grid step (second or frame). */
export function nudgeSelected(edge: 'start' | 'end', direction: 1 | -1): void {
  const s = getState();
  const mark = s.marks.find((m) => m.id === s.selectedMarkId);
  const video = selectedTimedVideo(s);
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
