// The timeline's view: zoom, pan, fit, following the playhead; and remembering, per video, where the
// person left the playhead and the view.
import { clampView, fitView, panBy, revealTime, zoomAt, type TimelineView } from '../../../../shared/timeline';
import { call } from '../../api/client';
import { on } from '../effects';
import { guarded } from '../guarded';
import { displayTime } from '../player/selectors';
import { selectedVideo } from '../project/selectors';
import { registerActions } from '../registry';
import { getState, setState } from '../store';
import { timelineBounds } from './selectors';

export function setTimelineWidth(width: number): void {
  const s = getState();
  if (width === s.timelineWidth) return;
  setState({ timelineWidth: width });
  const bounds = timelineBounds(getState());
  if (bounds && s.view) setState({ view: clampView(s.view, bounds) });
  fitViewIfUnset();
}

/** A video opened for the first time shows whole on the timeline. */
function fitViewIfUnset(): void {
  const s = getState();
  const bounds = timelineBounds(s);
  if (bounds && !s.view) setState({ view: fitView(bounds) });
}

function updateView(change: (view: TimelineView) => TimelineView): void {
  const s = getState();
  const bounds = timelineBounds(s);
  if (!bounds) return;
  setState({ view: change(s.view ? clampView(s.view, bounds) : fitView(bounds)) });
  scheduleViewSave();
}

export function zoomTimeline(factor: number, anchorX?: number): void {
  const s = getState();
  const bounds = timelineBounds(s);
  if (!bounds) return;
  updateView((v) => {
    // keyboard zoom keeps the playhead still (when it is in view); wheel zoom keeps the pointer still
    const playheadX = (displayTime(s) - v.start) * v.pxPerSec;
    const anchor = anchorX ?? (playheadX >= 0 && playheadX <= bounds.width ? playheadX : bounds.width / 2);
    return zoomAt(v, factor, anchor, bounds);
  });
}

export function panTimeline(dx: number): void {
  const bounds = timelineBounds(getState());
  if (bounds) updateView((v) => panBy(v, dx, bounds));
}

function panTimelineScreens(screens: number): void {
  panTimeline(screens * getState().timelineWidth * 0.9);
}

function fitTimeline(): void {
  const bounds = timelineBounds(getState());
  if (bounds) updateView(() => fitView(bounds));
}

function followPlayhead(t: number): void {
  const s = getState();
  const bounds = timelineBounds(s);
  if (bounds && s.view) setState({ view: revealTime(clampView(s.view, bounds), t, bounds) });
}

// ── where things were left ────────────────────────────────────────────────

let saveTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleViewSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(flushViewSave, 250);
}

/** Saves the selected video's playhead and view now (also when the page goes away). */
export function flushViewSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const s = getState();
  const video = selectedVideo(s);
  if (!video || !s.view) return;
  const saved = { position: displayTime(s), viewStart: s.view.start, pxPerSec: s.view.pxPerSec };
  setState((st) => ({ viewState: st.viewState ? { ...st.viewState, videos: { ...st.viewState.videos, [video.id]: saved } } : st.viewState }));
  void guarded(() => call('videos.saveView', { videoId: video.id, ...saved }));
}

export function registerTimeline(): void {
  on('playheadMoved', (t, cause) => {
    followPlayhead(t);
    if (cause === 'seek') scheduleViewSave();
  });
  on('leavingVideo', flushViewSave);
  on('videoSelected', fitViewIfUnset);
  registerActions({
    'zoom-in': () => zoomTimeline(1.5),
    'zoom-out': () => zoomTimeline(1 / 1.5),
    'zoom-fit': fitTimeline,
    'pan-later': () => panTimelineScreens(1),
    'pan-earlier': () => panTimelineScreens(-1),
  });
}
