// Timeline geometry as small pure functions: a view is the time at the left edge and a scale.

export interface TimelineView {
  /** Time (s) at the left edge of the visible area. */
  start: number;
  /** Horizontal scale in pixels per second. */
  pxPerSec: number;
}

export interface TimelineBounds {
  duration: number;
  fps: number;
  /** Visible width in CSS pixels. */
  width: number;
}

/** At the deepest zoom one native frame is this many pixels wide. */
export const MAX_PX_PER_FRAME = 160;

function minPxPerSec(b: TimelineBounds): number {
  return b.duration > 0 ? b.width / b.duration : 1;
}

export function maxPxPerSec(b: TimelineBounds): number {
  return Math.max(minPxPerSec(b), MAX_PX_PER_FRAME * (b.fps > 0 ? b.fps : 30));
}

export function timeToX(t: number, v: TimelineView): number {
  return (t - v.start) * v.pxPerSec;
}

export function xToTime(x: number, v: TimelineView): number {
  return v.start + x / v.pxPerSec;
}

/** Keeps the scale within [whole video, one frame] and the window inside the video. */
export function clampView(v: TimelineView, b: TimelineBounds): TimelineView {
  const pxPerSec = Math.min(Math.max(v.pxPerSec, minPxPerSec(b)), maxPxPerSec(b));
  const span = b.width / pxPerSec;
  const start = Math.min(Math.max(v.start, 0), Math.max(0, b.duration - span));
  return { start, pxPerSec };
}

export function fitView(b: TimelineBounds): TimelineView {
  return { start: 0, pxPerSec: minPxPerSec(b) };
}

/** Zooms by `factor` keeping the time under `anchorX` where it is. */
export function zoomAt(v: TimelineView, factor: number, anchorX: number, b: TimelineBounds): TimelineView {
  const anchorTime = xToTime(anchorX, v);
  const pxPerSec = Math.min(Math.max(v.pxPerSec * factor, minPxPerSec(b)), maxPxPerSec(b));
  return clampView({ start: anchorTime - anchorX / pxPerSec, pxPerSec }, b);
}

export function panBy(v: TimelineView, dx: number, b: TimelineBounds): TimelineView {
  return clampView({ start: v.start + dx / v.pxPerSec, pxPerSec: v.pxPerSec }, b);
}

/** Scrolls just enough to bring t into view (with a margin), as a playhead-follow does. */
export function revealTime(v: TimelineView, t: number, b: TimelineBounds, marginFraction = 0.1): TimelineView {
  const span = b.width / v.pxPerSec;
  const margin = span * marginFraction;
  if (t < v.start + margin) return clampView({ ...v, start: t - margin }, b);
  if (t > v.start + span - margin) return clampView({ ...v, start: t - span + margin }, b);
  return v;
}

/** Nice tick steps (seconds) from one frame up to an hour. */
const TICK_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

interface RulerTicks {
  /** Seconds between labelled ticks. */
  major: number;
  /** Seconds between small ticks (a frame when zoomed to frames). */
  minor: number;
  /** Times of the major ticks within the view. */
  majorTimes: number[];
}

/** Picks tick spacing so labels are at least `minLabelPx` apart, frame ticks when zoomed to frames. */
export function rulerTicks(v: TimelineView, b: TimelineBounds, minLabelPx = 80): RulerTicks {
  const frame = 1 / (b.fps > 0 ? b.fps : 30);
  const candidates = [frame, ...TICK_STEPS.filter((s) => s > frame)];
  const major = candidates.find((s) => s * v.pxPerSec >= minLabelPx) ?? 3600;
  const minorCandidates = candidates.filter((s) => s < major && major / s === Math.round(major / s));
  const minor = [...minorCandidates].reverse().find((s) => s * v.pxPerSec >= 8) ?? major;
  const end = Math.min(b.duration, v.start + b.width / v.pxPerSec);
  const majorTimes: number[] = [];
  const first = Math.ceil(v.start / major - 1e-9);
  for (let i = first; i * major <= end + 1e-9; i++) majorTimes.push(roundTo(i * major, major < 1 ? 6 : 3) || 0); // no -0
  return { major, minor, majorTimes };
}

function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

interface FilmstripSlot {
  /** Which 1-FPS thumbnail (= whole second) to draw. */
  second: number;
  x: number;
  width: number;
}

/**
 * Which 1-FPS thumbnails to draw: every second while they fit, otherwise every k-th second so each
 * is at least `thumbWidth` wide. Only slots that intersect the view are returned.
 */
export function filmstripSlots(v: TimelineView, b: TimelineBounds, thumbWidth: number, thumbCount: number): FilmstripSlot[] {
  if (thumbCount <= 0) return [];
  const stride = Math.max(1, Math.ceil(thumbWidth / v.pxPerSec));
  const firstSecond = Math.max(0, Math.floor(v.start / stride) * stride);
  const end = v.start + b.width / v.pxPerSec;
  const slots: FilmstripSlot[] = [];
  for (let s = firstSecond; s < end && s < thumbCount; s += stride) {
    const x = timeToX(s, v);
    // a thumbnail stands for its whole stride, but never wider than the image itself
    const width = Math.min(stride * v.pxPerSec, Math.max(thumbWidth, v.pxPerSec));
    slots.push({ second: s, x, width });
  }
  return slots;
}
