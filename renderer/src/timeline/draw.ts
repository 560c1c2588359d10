// Painting the timeline canvas. Everything drawn is limited to the view (see shared/lanes.ts and
// shared/timeline.ts), so a frame costs the same on an hour of video with 20,000 marks.
import { countTrajectory } from '../../../shared/counting';
import type { ThumbnailManifest } from '../../../shared/domain';
import { LANE_ORDER, visibleInLane, type LaneIndex } from '../../../shared/lanes';
import { markColour, markLabel } from '../../../shared/mark-kinds';
import { isOpenInterval, type Mark, type MarkType } from '../../../shared/marks';
import type { QueryPoint, Question } from '../../../shared/questions';
import { formatTimecode } from '../../../shared/timecode';
import { filmstripSlots, rulerTicks, timeToX, type TimelineBounds, type TimelineView } from '../../../shared/timeline';
import { paintExtraLanes, extraLanesHeight, type ExtraLane } from './extra-lanes';
import { thumbnailTile } from '../../../shared/thumbnail-tile';

export const RULER_HEIGHT = 26;
const FILMSTRIP_HEIGHT = 58;
export const LANE_HEIGHT = 20;
/** Lane 0 holds query points and evidence; then one lane per mark type. */
export const LANES: ReadonlyArray<'query' | MarkType> = ['query', ...LANE_ORDER];
export const LANES_TOP = RULER_HEIGHT + FILMSTRIP_HEIGHT;
export const TIMELINE_HEIGHT = LANES_TOP + LANES.length * LANE_HEIGHT + 8;
/** The gutter on the left where lane names are written; labels drawn over the lanes start after it. */
const LANE_LABEL_WIDTH = 58;

export interface TimelinePicture {
  view: TimelineView;
  bounds: TimelineBounds;
  time: number;
  videoId: string;
  manifest: ThumbnailManifest | null | undefined;
  thumbProgress: number | null;
  lanes: LaneIndex;
  selectedMarkId: string | null;
  questions: Question[];
  queryPoints: QueryPoint[];
  selectedQuestion: Question | null;
  selectedQueryPointId: string | null;
  /** Everything after this time is hidden (prefix-only view). */
  prefixLimit: number | null;
  /** Intervals opened and not closed yet: drawn from their start to the playhead, their end open. */
  openMarks: readonly Mark[];
  /** Live preview of an edge being dragged. */
  drag: { id: string; edge: 'start' | 'end'; time: number } | null;
  /** Live preview of an evidence interval being brushed. */
  brush: { from: number; to: number } | null;
  marks: readonly Mark[];
  /** How to show what the prefix-only view hides, with the key as the keymap has it ("Shift+P shows all"). */
  prefixHint: string;
  /** Lanes a review or an adjudication adds under the mark lanes (whose evidence is compared). */
  extraLanes: readonly ExtraLane[];
  /** The shown runs' counts for the selected counting question, drawn against its ground truth. */
  modelCounts: readonly ModelCounts[];
  /** The selected counting question's answer is withheld from the caller (blind review): no count is drawn. */
  countWithheld: boolean;
}

/** One run's answers to a counting question: the count it gave at each moment it answered. */
export interface ModelCounts {
  label: string;
  colour: string;
  points: ReadonlyArray<{ t: number; value: number }>;
}

/** The canvas's height: the fixed lanes, and the review lanes when there are any. */
export const timelineHeight = (p: Pick<TimelinePicture, 'extraLanes'>): number => TIMELINE_HEIGHT + extraLanesHeight(p.extraLanes);

export function laneAt(y: number): 'query' | MarkType | null {
  if (y < LANES_TOP) return null;
  return LANES[Math.floor((y - LANES_TOP) / LANE_HEIGHT)] ?? null;
}

const laneTop = (lane: 'query' | MarkType): number => LANES_TOP + LANES.indexOf(lane) * LANE_HEIGHT;

const sheetCache = new Map<string, HTMLImageElement>();

