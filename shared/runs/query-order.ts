// Which query point a run's `query` names: the probe's place in the benchmark file (issue 22, rule 2).
// OVO-Bench lists 34 SSR items' test_info probes out of time order and puts two probes at one time
// in 35 items; a run's results answer test_info[i] as probe i. Points imported with their place
// (`probe`) count in that order; the others (made in Tidemark, or from files that list points in
// time order) in time order, ties in the order given (the stores give them by time, then id).
import type { QueryPoint } from '../questions';

/** A question's points in the order a run's `query` counts them. */
export function runOrder<T extends Pick<QueryPoint, 'time' | 'probe'>>(points: readonly T[]): T[] {
  const placed = points.length > 0 && points.every((p) => p.probe !== undefined);
  return [...points].sort(placed ? (a, b) => a.probe! - b.probe! : (a, b) => a.time - b.time);
}
