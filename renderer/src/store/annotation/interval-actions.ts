// Intervals made with keys: `[` opens a span and `]` closes it, `V` opens and then closes a named
// entity, `C` marks a cycle boundary (closing the open cycle and opening the next), `Shift+C` closes
// the last cycle, Esc cancels. An open interval is a stored mark whose end is null, so opening,
// closing and cancelling are edits like any other: persisted, undoable, there after a restart.
import type { Mark, MarkInput } from '../../../../shared/marks';
import { playheadSnapped } from '../player/selectors';
import { getState, type State } from '../store';
import { flash } from './actions';
import { addMarks, removeMarks, updateMark } from './mark-actions';
import { currentOpenMark, currentTarget } from './selectors';
import type { IntervalType } from './state';

/**
 * Interval keys are worked off one after another, each with the playhead and target of its own key
 * press: the second of two quick presses must find the mark the first one opened.
 */
let queue: Promise<unknown> = Promise.resolve();
function inOrder(work: () => Promise<unknown>): Promise<void> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next.then(() => undefined);
}

/** What a key press saw: where the playhead was and what new marks were about. */
interface Press {
  t: number;
  target: string;
  entityName: string;
}
const press = (s: State = getState()): Press => ({ t: playheadSnapped(s), target: currentTarget(s), entityName: s.markTarget || 'Entity' });

const HOW_TO_CLOSE: Record<IntervalType, string> = {
  span: '] closes it',
  cycle: 'C at each boundary, Shift+C closes the last',
  entity: 'V again closes it',
};

async function open(type: IntervalType, { t, target, entityName }: Press): Promise<void> {
  const input: MarkInput =
    type === 'cycle'
      ? { type, start: t, end: null, target, data: { splits: [] } }
      : type === 'entity'
        ? { type, start: t, end: null, target, data: { name: entityName } }
        : { type, start: t, end: null, target, data: {} };
  if (await addMarks([input])) flash(`${type[0]!.toUpperCase()}${type.slice(1)} opened at ${t.toFixed(2)} s — ${HOW_TO_CLOSE[type]}`);
}

/** Closes an open interval at t (a span or entity closed before its start swaps its edges). */
async function close(mark: Mark, t: number): Promise<boolean> {
  if (Math.abs(t - mark.start) < 1e-6) {
    flash(`An interval needs a length: move the playhead from ${mark.start.toFixed(2)} s, then close it.`);
    return false;
  }
  if (t < mark.start && mark.type === 'cycle') {
    flash(`The open cycle starts at ${mark.start.toFixed(2)} s: close it after that.`);
    return false;
  }
  const closed = await updateMark(mark.id, t < mark.start ? { start: t, end: mark.start } : { end: t });
  if (closed) flash(`Closed the ${mark.type} ${closed.start.toFixed(2)}–${(closed.end ?? t).toFixed(2)} s`);
  return Boolean(closed);
}

/** `[`: a new span, open from the playhead. */
export function openSpan(): Promise<void> {
  const p = press();
  return inOrder(() => open('span', p));
}

/** `]`: closes the open span at the playhead. */
export function closeSpan(): Promise<void> {
  const p = press();
  return inOrder(async () => {
    const span = currentOpenMark(getState(), 'span');
    if (span) await close(span, p.t);
    else flash('No open span: [ opens one.');
  });
}

/** `V`: opens a named entity at the playhead, or closes the open one there. */
export function toggleEntity(): Promise<void> {
  const p = press();
  return inOrder(async () => {
    const entity = currentOpenMark(getState(), 'entity');
    if (entity) await close(entity, p.t);
    else await open('entity', p);
  });
}

/** `C`: closes the open cycle at the playhead and opens the next there; `Shift+C` (`last`) only closes. */
export function cycleBoundary(last: boolean): Promise<void> {
  const p = press();
  return inOrder(async () => {
    const cycle = currentOpenMark(getState(), 'cycle');
    if (cycle && !(await close(cycle, p.t))) return;
    if (!last) await open('cycle', p);
    else if (!cycle) flash('No open cycle to close: C opens one.');
  });
}

/** Esc: removes the open interval (undoably); false when none is open. */
export function cancelOpenInterval(): boolean {
  const mark = currentOpenMark(getState());
  if (!mark) return false;
  void inOrder(() => removeMarks([mark.id], `Open ${mark.type} removed (Ctrl+Z brings it back)`));
  return true;
}
