// Lanes under the mark lanes, each labelled: one per person whose evidence a review compares (the
// author's and each reviewer's, or the reviewer's own while answering), and one per model run shown
// (its responses as ticks at their emission times, coloured by timing and correctness). Drawn only
// when there are some; otherwise the timeline is exactly as tall, and as fast, as before.
import { timeToX, type TimelineView } from '../../../shared/timeline';

export interface ExtraLane {
  /** Who: "author · ana", "reviewer · bo", "you". */
  label: string;
  colour: string;
  intervals: ReadonlyArray<readonly [number, number]>;
  /** Event moments, drawn as ticks. */
  moments: readonly number[];
  /** Ticks of their own colour (a run's responses), sorted by time; `id` says which was clicked. */
  ticks?: ReadonlyArray<{ t: number; colour: string; id: string }>;
}

export const EXTRA_LANE_HEIGHT = 18;
const LABEL_WIDTH = 110;

export const extraLanesHeight = (lanes: readonly ExtraLane[]): number => (lanes.length === 0 ? 0 : lanes.length * EXTRA_LANE_HEIGHT + 4);

/** Paints the lanes from `top`, limited to the view (intervals outside it cost a comparison each). */
export function paintExtraLanes(ctx: CanvasRenderingContext2D, lanes: readonly ExtraLane[], view: TimelineView, width: number, top: number): void {
  if (lanes.length === 0) return;
  const viewEnd = view.start + width / view.pxPerSec;
  ctx.fillStyle = '#0d1218';
  ctx.fillRect(0, top, width, extraLanesHeight(lanes));
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  lanes.forEach((lane, i) => {
    const y = top + 2 + i * EXTRA_LANE_HEIGHT;
    ctx.strokeStyle = '#1a222c';
    ctx.beginPath();
    ctx.moveTo(0, y + EXTRA_LANE_HEIGHT - 0.5);
    ctx.lineTo(width, y + EXTRA_LANE_HEIGHT - 0.5);
    ctx.stroke();
    ctx.fillStyle = lane.colour;
    // intervals less than a pixel apart are drawn as one (thousands of a run's inferences zoomed out)
    ctx.globalAlpha = 0.55;
    let run: [number, number] | null = null;
    const flush = (): void => {
      if (run) ctx.fillRect(run[0], y + 3, Math.max(2, run[1] - run[0]), EXTRA_LANE_HEIGHT - 6);
    };
    for (const [start, end] of lane.intervals) {
      if (end < view.start || start > viewEnd) continue;
      const x0 = timeToX(start, view);
      const x1 = timeToX(end, view);
      if (run && x0 - run[1] < 1) run[1] = Math.max(run[1], x1);
      else {
        flush();
        run = [x0, x1];
      }
    }
    flush();
    ctx.globalAlpha = 1;
    for (const t of lane.moments) {
      if (t < view.start || t > viewEnd) continue;
      ctx.fillRect(Math.round(timeToX(t, view)) - 1, y + 2, 2, EXTRA_LANE_HEIGHT - 4);
    }
    // ticks a pixel wide when they crowd (an hour of responses on one screen), three when apart; the
    // colour set once per colour, and ticks that touch drawn as one rect (fillRect is the cost here)
    const columns = tickColumns(lane, view, width);
    const half = columns.visible * 4 < width ? 1.5 : 0.5;
    for (const { colour, xs } of columns.byColour) {
      ctx.fillStyle = colour;
      for (const [from, to] of touchingRuns(xs, half)) ctx.fillRect(from, y + 2, to - from, EXTRA_LANE_HEIGHT - 4);
    }
    // the name last, on a see-through backing: readable however crowded the lane, what is under it still shows
    const { label, width: labelWidth } = fit(ctx, lane.label, LABEL_WIDTH - 22);
    ctx.fillStyle = 'rgba(13, 18, 24, 0.7)';
    ctx.fillRect(0, y, 22 + labelWidth, EXTRA_LANE_HEIGHT);
    ctx.fillStyle = lane.colour;
    ctx.fillRect(4, y + 5, 8, EXTRA_LANE_HEIGHT - 10);
    ctx.fillStyle = '#b8c4d2';
    ctx.fillText(label, 16, y + EXTRA_LANE_HEIGHT / 2);
  });
}

/** A lane's tick times by colour, sorted, the most frequent colour first (so rare ones — early, late — are drawn on top). */
interface TicksByColour {
  colour: string;
  times: Float64Array;
}
const byColourCache = new WeakMap<NonNullable<ExtraLane['ticks']>, TicksByColour[]>();