function sheetImage(url: string, onLoad: () => void): HTMLImageElement | null {
  let image = sheetCache.get(url);
  if (!image) {
    image = new Image();
    image.decoding = 'async';
    const loaded = image;
    // the callback lets go once it has run: the cached image must not keep the picture it was asked
    // for alive (its questions and answers — read as whoever was working then)
    loaded.onload = () => {
      loaded.onload = loaded.onerror = null;
      onLoad();
    };
    loaded.onerror = () => void (loaded.onload = loaded.onerror = null);
    image.src = url;
    sheetCache.set(url, image);
  }
  return image.complete && image.naturalWidth > 0 ? image : null;
}

export function paintTimeline(ctx: CanvasRenderingContext2D, p: TimelinePicture, sheetUrl: (sheet: number) => string, requestRedraw: () => void): void {
  const { view, bounds } = p;
  const width = bounds.width;
  const viewEnd = Math.min(bounds.duration, view.start + width / view.pxPerSec);
  const height = timelineHeight(p);
  ctx.clearRect(0, 0, width, height);
  paintRuler(ctx, p, viewEnd);
  paintFilmstrip(ctx, p, sheetUrl, requestRedraw);

  ctx.fillStyle = '#11161d';
  ctx.fillRect(0, LANES_TOP, width, TIMELINE_HEIGHT - LANES_TOP);
  if (view.pxPerSec >= 12) {
    ctx.strokeStyle = '#1a222c';
    ctx.beginPath();
    for (let s = Math.ceil(view.start); s <= viewEnd; s++) {
      const x = Math.round(timeToX(s, view)) + 0.5;
      ctx.moveTo(x, LANES_TOP);
      ctx.lineTo(x, TIMELINE_HEIGHT);
    }
    ctx.stroke();
  }
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const type of LANE_ORDER) paintLane(ctx, p, type, viewEnd);
  paintQueryLane(ctx, p);
  paintCountLine(ctx, p);
  paintLaneLabels(ctx);

  paintOpenMarks(ctx, p);
  paintExtraLanes(ctx, p.extraLanes, view, width, TIMELINE_HEIGHT);

  const endX = timeToX(bounds.duration, view);
  if (endX < width) {
    ctx.fillStyle = '#05070a';
    ctx.fillRect(endX, 0, width - endX, height);
  }
  if (p.prefixLimit !== null) {
    // prefix-only: what comes after the query (or proactive) time is hidden, as from the model
    const x = Math.max(0, timeToX(p.prefixLimit, view));
    if (x < width) {
      ctx.fillStyle = 'rgba(5, 7, 10, 0.86)';
      ctx.fillRect(x, RULER_HEIGHT, width - x, height - RULER_HEIGHT);
      ctx.fillStyle = '#8796a8';
      ctx.fillText(`after the prefix — hidden (${p.prefixHint})`, x + 8, RULER_HEIGHT + 12);
    }
  }
  paintPlayhead(ctx, p, height);
}

function paintRuler(ctx: CanvasRenderingContext2D, p: TimelinePicture, viewEnd: number): void {
  const { view, bounds } = p;
  ctx.fillStyle = '#161c24';
  ctx.fillRect(0, 0, bounds.width, RULER_HEIGHT);
  const ticks = rulerTicks(view, bounds);
  ctx.strokeStyle = '#3a4656';
  ctx.beginPath();
  if (ticks.minor < ticks.major) {
    for (let i = Math.ceil(view.start / ticks.minor); i * ticks.minor <= viewEnd; i++) {
      const x = Math.round(timeToX(i * ticks.minor, view)) + 0.5;
      ctx.moveTo(x, RULER_HEIGHT - 6);
      ctx.lineTo(x, RULER_HEIGHT);
    }
  }
  ctx.stroke();
  ctx.strokeStyle = '#8796a8';
  ctx.fillStyle = '#b8c4d2';
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.beginPath();
  const digits = ticks.major < 1 ? 3 : 0;
  for (const t of ticks.majorTimes) {
    const x = Math.round(timeToX(t, view)) + 0.5;
    ctx.moveTo(x, 4);
    ctx.lineTo(x, RULER_HEIGHT);
    ctx.fillText(formatTimecode(t, { fractionDigits: digits }), x + 3, 4);
  }
  ctx.stroke();
}

