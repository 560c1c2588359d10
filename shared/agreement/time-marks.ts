// Agreement on time marks: evidence intervals by temporal IoU, event moments by F1 at a tolerance.
//
// Matching events must be one to one (the BORIS #228 trap): counting every reviewer moment that
// lies within the tolerance of some reference moment lets one reference moment "match" several
// marks, so double-marking inflates precision and recall. Here each moment is used at most once.
import { withinTolerance } from './tolerance';

type Interval = readonly [number, number];

/** Intervals as a sorted list of disjoint [start, end] (ends ordered, non-finite dropped, overlaps and touches merged). */
export function mergeIntervals(intervals: ReadonlyArray<Interval>): Array<[number, number]> {
  const sorted = intervals
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e))
    .map(([s, e]): [number, number] => (s <= e ? [s, e] : [e, s]))
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const measure = (set: ReadonlyArray<Interval>): number => set.reduce((sum, [s, e]) => sum + (e - s), 0);

function overlap(a: ReadonlyArray<Interval>, b: ReadonlyArray<Interval>): number {
  let total = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    total += Math.max(0, Math.min(a[i]![1], b[j]![1]) - Math.max(a[i]![0], b[j]![0]));
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return total;
}

/**
 * Temporal IoU of two interval sets taken as unions: |∪a ∩ ∪b| / |∪a ∪ ∪b|. Null when both are
 * empty (nothing to compare), 0 when only one is. Zero-length intervals add no time; when both
 * sets hold nothing else, the same moments on both sides give 1 and different ones 0.
 */
export function intervalIoU(a: ReadonlyArray<Interval>, b: ReadonlyArray<Interval>): number | null {
  const ua = mergeIntervals(a);
  const ub = mergeIntervals(b);
  if (ua.length === 0 && ub.length === 0) return null;
  if (ua.length === 0 || ub.length === 0) return 0;
  const inter = overlap(ua, ub);
  const union = measure(ua) + measure(ub) - inter;
  if (union > 0) return inter / union;
  return ua.length === ub.length && ua.every(([s], i) => s === ub[i]![0]) ? 1 : 0;
}

interface EventMatch {
  matched: number;
  precision: number;
  recall: number;
  f1: number;
}

const scores = (matched: number, reference: number, marked: number): EventMatch => {
  if (reference === 0 && marked === 0) return { matched: 0, precision: 1, recall: 1, f1: 1 };
  const precision = marked === 0 ? 0 : matched / marked;
  const recall = reference === 0 ? 0 : matched / reference;
  return { matched, precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
};

const moments = (xs: readonly number[]): number[] => xs.filter(Number.isFinite).sort((p, q) => p - q);

/** Size of a maximum one-to-one matching of sorted moments with |x − y| ≤ tolerance. */
function countMatches(xs: readonly number[], ys: readonly number[], tolerance: number): number {
  // The sorted two-pointer greedy is optimal for points on a line. Take the smaller of the two
  // current moments, say x = xs[i]: it can pair only with ys[j] or later. If it is within the
  // tolerance of ys[j], pairing them loses nothing: were an optimum to pair x–ys[l] and xs[k]–ys[j]
  // (l > j, k > i), then xs[k] and ys[l] are within the tolerance too, so swap. If it is not,
  // it is out of reach of every later moment as well, and is dropped.
  let matched = 0;
  for (let i = 0, j = 0; i < xs.length && j < ys.length;) {
    if (withinTolerance(xs[i]!, ys[j]!, tolerance)) {
      matched++;
      i++;
      j++;
    } else if (xs[i]! < ys[j]!) i++;
    else j++;
  }
  return matched;
}

/**
 * Event moments `b` against the reference `a`, matched one to one within the tolerance:
 * precision = matched / |b|, recall = matched / |a|. Both empty → all 1; one empty → all 0.
 */
export function matchEvents(a: readonly number[], b: readonly number[], tolerance: number): EventMatch {
  const xs = moments(a);
  const ys = moments(b);
  return scores(countMatches(xs, ys, tolerance), xs.length, ys.length);
}

/** Micro F1 over units: matches, reference moments and marked moments summed before dividing. */
export function pooledEventF1(pairs: ReadonlyArray<{ a: readonly number[]; b: readonly number[] }>, tolerance: number): EventMatch {
  let matched = 0;
  let reference = 0;
  let marked = 0;
  for (const pair of pairs) {
    const xs = moments(pair.a);
    const ys = moments(pair.b);
    matched += countMatches(xs, ys, tolerance);
    reference += xs.length;
    marked += ys.length;
  }
  return scores(matched, reference, marked);
}
