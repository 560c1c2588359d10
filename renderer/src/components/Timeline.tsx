// The timeline: ruler, 1-FPS filmstrip, mark lanes, query points and playhead on one canvas,
// redrawn in requestAnimationFrame only when something it shows changed.
import { useEffect, useRef } from 'react';
import { buildLaneIndex, hitTest, type LaneIndex } from '../../../shared/lanes';
import type { Mark } from '../../../shared/marks';
import { snapTime } from '../../../shared/timecode';
import { xToTime } from '../../../shared/timeline';
import { thumbnailSheetUrl } from '../api/client';
import { shortcutLabel } from '../shortcuts';
import { selectMark, selectQueryPoint } from '../store/annotation/actions';
import { updateMark } from '../store/annotation/mark-actions';
import { updateQueryPoint } from '../store/annotation/question-actions';
import { openMarks, prefixLimit, selectedQuestion } from '../store/annotation/selectors';
import { thumbnailJobFor } from '../store/jobs/selectors';
import { seekSnapped } from '../store/player/actions';
import { displayTime } from '../store/player/selectors';
import { selectedTimedVideo } from '../store/project/selectors';
import { getState, useStore, type State } from '../store/store';
import { panTimeline, setTimelineWidth, zoomTimeline } from '../store/timeline/actions';
import { countWithheld, timelineBounds } from '../store/timeline/selectors';
import { lastOf } from '../store/memo';
import { reviewLanes } from '../store/review/selectors';
import { selectResponse } from '../store/runs/actions';
import { modelCounts, runLanes } from '../store/runs/selectors';
import { laneAt, paintTimeline, RULER_HEIGHT, TIMELINE_HEIGHT, timelineHeight, type TimelinePicture } from '../timeline/draw';
import { tickAt, type ExtraLane } from '../timeline/extra-lanes';

let laneCache: { marks: readonly Mark[]; index: LaneIndex } | null = null;

/** Lanes are rebuilt only when the marks array changes (every edit replaces it). */
function laneIndex(marks: readonly Mark[]): LaneIndex {
  if (laneCache?.marks !== marks) laneCache = { marks, index: buildLaneIndex(marks) };
  return laneCache.index;
}

let drag: TimelinePicture['drag'] = null;
/** An evidence interval being brushed on the query lane. */
let brush: TimelinePicture['brush'] = null;

function picture(s: State): TimelinePicture | null {
  const bounds = timelineBounds(s);
  const video = selectedTimedVideo(s);
  if (!bounds || !video || !s.view) return null;
  const job = thumbnailJobFor(s, video.id);
  return {
    view: s.view,
    bounds,
    time: displayTime(s),
    videoId: video.id,
    manifest: s.thumbnails[video.id],
    thumbProgress: job ? (job.progress ?? 0) : null,
    lanes: laneIndex(s.marks),
    marks: s.marks,
    selectedMarkId: s.selectedMarkId,
    questions: s.questions,
    queryPoints: s.queryPoints,
    selectedQuestion: selectedQuestion(s),
    selectedQueryPointId: s.selectedQueryPointId,
    prefixLimit: prefixLimit(s),
    openMarks: openMarks(s),
    drag,
    brush,
    prefixHint: `${shortcutLabel('prefix-only', s.keymap)} shows all`,
    extraLanes: extraLanes(reviewLanes(s), runLanes(s)),
    modelCounts: modelCounts(s),
    countWithheld: countWithheld(s),
  };
}

/** A review's lanes, then the shown runs' (the same array while neither changes). */
const extraLanes = lastOf((review: ExtraLane[], runs: ExtraLane[]): ExtraLane[] => (runs.length === 0 ? review : review.length === 0 ? runs : [...review, ...runs]));

const CHANGES: Array<keyof TimelinePicture> = [
  'view',
  'time',
  'manifest',
  'videoId',
  'thumbProgress',
  'marks',
  'selectedMarkId',
  'queryPoints',
  'selectedQuestion',
  'selectedQueryPointId',
  'prefixLimit',
  'openMarks',
  'prefixHint',
  'extraLanes',
  'modelCounts',
  'countWithheld',
];