function paintFilmstrip(ctx: CanvasRenderingContext2D, p: TimelinePicture, sheetUrl: (sheet: number) => string, requestRedraw: () => void): void {
  const { view, bounds, manifest } = p;
  ctx.fillStyle = '#0b0f14';
  ctx.fillRect(0, RULER_HEIGHT, bounds.width, FILMSTRIP_HEIGHT);
  if (!manifest) {
    ctx.fillStyle = '#6b7a8c';
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillText(p.thumbProgress === null ? 'No thumbnails yet' : `Extracting thumbnails… ${Math.round(p.thumbProgress * 100)}%`, 8, RULER_HEIGHT + FILMSTRIP_HEIGHT / 2);
    return;
  }
  const scale = FILMSTRIP_HEIGHT / manifest.tileHeight;
  const thumbWidth = manifest.tileWidth * scale;
  for (const slot of filmstripSlots(view, bounds, thumbWidth, manifest.count)) {
    if (p.prefixLimit !== null && slot.second > p.prefixLimit) break; // never even load frames past the prefix
    const tile = thumbnailTile(manifest, slot.second);
    const image = tile && sheetImage(sheetUrl(tile.sheet), requestRedraw);
    if (!tile || !image) continue;
    const w = Math.min(slot.width, thumbWidth);
    ctx.drawImage(image, tile.x, tile.y, w / scale, manifest.tileHeight, slot.x, RULER_HEIGHT, w, FILMSTRIP_HEIGHT);
  }
}

/** A moment's glyph: a diamond centred on x within a lane. */
function diamond(ctx: CanvasRenderingContext2D, x: number, top: number, halfWidth: number, inset: number): void {
  ctx.beginPath();
  ctx.moveTo(x, top + inset);
  ctx.lineTo(x + halfWidth, top + LANE_HEIGHT / 2);
  ctx.lineTo(x, top + LANE_HEIGHT - inset);
  ctx.lineTo(x - halfWidth, top + LANE_HEIGHT / 2);
  ctx.fill();
}

/** Below this width an interval is merged with its neighbours into one run (zoomed far out). */
const MIN_INTERVAL_PX = 3;

function paintLane(ctx: CanvasRenderingContext2D, p: TimelinePicture, type: MarkType, viewEnd: number): void {
  const { view } = p;
  const top = laneTop(type);
  const color = markColour(type);
  const slack = 6 / view.pxPerSec;
  let lastLabelEnd = -Infinity;
  // density culling: at most one moment glyph per pixel column, and tiny intervals merged into runs
  let lastMomentPx = NaN;
  let run: [number, number] | null = null;
  const flushRun = (): void => {
    if (!run) return;
    ctx.globalAlpha = 0.6;
    ctx.fillStyle = color;
    ctx.fillRect(run[0], top + 3, Math.max(1, run[1] - run[0]), LANE_HEIGHT - 6);
    ctx.globalAlpha = 1;
    run = null;
  };
  for (const original of visibleInLane(p.lanes, type, view.start, viewEnd, slack)) {
    const mark = p.drag?.id === original.id ? { ...original, [p.drag.edge]: p.drag.time } : original;
    const selected = mark.id === p.selectedMarkId;
    const x0 = timeToX(mark.start, view);
    if (isOpenInterval(mark)) continue; // drawn reaching to the playhead by paintOpenMarks
    if (mark.end === null) {
      const px = Math.round(x0);
      if (px === lastMomentPx && !selected) continue;
      lastMomentPx = px;
      ctx.fillStyle = selected ? '#ffffff' : color;
      diamond(ctx, x0, top, 5, 3);
      if (type === 'count' || type === 'identity') {
        const label = markLabel(mark);
        if (x0 + 8 > lastLabelEnd && view.pxPerSec > 4) {
          ctx.fillStyle = '#d7dee7';
          ctx.fillText(label, x0 + 7, top + LANE_HEIGHT / 2);
          lastLabelEnd = x0 + 8 + ctx.measureText(label).width;
        }
      }
      continue;
    }
    const x1 = timeToX(mark.end, view);
    if (x1 - x0 < MIN_INTERVAL_PX && !selected) {
      if (run && x0 <= run[1] + 1) run[1] = Math.max(run[1], x1);
      else {
        flushRun();
        run = [x0, x1];
      }
      continue;
    }
    flushRun();
    const w = Math.max(1, x1 - x0);
    ctx.globalAlpha = selected ? 0.95 : 0.6;
    ctx.fillStyle = color;
    ctx.fillRect(x0, top + 3, w, LANE_HEIGHT - 6);
    ctx.globalAlpha = 1;
    // an outline keeps adjacent intervals (consecutive cycles) apart
    ctx.strokeStyle = selected ? '#ffffff' : '#0b0f14';
    ctx.strokeRect(x0 + 0.5, top + 3.5, Math.max(0, w - 1), LANE_HEIGHT - 7);
    if (mark.type === 'cycle' && w > 8) {
      ctx.strokeStyle = '#1b1030';
      ctx.beginPath();
      for (const split of mark.data.splits) {
        const xs = Math.round(timeToX(split, view)) + 0.5;
        ctx.moveTo(xs, top + 3);
        ctx.lineTo(xs, top + LANE_HEIGHT - 3);
      }
      ctx.stroke();
    }
    if (w > 30) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(x0, top, w - 2, LANE_HEIGHT);
      ctx.clip();
      ctx.fillStyle = '#0b0f14';
      ctx.fillText(markLabel(mark), Math.max(x0, 0) + 4, top + LANE_HEIGHT / 2);
      ctx.restore();
    }
  }
  flushRun();
}

