// The timeline: ruler, 1-FPS filmstrip, lanes area and playhead on one canvas, redrawn in
// requestAnimationFrame only when something it shows changed — smooth on hour-long videos because
// only what is in view is drawn (shared/timeline.ts decides what that is).
import { useEffect, useRef } from 'react';
import type { ThumbnailManifest } from '../../../shared/domain';
import { formatTimecode } from '../../../shared/timecode';
import { filmstripSlots, rulerTicks, timeToX, xToTime, type TimelineBounds, type TimelineView } from '../../../shared/timeline';
import { thumbnailSheetUrl } from '../api/client';
import { panTimeline, seekSnapped, setTimelineWidth, zoomTimeline } from '../store/actions';
import { selectors } from '../store/selectors';
import { getState, useStore, type State } from '../store/store';

export const RULER_HEIGHT = 26;
export const FILMSTRIP_HEIGHT = 58;
const LANES_HEIGHT = 120;
const HEIGHT = RULER_HEIGHT + FILMSTRIP_HEIGHT + LANES_HEIGHT;

const sheetCache = new Map<string, HTMLImageElement>();

function sheetImage(videoId: string, sheet: number, onLoad: () => void): HTMLImageElement | null {
  const key = `${videoId}/${sheet}`;
  let image = sheetCache.get(key);
  if (!image) {
    image = new Image();
    image.decoding = 'async';
    image.onload = onLoad;
    image.src = thumbnailSheetUrl(videoId, sheet);
    sheetCache.set(key, image);
  }
  return image.complete && image.naturalWidth > 0 ? image : null;
}

interface DrawInput {
  view: TimelineView;
  bounds: TimelineBounds;
  time: number;
  videoId: string;
  manifest: ThumbnailManifest | null | undefined;
  thumbProgress: number | null;
}

