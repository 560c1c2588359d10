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
    // ticks a pixel wide when they crowd (an hour of responses on one screen), three when apart
    const ticks = visibleTicks(lane, view.start, viewEnd);
    const wide = ticks.length * 4 < width;
    let lastX = Number.NaN;
    let lastColour = '';
    for (const tick of ticks) {
      const x = Math.round(timeToX(tick.t, view));
      if (x === lastX && tick.colour === lastColour) continue; // the same pixel, the same colour: drawn already
      lastX = x;
      lastColour = tick.colour;
      ctx.fillStyle = tick.colour;
      ctx.fillRect(x - (wide ? 1.5 : 0.5), y + 2, wide ? 3 : 1, EXTRA_LANE_HEIGHT - 4);
    }
    // the name last, on a see-through backing: readable however crowded the lane, what is under it still shows
    const label = fit(ctx, lane.label, LABEL_WIDTH - 22);
    ctx.fillStyle = 'rgba(13, 18, 24, 0.7)';
    ctx.fillRect(0, y, 22 + ctx.measureText(label).width, EXTRA_LANE_HEIGHT);
    ctx.fillStyle = lane.colour;
    ctx.fillRect(4, y + 5, 8, EXTRA_LANE_HEIGHT - 10);
    ctx.fillStyle = '#b8c4d2';
    ctx.fillText(label, 16, y + EXTRA_LANE_HEIGHT / 2);
  });
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

/** A label shortened with an ellipsis to fit the gutter. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
