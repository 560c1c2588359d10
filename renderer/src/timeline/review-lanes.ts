// Review lanes: labelled lanes under the mark lanes, one per person whose evidence is compared (the
// author's and each reviewer's, or the reviewer's own while answering). Drawn only when a review or
// an adjudication gives some; otherwise the timeline is exactly as tall, and as fast, as before.
import { timeToX, type TimelineView } from '../../../shared/timeline';

export interface ReviewLane {
  /** Who: "author · ana", "reviewer · bo", "you". */
  label: string;
  colour: string;
  intervals: ReadonlyArray<readonly [number, number]>;
  /** Event moments, drawn as ticks. */
  moments: readonly number[];
}

export const REVIEW_LANE_HEIGHT = 18;
const LABEL_WIDTH = 110;

export const reviewLanesHeight = (lanes: readonly ReviewLane[]): number => (lanes.length === 0 ? 0 : lanes.length * REVIEW_LANE_HEIGHT + 4);

/** Paints the lanes from `top`, limited to the view (intervals outside it cost a comparison each). */
export function paintReviewLanes(ctx: CanvasRenderingContext2D, lanes: readonly ReviewLane[], view: TimelineView, width: number, top: number): void {
  if (lanes.length === 0) return;
  const viewEnd = view.start + width / view.pxPerSec;
  ctx.fillStyle = '#0d1218';
  ctx.fillRect(0, top, width, reviewLanesHeight(lanes));
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  lanes.forEach((lane, i) => {
    const y = top + 2 + i * REVIEW_LANE_HEIGHT;
    ctx.strokeStyle = '#1a222c';
    ctx.beginPath();
    ctx.moveTo(0, y + REVIEW_LANE_HEIGHT - 0.5);
    ctx.lineTo(width, y + REVIEW_LANE_HEIGHT - 0.5);
    ctx.stroke();
    // the name first, on a light backing, so the intervals drawn over it stay visible from second 0
    const label = fit(ctx, lane.label, LABEL_WIDTH - 22);
    ctx.fillStyle = 'rgba(13, 18, 24, 0.6)';
    ctx.fillRect(0, y, 22 + ctx.measureText(label).width, REVIEW_LANE_HEIGHT);
    ctx.fillStyle = lane.colour;
    ctx.fillRect(4, y + 5, 8, REVIEW_LANE_HEIGHT - 10);
    ctx.fillStyle = '#b8c4d2';
    ctx.fillText(label, 16, y + REVIEW_LANE_HEIGHT / 2);
    ctx.fillStyle = lane.colour;
    for (const [start, end] of lane.intervals) {
      if (end < view.start || start > viewEnd) continue;
      const x0 = timeToX(start, view);
      ctx.globalAlpha = 0.55;
      ctx.fillRect(x0, y + 3, Math.max(2, (end - start) * view.pxPerSec), REVIEW_LANE_HEIGHT - 6);
      ctx.globalAlpha = 1;
    }
    for (const t of lane.moments) {
      if (t < view.start || t > viewEnd) continue;
      ctx.fillRect(Math.round(timeToX(t, view)) - 1, y + 2, 2, REVIEW_LANE_HEIGHT - 4);
    }
  });
}

/** A label shortened with an ellipsis to fit the gutter. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