function draw(ctx: CanvasRenderingContext2D, input: DrawInput, requestRedraw: () => void): void {
  const { view, bounds, time, manifest } = input;
  const width = bounds.width;
  ctx.clearRect(0, 0, width, HEIGHT);

  // ruler
  ctx.fillStyle = '#161c24';
  ctx.fillRect(0, 0, width, RULER_HEIGHT);
  const ticks = rulerTicks(view, bounds);
  ctx.strokeStyle = '#3a4656';
  ctx.beginPath();
  if (ticks.minor < ticks.major) {
    const first = Math.ceil(view.start / ticks.minor);
    const end = Math.min(bounds.duration, view.start + width / view.pxPerSec);
    for (let i = first; i * ticks.minor <= end; i++) {
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

  // filmstrip
  const stripTop = RULER_HEIGHT;
  ctx.fillStyle = '#0b0f14';
  ctx.fillRect(0, stripTop, width, FILMSTRIP_HEIGHT);
  if (manifest) {
    const scale = FILMSTRIP_HEIGHT / manifest.tileHeight;
    const thumbWidth = manifest.tileWidth * scale;
    const perSheet = manifest.columns * manifest.rows;
    for (const slot of filmstripSlots(view, bounds, thumbWidth, manifest.count)) {
      const sheet = Math.floor(slot.second / perSheet);
      const image = sheetImage(input.videoId, sheet, requestRedraw);
      if (!image) continue;
      const tile = slot.second % perSheet;
      const sx = (tile % manifest.columns) * manifest.tileWidth;
      const sy = Math.floor(tile / manifest.columns) * manifest.tileHeight;
      const w = Math.min(slot.width, thumbWidth);
      ctx.drawImage(image, sx, sy, (w / scale), manifest.tileHeight, slot.x, stripTop, w, FILMSTRIP_HEIGHT);
    }
  } else {
    ctx.fillStyle = '#6b7a8c';
    ctx.fillText(input.thumbProgress === null ? 'No thumbnails yet' : `Extracting thumbnails… ${Math.round(input.thumbProgress * 100)}%`, 8, stripTop + FILMSTRIP_HEIGHT / 2 - 6);
  }

  // lanes area (marks arrive with annotation): second gridlines when zoomed in enough to help
  const lanesTop = RULER_HEIGHT + FILMSTRIP_HEIGHT;
  ctx.fillStyle = '#11161d';
  ctx.fillRect(0, lanesTop, width, LANES_HEIGHT);
  if (view.pxPerSec >= 12) {
    ctx.strokeStyle = '#1c242e';
    ctx.beginPath();
    const end = Math.min(bounds.duration, view.start + width / view.pxPerSec);
    for (let s = Math.ceil(view.start); s <= end; s++) {
      const x = Math.round(timeToX(s, view)) + 0.5;
      ctx.moveTo(x, lanesTop);
      ctx.lineTo(x, HEIGHT);
    }
    ctx.stroke();
  }

  // end of video
  const endX = timeToX(bounds.duration, view);
  if (endX < width) {
    ctx.fillStyle = '#05070a';
    ctx.fillRect(endX, 0, width - endX, HEIGHT);
  }

  // playhead
  const x = Math.round(timeToX(time, view)) + 0.5;
  if (x >= 0 && x <= width) {
    ctx.strokeStyle = '#ff5a5f';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, HEIGHT);
    ctx.stroke();
    ctx.lineWidth = 1;
    ctx.fillStyle = '#ff5a5f';
    ctx.beginPath();
    ctx.moveTo(x - 6, 0);
    ctx.lineTo(x + 6, 0);
    ctx.lineTo(x, 8);
    ctx.fill();
  }
}

function drawInput(s: State): DrawInput | null {
  const bounds = selectors.timelineBounds(s);
  const video = selectors.selectedVideo(s);
  if (!bounds || !video || !s.view) return null;
  const job = selectors.thumbnailJobFor(video.id)(s);
  return { view: s.view, bounds, time: selectors.displayTime(s), videoId: video.id, manifest: s.thumbnails[video.id], thumbProgress: job ? (job.progress ?? 0) : null };
}

export function Timeline(): React.JSX.Element {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useStore((s) => s.view);
  const hasVideo = useStore((s) => Boolean(s.selectedVideoId));

  // keep the canvas size in step with its box
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const observer = new ResizeObserver(() => setTimelineWidth(Math.floor(wrap.clientWidth)));
    observer.observe(wrap);
    setTimelineWidth(Math.floor(wrap.clientWidth));
    return () => observer.disconnect();
  }, []);

  // redraw on the next animation frame whenever what it shows changes
  useEffect(() => {
    let frame = 0;
    let last: DrawInput | null = null;
    const paint = (): void => {
      frame = 0;
      const canvas = canvasRef.current;
      const input = drawInput(getState());
      if (!canvas || !input) return;
      const dpr = window.devicePixelRatio || 1;
      const w = input.bounds.width;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(HEIGHT * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(HEIGHT * dpr);
        canvas.style.width = `${w}px`;
        canvas.style.height = `${HEIGHT}px`;
      }
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      draw(ctx, input, requestRedraw);
      last = input;
    };
    const requestRedraw = (): void => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    const unsubscribe = useStore.subscribe((s) => {
      const next = drawInput(s);
      if (!next || !last || next.view !== last.view || next.time !== last.time || next.bounds.width !== last.bounds.width || next.manifest !== last.manifest || next.videoId !== last.videoId || next.thumbProgress !== last.thumbProgress) requestRedraw();
    });
    requestRedraw();
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // pointer: drag on the ruler scrubs; on the strip or lanes a click seeks and a drag pans
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let drag: { startX: number; lastX: number; scrub: boolean; moved: boolean; id: number } | null = null;
    const localX = (e: PointerEvent): number => e.clientX - canvas.getBoundingClientRect().left;
    const timeAt = (x: number): number => {
      const v = getState().view;
      return v ? xToTime(x, v) : 0;
    };
    const down = (e: PointerEvent): void => {
      if (e.button !== 0) return;
      const y = e.clientY - canvas.getBoundingClientRect().top;
      drag = { startX: localX(e), lastX: localX(e), scrub: y < RULER_HEIGHT, moved: false, id: e.pointerId };
      canvas.setPointerCapture(e.pointerId);
      if (drag.scrub) seekSnapped(timeAt(drag.startX));
    };
    const move = (e: PointerEvent): void => {
      if (!drag || e.pointerId !== drag.id) return;
      const x = localX(e);
      if (Math.abs(x - drag.startX) > 3) drag.moved = true;
      if (drag.scrub) seekSnapped(timeAt(x));
      else if (drag.moved) panTimeline(drag.lastX - x);
      drag.lastX = x;
    };
    const up = (e: PointerEvent): void => {
      if (!drag || e.pointerId !== drag.id) return;
      if (!drag.scrub && !drag.moved) seekSnapped(timeAt(localX(e)));
      drag = null;
    };
    const wheel = (e: WheelEvent): void => {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) zoomTimeline(Math.exp(-e.deltaY * 0.0025), localX(e as unknown as PointerEvent));
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
      aria-label="Timeline: drag the ruler to scrub, click to seek, drag to pan, Ctrl+wheel to zoom"
    >
      <canvas ref={canvasRef} height={HEIGHT} />
      {!hasVideo && <div className="timeline-empty">The timeline appears when a video is selected.</div>}
    </div>
  );
}