export function Timeline(): React.JSX.Element {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useStore((s) => s.view);
  const hasVideo = useStore((s) => Boolean(s.selectedVideoId));
  const redrawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const observer = new ResizeObserver(() => setTimelineWidth(Math.floor(wrap.clientWidth)));
    observer.observe(wrap);
    setTimelineWidth(Math.floor(wrap.clientWidth));
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let frame = 0;
    let last: TimelinePicture | null = null;
    const paint = (): void => {
      frame = 0;
      const canvas = canvasRef.current;
      const p = picture(getState());
      if (!canvas) return;
      if (!p) {
        // nothing to show (no video selected): clear what an earlier video left
        canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
        last = null;
        return;
      }
      const dpr = window.devicePixelRatio || 1;
      const w = p.bounds.width;
      const h = timelineHeight(p);
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
        canvas.style.width = `${w}px`;
        canvas.style.height = `${h}px`;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      paintTimeline(ctx, p, (sheet) => thumbnailSheetUrl(p.videoId, sheet), requestRedraw);
      last = p;
      canvas.dataset.paints = String(Number(canvas.dataset.paints ?? 0) + 1);
    };
    const requestRedraw = (): void => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    redrawRef.current = requestRedraw;
    const unsubscribe = useStore.subscribe((s) => {
      const next = picture(s);
      if (!next ? last !== null : !last || next.bounds.width !== last.bounds.width || CHANGES.some((k) => next[k] !== last![k])) requestRedraw();
    });
    requestRedraw();
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // pointer: drag the ruler to scrub; on a mark select it (and drag its edge); on a query point
  // select it (and drag its time); elsewhere a click seeks and a drag pans
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    type Gesture =
      | { kind: 'scrub'; id: number }
      | { kind: 'pan'; id: number; startX: number; lastX: number; moved: boolean }
      | { kind: 'edge'; id: number; markId: string; edge: 'start' | 'end'; moved: boolean }
      | { kind: 'query'; id: number; pointId: string; moved: boolean; time: number }
      | { kind: 'brush'; id: number; pointId: string; from: number; to: number };
    let gesture: Gesture | null = null;
    const local = (e: PointerEvent | WheelEvent): { x: number; y: number } => {
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const timeAt = (x: number): number => {
      const v = getState().view;
      return v ? xToTime(x, v) : 0;
    };
    const snapped = (x: number): number => {
      const s = getState();
      const video = selectedTimedVideo(s);
      const t = Math.min(Math.max(timeAt(x), 0), video?.duration ?? 0);
      return snapTime(t, s.grid, video?.fps ?? 30);
    };
    const down = (e: PointerEvent): void => {
      if (e.button !== 0) return;
      const { x, y } = local(e);
      canvas.setPointerCapture(e.pointerId);
      if (y < RULER_HEIGHT) {
        gesture = { kind: 'scrub', id: e.pointerId };
        seekSnapped(timeAt(x));
        return;
      }
      const lane = laneAt(y);
      const s = getState();
      const tolerance = 6 / (s.view?.pxPerSec ?? 1);
      if (y >= TIMELINE_HEIGHT) {
        // a run's response: its details under the player
        const hit = tickAt(extraLanes(reviewLanes(s), runLanes(s)), y - TIMELINE_HEIGHT, timeAt(x), tolerance);
        if (hit) {
          selectResponse(hit.id);
          return;
        }
      }
      if (lane === 'query') {
        const t = timeAt(x);
        const point = [...s.queryPoints].sort((a, b) => Math.abs(a.time - t) - Math.abs(b.time - t))[0];
        if (point && Math.abs(point.time - t) <= tolerance) {
          selectQueryPoint(point.id);
          gesture = { kind: 'query', id: e.pointerId, pointId: point.id, moved: false, time: point.time };
          return;
        }
        // elsewhere on the query lane, a drag brushes an evidence interval for the selected query point
        if (s.selectedQueryPointId) {
          const from = snapped(x);
          gesture = { kind: 'brush', id: e.pointerId, pointId: s.selectedQueryPointId, from, to: from };
          brush = { from, to: from };
          return;
        }
      } else if (lane) {
        const hit = hitTest(laneIndex(s.marks), lane, timeAt(x), tolerance);
        if (hit) {
          selectMark(hit.mark.id, false);
          if (hit.edge) gesture = { kind: 'edge', id: e.pointerId, markId: hit.mark.id, edge: hit.edge, moved: false };
          else gesture = { kind: 'pan', id: e.pointerId, startX: x, lastX: x, moved: true }; // clicking inside selects; dragging pans
          return;
        }
      }
      gesture = { kind: 'pan', id: e.pointerId, startX: x, lastX: x, moved: false };
    };
    const move = (e: PointerEvent): void => {
      if (!gesture || e.pointerId !== gesture.id) return;
      const { x } = local(e);
      switch (gesture.kind) {
        case 'scrub':
          seekSnapped(timeAt(x));
          break;
        case 'pan':
          if (Math.abs(x - gesture.startX) > 3) gesture.moved = true;
          if (gesture.moved) panTimeline(gesture.lastX - x);
          gesture.lastX = x;
          break;
        case 'edge':
          gesture.moved = true;
          drag = { id: gesture.markId, edge: gesture.edge, time: snapped(x) };
          redrawRef.current();
          break;
        case 'query':
          gesture.moved = true;
          gesture.time = snapped(x);
          break;
        case 'brush':
          gesture.to = snapped(x);
          brush = { from: gesture.from, to: gesture.to };
          redrawRef.current();
          break;
      }
    };
    const up = (e: PointerEvent): void => {
      if (!gesture || e.pointerId !== gesture.id) return;
      const { x } = local(e);
      if (gesture.kind === 'pan' && !gesture.moved) seekSnapped(timeAt(x));
      if (gesture.kind === 'edge' && gesture.moved && drag) {
        const mark = getState().marks.find((m) => m.id === drag!.id);
        const t = drag.time;
        drag = null;
        if (mark && (mark.end === null || (gesture.edge === 'start' ? t < mark.end : t > mark.start))) {
          void updateMark(mark.id, gesture.edge === 'start' ? { start: t } : { end: t });
        } else redrawRef.current();
      }
      if (gesture.kind === 'query' && gesture.moved) void updateQueryPoint(gesture.pointId, { time: gesture.time });
      if (gesture.kind === 'brush') {
        const { pointId } = gesture;
        const point = getState().queryPoints.find((p) => p.id === pointId);
        const [from, to] = gesture.from <= gesture.to ? [gesture.from, gesture.to] : [gesture.to, gesture.from];
        brush = null;
        if (point && to > from) void updateQueryPoint(point.id, { evidence: [...point.evidence, [from, to]] });
        else redrawRef.current();
      }
      gesture = null;
    };
    const wheel = (e: WheelEvent): void => {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) zoomTimeline(Math.exp(-e.deltaY * 0.0025), local(e).x);
      else panTimeline(Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY);
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      canvas.removeEventListener('wheel', wheel);
    };
  }, []);

  return (
    <div
      ref={wrapRef}
      className="timeline"
      data-testid="timeline"
      data-view-start={view?.start ?? ''}
      data-px-per-sec={view?.pxPerSec ?? ''}
      aria-label="Timeline: drag the ruler to scrub, click to seek or select a mark, drag an edge to move it, drag to pan, Ctrl+wheel to zoom"
    >
      <canvas ref={canvasRef} height={TIMELINE_HEIGHT} />
      {!hasVideo && <div className="timeline-empty">The timeline appears when a video is selected.</div>}
    </div>
  );
}
