// Which marks a lane draws in view: marks are kept sorted by start, so the visible ones are found
// by binary search (interval marks reach back by at most the lane's longest mark) — drawing stays
// proportional to what is on screen, not to the tens of thousands of marks on an hour of video.
import { lowerBoundByStart, markEnd, type Mark, type MarkType } from './marks';

export { LANE_ORDER } from './mark-kinds';

export interface LaneIndex {
  byType: Map<MarkType, Mark[]>;
  /** Longest mark of each lane: how far before the view a visible interval can start. */
  longest: Map<MarkType, number>;
}

/** Groups marks (already sorted by start) into lanes. */
export function buildLaneIndex(sortedMarks: readonly Mark[]): LaneIndex {
  const byType = new Map<MarkType, Mark[]>();
  const longest = new Map<MarkType, number>();
  for (const mark of sortedMarks) {
    let lane = byType.get(mark.type);
    if (!lane) byType.set(mark.type, (lane = []));
    lane.push(mark);
    longest.set(mark.type, Math.max(longest.get(mark.type) ?? 0, markEnd(mark) - mark.start));
  }
  return { byType, longest };
}

/** Marks of one lane that intersect [from, to] (plus `slack` seconds either side for moment glyphs). */
export function visibleInLane(index: LaneIndex, type: MarkType, from: number, to: number, slack = 0): Mark[] {
  const lane = index.byType.get(type);
  if (!lane) return [];
  const first = lowerBoundByStart(lane, from - (index.longest.get(type) ?? 0) - slack);
  const out: Mark[] = [];
  for (let i = first; i < lane.length; i++) {
    const mark = lane[i]!;
    if (mark.start > to + slack) break;
    if (markEnd(mark) >= from - slack) out.push(mark);
  }
  return out;
}

type MarkHit = { mark: Mark; edge: 'start' | 'end' | null };

/**
 * The mark under time t in a lane: an edge within `tolerance` seconds wins (so edges can be dragged),
 * then the innermost interval containing t, then the nearest moment within the tolerance.
 */
export function hitTest(index: LaneIndex, type: MarkType, t: number, tolerance: number): MarkHit | null {
  const candidates = visibleInLane(index, type, t, t, tolerance);
  let best: MarkHit | null = null;
  let bestDistance = Infinity;
  let inside: Mark | null = null;
  for (const mark of candidates) {
    if (mark.end === null) {
      const d = Math.abs(mark.start - t);
      if (d <= tolerance && d < bestDistance) [best, bestDistance] = [{ mark, edge: 'start' }, d];
      continue;
    }
    const ds = Math.abs(mark.start - t);
    const de = Math.abs(mark.end - t);
    if (Math.min(ds, de) <= tolerance && Math.min(ds, de) < bestDistance) {
      [best, bestDistance] = [{ mark, edge: ds <= de ? 'start' : 'end' }, Math.min(ds, de)];
    } else if (mark.start <= t && t <= mark.end && (!inside || mark.end - mark.start < markEnd(inside) - inside.start)) {
      inside = mark;
    }
  }
  return best ?? (inside ? { mark: inside, edge: null } : null);
}