function ticksByColour(ticks: NonNullable<ExtraLane['ticks']>): TicksByColour[] {
  let cached = byColourCache.get(ticks);
  if (cached) return cached;
  const times = new Map<string, number[]>();
  for (const tick of ticks) {
    const list = times.get(tick.colour);
    if (list) list.push(tick.t);
    else times.set(tick.colour, [tick.t]);
  }
  cached = [...times].map(([colour, list]) => ({ colour, times: Float64Array.from(list) })).sort((a, b) => b.times.length - a.times.length);
  byColourCache.set(ticks, cached);
  return cached;
}

/**
 * The first index at or after `from` whose time is ≥ t (> t when `strictly`): galloping, then binary
 * search, so a near neighbour is found in a few steps.
 */
function firstAtOrAfter(times: Float64Array, t: number, from = 0, strictly = false): number {
  const before = (time: number): boolean => (strictly ? time <= t : time < t);
  let step = 1;
  let hi = from;
  while (hi < times.length && before(times[hi]!)) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, times.length);
  while (from < hi) {
    const mid = (from + hi) >> 1;
    if (before(times[mid]!)) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/**
 * The pixel columns a lane's ticks fall on within the view, per colour: each column once, found by
 * jumping from one column to the next (so an hour of tens of thousands of responses zoomed out
 * costs the columns drawn, not the responses); and how many ticks are in view.
 */
export function tickColumns(lane: ExtraLane, view: TimelineView, width: number): { byColour: Array<{ colour: string; xs: number[] }>; visible: number } {
  const viewEnd = view.start + width / view.pxPerSec;
  let visible = 0;
  const byColour = ticksByColour(lane.ticks ?? []).map(({ colour, times }) => {
    const xs: number[] = [];
    const first = firstAtOrAfter(times, view.start);
    visible += firstAtOrAfter(times, viewEnd, first, true) - first;
    let i = first;
    while (i < times.length && times[i]! <= viewEnd) {
      const x = Math.round(timeToX(times[i]!, view));
      xs.push(x);
      // the next tick rounding to another column: at or after the time of x + ½
      i = firstAtOrAfter(times, view.start + (x + 0.5) / view.pxPerSec, i + 1);
    }
    return { colour, xs };
  });
  return { byColour, visible };
}

/** Ticks `half` a width either side of ascending columns `xs`, those that touch or overlap joined: [from, to) each. */
export function touchingRuns(xs: readonly number[], half: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const x of xs) {
    const last = runs.at(-1);
    if (last && x - half <= last[1]) last[1] = x + half;
    else runs.push([x - half, x + half]);
  }
  return runs;
}

/** The ticks of a lane within [from, to] (binary search: a run of tens of thousands of responses costs what is on screen). */
export function visibleTicks(lane: ExtraLane, from: number, to: number): NonNullable<ExtraLane['ticks']> {
  const ticks = lane.ticks ?? [];
  let lo = 0;
  let hi = ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ticks[mid]!.t < from) lo = mid + 1;
    else hi = mid;
  }
  const out = [];
  for (let i = lo; i < ticks.length && ticks[i]!.t <= to; i++) out.push(ticks[i]!);
  return out;
}

/** The lane under a y offset from the lanes' top, and the tick nearest t within `tolerance` seconds. */
export function tickAt(lanes: readonly ExtraLane[], y: number, t: number, tolerance: number): { lane: number; id: string } | null {
  const lane = Math.floor((y - 2) / EXTRA_LANE_HEIGHT);
  if (lane < 0 || lane >= lanes.length) return null;
  let best: { id: string; d: number } | null = null;
  for (const tick of visibleTicks(lanes[lane]!, t - tolerance, t + tolerance)) {
    const d = Math.abs(tick.t - t);
    if (!best || d < best.d) best = { id: tick.id, d };
  }
  return best ? { lane, id: best.id } : null;
}

/** Labels as fitted (the font never changes): measured once, not on every frame of a zoom. */
const fitted = new Map<string, { label: string; width: number }>();

/** A label shortened with an ellipsis to fit the gutter, and its width. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): { label: string; width: number } {
  const key = `${max}\u0000${text}`;
  let done = fitted.get(key);
  if (!done) {
    let cut = text;
    if (ctx.measureText(text).width > max) {
      while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
      cut = `${cut.trimEnd()}…`;
    }
    done = { label: cut, width: ctx.measureText(cut).width };
    if (fitted.size > 500) fitted.clear(); // lanes are people and runs: a few dozen names
    fitted.set(key, done);
  }
  return done;
}