/** Open intervals: from their start to the playhead, dashed, with no closing edge — not ended yet. */
function paintOpenMarks(ctx: CanvasRenderingContext2D, p: TimelinePicture): void {
  const { view } = p;
  for (const mark of p.openMarks) {
    const top = laneTop(mark.type) + 3;
    const height = LANE_HEIGHT - 6;
    const x0 = timeToX(mark.start, view);
    const x1 = Math.max(timeToX(p.time, view), x0 + 8);
    if (x1 < 0 || x0 > p.bounds.width) continue;
    const selected = mark.id === p.selectedMarkId;
    ctx.globalAlpha = selected ? 0.5 : 0.3;
    ctx.fillStyle = markColour(mark.type);
    ctx.fillRect(x0, top, x1 - x0, height);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = selected ? '#ffffff' : markColour(mark.type);
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(x1, top);
    ctx.lineTo(x0 + 0.5, top);
    ctx.lineTo(x0 + 0.5, top + height);
    ctx.lineTo(x1, top + height);
    ctx.stroke();
    ctx.setLineDash([]);
    // an arrowhead where it will be closed
    ctx.fillStyle = markColour(mark.type);
    ctx.beginPath();
    ctx.moveTo(x1, top + 2);
    ctx.lineTo(x1 + 5, top + height / 2);
    ctx.lineTo(x1, top + height - 2);
    ctx.fill();
  }
}

function paintQueryLane(ctx: CanvasRenderingContext2D, p: TimelinePicture): void {
  const { view } = p;
  const top = laneTop('query');
  if (p.brush) {
    ctx.fillStyle = 'rgba(79, 163, 255, 0.5)';
    const x0 = timeToX(Math.min(p.brush.from, p.brush.to), view);
    ctx.fillRect(x0, top + 2, Math.max(2, Math.abs(p.brush.to - p.brush.from) * view.pxPerSec), LANE_HEIGHT - 4);
  }
  const selectedQuestionId = p.selectedQuestion?.id;
  for (const point of p.queryPoints) {
    const own = point.questionId === selectedQuestionId;
    const selected = point.id === p.selectedQueryPointId;
    if (own) {
      ctx.fillStyle = 'rgba(79, 163, 255, 0.28)';
      for (const [s, e] of point.evidence) ctx.fillRect(timeToX(s, view), top + 2, Math.max(2, (e - s) * view.pxPerSec), LANE_HEIGHT - 4);
      if (point.windowStart !== null) {
        ctx.strokeStyle = '#8ecae6';
        ctx.strokeRect(timeToX(point.windowStart, view) + 0.5, top + 4.5, (point.time - point.windowStart) * view.pxPerSec, LANE_HEIGHT - 9);
      }
    }
    const x = timeToX(point.time, view);
    if (x < -10 || x > p.bounds.width + 10) continue;
    ctx.fillStyle = selected ? '#ffffff' : own ? '#4fa3ff' : '#41556e';
    diamond(ctx, x, top, 6, 2);
    if (point.proactiveTime !== null && own) {
      const xp = timeToX(point.proactiveTime, view);
      ctx.fillStyle = '#ffb703';
      ctx.beginPath();
      ctx.moveTo(xp, top + 2);
      ctx.lineTo(xp + 6, top + LANE_HEIGHT - 2);
      ctx.lineTo(xp - 6, top + LANE_HEIGHT - 2);
      ctx.fill();
    }
  }
}

