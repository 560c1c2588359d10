// VCBench ground truth derived from marks (§3.2, App. A.2): "the correct answer for each query point
// is calculated based on annotated moments before that moment". Boundaries are inclusive — a mark
// exactly at the query time counts — as App. D shows (E2-Periodic Round 12 ends at 31.9 = the query).
import type { MarkInput } from './marks';
import type { CountingSubcategory } from './profiles';

export interface CountingSpec {
  subcategory: CountingSubcategory;
  /** What is counted; only marks with this target take part. */
  target: string;
  /** Window length in seconds for O2-Gain ("in the past N seconds"). */
  windowSeconds?: number | null;
}

interface QueryPointTiming {
  time: number;
  /** Window start for O1-Delta (baseline moment). */
  windowStart?: number | null;
}

const EPS = 1e-9;
const atOrBefore = (t: number, limit: number): boolean => t <= limit + EPS;

/** A mark as counting reads it: a stored one, or one of a benchmark item before it is stored (an export's). */
type Counted<T extends MarkInput['type'] = MarkInput['type']> = Extract<MarkInput, { type: T }>;

function ofType<T extends MarkInput['type']>(marks: readonly MarkInput[], type: T, target: string): Array<Counted<T>> {
  return marks.filter((m): m is Counted<T> => m.type === type && m.target === target);
}

/** O1: the visible count at t is the latest count snapshot at or before t (0 before any). */
function countAt(marks: readonly MarkInput[], target: string, t: number): number {
  let best: Counted<'count'> | null = null;
  for (const m of ofType(marks, 'count', target)) if (atOrBefore(m.start, t) && (!best || m.start >= best.start)) best = m;
  return best?.data.value ?? 0;
}

/**
 * The moments at which an interval event completes: a span's end; a cycle's split points and end.
 * An open one (not closed yet) has not ended: only the split points already passed count.
 */
function completionTimes(mark: Counted<'span' | 'cycle'>): number[] {
  const splits = mark.type === 'cycle' ? mark.data.splits : [];
  return mark.end === null ? [...splits] : [...splits, mark.end];
}

/** Which marks a subcategory counts. */
export function marksFor(subcategory: CountingSubcategory): Array<MarkInput['type']> {
  switch (subcategory) {
    case 'O1-Snap':
    case 'O1-Delta':
      return ['count'];
    case 'O2-Unique':
    case 'O2-Gain':
      return ['identity'];
    case 'E1-Action':
    case 'E1-Transit':
      return ['event'];
    case 'E2-Periodic':
      return ['cycle', 'span'];
    case 'E2-Episode':
      return ['span', 'cycle'];
  }
}

/** The answer at one query point, by the paper's rule for the subcategory. */
export function deriveCount(marks: readonly MarkInput[], spec: CountingSpec, point: QueryPointTiming): number {
  const t = point.time;
  switch (spec.subcategory) {
    case 'O1-Snap':
      return countAt(marks, spec.target, t);
    case 'O1-Delta':
      // "Δ = current − baseline", the baseline counted at the window's start
      return countAt(marks, spec.target, t) - countAt(marks, spec.target, point.windowStart ?? 0);
    case 'O2-Unique':
      return ofType(marks, 'identity', spec.target).filter((m) => atOrBefore(m.start, t)).length;
    case 'O2-Gain': {
      const from = point.windowStart ?? t - (spec.windowSeconds ?? 0);
      return ofType(marks, 'identity', spec.target).filter((m) => m.start >= from - EPS && atOrBefore(m.start, t)).length;
    }
    case 'E1-Action':
    case 'E1-Transit':
      return ofType(marks, 'event', spec.target).filter((m) => atOrBefore(m.start, t)).length;
    case 'E2-Periodic':
    case 'E2-Episode': {
      const intervals = [...ofType(marks, 'cycle', spec.target), ...ofType(marks, 'span', spec.target)];
      return intervals.reduce((n, m) => n + completionTimes(m).filter((c) => atOrBefore(c, t)).length, 0);
    }
  }
}

interface StepPoint {
  time: number;
  value: number;
}

/**
 * The count as a step function over [0, duration], for drawing: a point wherever the value changes.
 * O2-Gain and O1-Delta depend on a window, so their trajectory is the cumulative/visible count.
 * O(n log n) in the number of marks: it is redrawn as marks change.
 */
export function countTrajectory(marks: readonly MarkInput[], spec: CountingSpec, duration: number): StepPoint[] {
  const types = marksFor(spec.subcategory);
  const relevant = marks.filter((m) => m.target === spec.target && types.includes(m.type));
  const points: StepPoint[] = [{ time: 0, value: 0 }];
  const push = (time: number, value: number): void => {
    if (time > duration + EPS) return;
    const last = points.at(-1)!;
    if (Math.abs(last.time - time) < EPS) last.value = value;
    else if (last.value !== value) points.push({ time, value });
    // collapse a point that no longer changes the value
    if (points.length >= 2 && points.at(-1)!.value === points.at(-2)!.value) points.pop();
  };
  if (spec.subcategory === 'O1-Snap' || spec.subcategory === 'O1-Delta') {
    const snapshots = relevant.filter((m): m is Counted<'count'> => m.type === 'count').sort((a, b) => a.start - b.start);
    for (const m of snapshots) push(m.start, m.data.value);
    return points;
  }
  const increments = relevant.flatMap((m) => (m.type === 'cycle' || m.type === 'span' ? completionTimes(m) : [m.start])).sort((a, b) => a - b);
  increments.forEach((time, i) => push(time, i + 1));
  return points;
}

/** VCBench A.3: 1 query point for O1-Delta and O2-Gain, 3–8 for the other subcategories. */
export function allowedQueryPoints(subcategory: CountingSubcategory): { min: number; max: number } {
  return subcategory === 'O1-Delta' || subcategory === 'O2-Gain' ? { min: 1, max: 1 } : { min: 3, max: 8 };
}

/** O2 and E categories are cumulative: their true trajectory never decreases. */
export function isCumulative(subcategory: CountingSubcategory): boolean {
  return subcategory !== 'O1-Snap' && subcategory !== 'O1-Delta';
}