/** A count held from one point to the next, to the end of the video. */
function strokeSteps(ctx: CanvasRenderingContext2D, p: TimelinePicture, points: ReadonlyArray<{ t: number; value: number }>, y: (v: number) => number): void {
  ctx.beginPath();
  points.forEach((pt, i) => {
    const x = timeToX(pt.t, p.view);
    if (i === 0) ctx.moveTo(x, y(pt.value));
    else {
      ctx.lineTo(x, y(points[i - 1]!.value));
      ctx.lineTo(x, y(pt.value));
    }
  });
  ctx.lineTo(timeToX(p.bounds.duration, p.view), y(points.at(-1)?.value ?? 0));
  ctx.stroke();
}

/** The derived count of the selected counting question, as a step line over the lanes. */
function paintCountLine(ctx: CanvasRenderingContext2D, p: TimelinePicture): void {
  const counting = p.selectedQuestion?.counting;
  if (!counting) return;
  const top = laneTop('event');
  if (p.countWithheld) {
    // the marks it counts are not sent: a line at 0 (max 1) would read as the author's answer
    ctx.fillStyle = '#8796a8';
    ctx.fillText(`${counting.subcategory} · ${counting.target} — answer withheld (blind review)`, LANE_LABEL_WIDTH + 6, top + 8);
    return;
  }
  const steps = countTrajectory(p.marks, counting, p.bounds.duration);
  const max = Math.max(1, ...steps.map((s) => s.value), ...p.modelCounts.flatMap((m) => m.points.map((pt) => pt.value)));
  const bottom = TIMELINE_HEIGHT - 6;
  const y = (v: number): number => bottom - (v / max) * (bottom - top);
  ctx.strokeStyle = '#ff5a5f';
  ctx.lineWidth = 1.5;
  strokeSteps(
    ctx,
    p,
    steps.map((s) => ({ t: s.time, value: s.value })),
    y,
  );
  ctx.lineWidth = 1;
  ctx.fillStyle = '#ffb3b5';
  ctx.fillText(`${counting.subcategory} · ${counting.target} (max ${max})`, LANE_LABEL_WIDTH + 6, top + 8);
  // each run's trajectory: its count held from one answer to the next, its answers as dots
  for (const m of p.modelCounts) {
    const pts = [...m.points].sort((a, b) => a.t - b.t);
    if (pts.length === 0) continue;
    ctx.strokeStyle = m.colour;
    ctx.fillStyle = m.colour;
    ctx.setLineDash([4, 3]);
    strokeSteps(ctx, p, pts, y);
    ctx.setLineDash([]);
    for (const pt of pts) ctx.fillRect(timeToX(pt.t, p.view) - 2, y(pt.value) - 2, 4, 4);
  }
}

function paintLaneLabels(ctx: CanvasRenderingContext2D): void {
  ctx.fillStyle = 'rgba(17, 22, 29, 0.75)';
  ctx.fillRect(0, LANES_TOP, LANE_LABEL_WIDTH, LANES.length * LANE_HEIGHT);
  ctx.fillStyle = '#6b7a8c';
  LANES.forEach((lane, i) => ctx.fillText(lane, 4, LANES_TOP + i * LANE_HEIGHT + LANE_HEIGHT / 2));
}

function paintPlayhead(ctx: CanvasRenderingContext2D, p: TimelinePicture, height: number): void {
  const x = Math.round(timeToX(p.time, p.view)) + 0.5;
  if (x < 0 || x > p.bounds.width) return;
  ctx.strokeStyle = '#ff5a5f';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, height);
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.fillStyle = '#ff5a5f';
  ctx.beginPath();
  ctx.moveTo(x - 6, 0);
  ctx.lineTo(x + 6, 0);
  ctx.lineTo(x, 8);
  ctx.fill();
}
