// Actions: the only place the renderer does I/O (API calls) and drives the player.
import type { Job } from '../../../shared/domain';
import { clampView, fitView, panBy, revealTime, zoomAt, type TimelineView } from '../../../shared/timeline';
import { snapTime, stepFrames as frameStep, stepSeconds as secondStep } from '../../../shared/timecode';
import { call } from '../api/client';
import { playerControl } from '../player/control';
import { setKeymapOverrides } from '../shortcuts';
import { loadAnnotations, prefixLimit } from './annotation';
import { guarded, report } from './guarded';
import { selectors } from './selectors';
import { getState, noAnnotations, setState } from './store';

export async function boot(): Promise<void> {
  await guarded(async () => {
    const [info, recent, settings] = await Promise.all([call('app.info'), call('projects.recent'), call('settings.get')]);
    setState({ info, recent });
    setKeymapOverrides(settings.keymap);
    await refreshJobs();
    await loadProject();
  });
  schedulePoll();
}

export async function loadProject(): Promise<void> {
  const project = await call('projects.current');
  if (!project) {
    setState({ project: null, videos: [], selectedVideoId: null, viewState: null, view: null, recent: await call('projects.recent') });
    return;
  }
  const [videos, viewState] = await Promise.all([call('videos.list'), call('projects.viewState')]);
  setState({ project, videos, viewState, thumbnails: {} });
  const keep = videos.find((v) => v.id === (getState().selectedVideoId ?? viewState.selectedVideoId));
  const first = keep ?? videos[0];
  if (first) selectVideo(first.id, { persist: !keep });
  else setState({ selectedVideoId: null, view: null });
}

export async function refreshVideos(): Promise<void> {
  const videos = await call('videos.list');
  const project = await call('projects.current');
  setState({ videos, project });
  if (!getState().selectedVideoId && videos[0]) selectVideo(videos[0].id);
}

export function selectVideo(videoId: string, options: { persist?: boolean } = {}): void {
  const s = getState();
  if (s.selectedVideoId === videoId) return;
  if (s.selectedVideoId && s.selectedVideoId !== videoId) flushViewSave();
  const saved = s.viewState?.videos[videoId];
  playerControl.pause();
  setState({
    selectedVideoId: videoId,
    commanded: { time: saved?.position ?? 0, seq: s.commanded.seq + 1 },
    playerTime: saved?.position ?? 0,
    playing: false,
    ...noAnnotations,
    view: saved ? { start: saved.viewStart, pxPerSec: saved.pxPerSec } : null,
  });
  fitViewIfUnset();
  if (options.persist !== false) void guarded(() => call('projects.selectVideo', { videoId }));
  void ensureThumbnails(videoId);
  void loadAnnotations(videoId);
}

const manifestRequests = new Set<string>();

/** Fetches a video's thumbnail manifest once (library rows ask as they scroll into view). */
export function loadThumbnailManifest(videoId: string): void {
  if (manifestRequests.has(videoId) || videoId in getState().thumbnails) return;
  manifestRequests.add(videoId);
  void guarded(async () => {
    const { manifest } = await call('thumbnails.get', { videoId });
    setState((s) => ({ thumbnails: { ...s.thumbnails, [videoId]: manifest } }));
  }).finally(() => manifestRequests.delete(videoId));
}

async function ensureThumbnails(videoId: string): Promise<void> {
  await guarded(async () => {
    const video = getState().videos.find((v) => v.id === videoId);
    if (!video || video.status !== 'ok') return;
    const { manifest, jobId } = await call('thumbnails.get', { videoId });
    setState((s) => ({ thumbnails: { ...s.thumbnails, [videoId]: manifest } }));
    if (!manifest && !jobId) {
      await call('thumbnails.generate', { videoId });
      await refreshJobs();
    }
  });
}

// ── player ────────────────────────────────────────────────────────────────

export function seek(time: number): void {
  const video = selectors.selectedVideo(getState());
  if (!video) return;
  const limit = prefixLimit();
  const t = Math.min(Math.max(time, 0), video.duration, limit ?? Infinity);
  playerControl.pause();
  setState((s) => ({ commanded: { time: t, seq: s.commanded.seq + 1 }, playerTime: t }));
  followPlayhead(t);
  scheduleViewSave();
}

/** The time steps start from: where playback is, or what was last commanded. */
function currentTime(): number {
  return selectors.displayTime(getState());
}

export function stepSeconds(direction: 1 | -1): void {
  const video = selectors.selectedVideo(getState());
  if (video) seek(secondStep(currentTime(), direction, video.duration, video.fps));
}

export function stepFrames(delta: number): void {
  const video = selectors.selectedVideo(getState());
  if (video) seek(frameStep(currentTime(), delta, video.duration, video.fps));
}

export function seekSnapped(time: number): void {
  const s = getState();
  const video = selectors.selectedVideo(s);
  if (video) seek(snapTime(time, s.grid, video.fps));
}

export function togglePlay(): void {
  if (getState().playing) playerControl.pause();
  else void playerControl.play();
}

const RATES = [0.25, 0.5, 1, 1.5, 2, 4];
export const playbackRates: readonly number[] = RATES;

export function setRate(rate: number): void {
  setState({ rate });
  playerControl.setRate(rate);
}

export function changeRate(direction: 1 | -1): void {
  const index = RATES.indexOf(getState().rate);
  const next = RATES[Math.min(Math.max((index < 0 ? 2 : index) + direction, 0), RATES.length - 1)];
  if (next !== undefined) setRate(next);
}

/** J/K/L shuttle: L plays forward, faster on each press; J plays backwards the same way; K stops. */
export function shuttle(direction: 1 | -1 | 0): void {
  if (direction === 0) {
    playerControl.pause();
    return;
  }
  const s = getState();
  const speeding = s.playing && playerControl.direction() === direction;
  const rate = speeding ? Math.min(s.rate * 2, 8) : 1;
  setState({ rate });
  if (direction > 0) void playerControl.play(rate);
  else playerControl.playBackwards(rate);
}

export function toggleGrid(): void {
  setState((s) => ({ grid: s.grid === 'second' ? 'frame' : 'second' }));
}

// ── timeline ──────────────────────────────────────────────────────────────

export function setTimelineWidth(width: number): void {
  const s = getState();
  if (width === s.timelineWidth) return;
  setState({ timelineWidth: width });
  const bounds = selectors.timelineBounds(getState());
  if (bounds && s.view) setState({ view: clampView(s.view, bounds) });
  fitViewIfUnset();
}

/** A video opened for the first time shows whole on the timeline. */
function fitViewIfUnset(): void {
  const s = getState();
  const bounds = selectors.timelineBounds(s);
  if (bounds && !s.view) setState({ view: fitView(bounds) });
}

function updateView(change: (view: TimelineView) => TimelineView): void {
  const s = getState();
  const bounds = selectors.timelineBounds(s);
  if (!bounds) return;
  setState({ view: change(s.view ? clampView(s.view, bounds) : fitView(bounds)) });
  scheduleViewSave();
}

export function zoomTimeline(factor: number, anchorX?: number): void {
  const s = getState();
  const bounds = selectors.timelineBounds(s);
  if (!bounds) return;
  updateView((v) => {
    // keyboard zoom keeps the playhead still (when it is in view); wheel zoom keeps the pointer still
    const playheadX = (selectors.displayTime(s) - v.start) * v.pxPerSec;
    const anchor = anchorX ?? (playheadX >= 0 && playheadX <= bounds.width ? playheadX : bounds.width / 2);
    return zoomAt(v, factor, anchor, bounds);
  });
}

export function panTimeline(dx: number): void {
  const bounds = selectors.timelineBounds(getState());
  if (bounds) updateView((v) => panBy(v, dx, bounds));
}

export function panTimelineScreens(screens: number): void {
  const s = getState();
  panTimeline(screens * s.timelineWidth * 0.9);
}

export function fitTimeline(): void {
  const bounds = selectors.timelineBounds(getState());
  if (bounds) updateView(() => fitView(bounds));
}

function followPlayhead(t: number): void {
  const bounds = selectors.timelineBounds(getState());
  const view = getState().view;
  if (bounds && view) setState({ view: revealTime(clampView(view, bounds), t, bounds) });
}

export function onPlaybackTime(t: number): void {
  const limit = prefixLimit();
  if (limit !== null && t >= limit) {
    // prefix-only: playback stops where the model's view ends
    seek(limit);
    return;
  }
  setState({ playerTime: t });
  followPlayhead(t);
}

// ── persistence of where things were left ────────────────────────────────

let saveTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleViewSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(flushViewSave, 250);
}

export function flushViewSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const s = getState();
  const video = selectors.selectedVideo(s);
  if (!video || !s.view) return;
  const saved = { position: selectors.displayTime(s), viewStart: s.view.start, pxPerSec: s.view.pxPerSec };
  setState((st) => ({ viewState: st.viewState ? { ...st.viewState, videos: { ...st.viewState.videos, [video.id]: saved } } : st.viewState }));
  void guarded(() => call('videos.saveView', { videoId: video.id, ...saved }));
}

// ── projects, import, jobs ────────────────────────────────────────────────

type PickKind = 'openProject' | 'saveProject' | 'videoFiles' | 'videoFolder';

/** Native dialog in the desktop app; a typed path in browser mode. */
export async function pick(kind: PickKind): Promise<void> {
  if (getState().info?.nativeDialogs) {
    const result = await guarded(() => call('dialogs.pick', { kind }));
    if (result && result.paths.length > 0) await usePickedPaths(kind, result.paths);
  } else {
    setState({ prompt: { kind } });
  }
}

/** A path from the desktop app's file dialog (null when cancelled, or in browser mode, where paths are typed). */
export async function choosePath(kind: 'benchmarkFile' | 'benchmarkSaveFile' | 'mediaFolder'): Promise<string | null> {
  if (!getState().info?.nativeDialogs) return null;
  const result = await guarded(() => call('dialogs.pick', { kind }));
  return result?.paths[0] ?? null;
}

/** Points a missing or changed video at its new location (others in that folder follow). */
export async function relinkVideo(videoId: string): Promise<void> {
  if (getState().info?.nativeDialogs) {
    const result = await guarded(() => call('dialogs.pick', { kind: 'videoFiles' }));
    if (result && result.paths[0]) await usePickedPaths('relink', result.paths, videoId);
  } else {
    setState({ prompt: { kind: 'relink', videoId } });
  }
}

export async function usePickedPaths(kind: PickKind | 'relink', paths: string[], videoId?: string): Promise<void> {
  setState({ prompt: null, error: null });
  await guarded(async () => {
    switch (kind) {
      case 'openProject':
        flushViewSave();
        await call('projects.open', { path: paths[0]! });
        setState({ selectedVideoId: null });
        await loadProject();
        break;
      case 'saveProject':
        flushViewSave();
        await call('projects.create', { path: paths[0]! });
        setState({ selectedVideoId: null });
        await loadProject();
        break;
      case 'videoFiles':
      case 'videoFolder':
        await call('videos.import', { paths });
        await refreshJobs();
        break;
      case 'relink':
        if (videoId) await call('videos.relink', { videoId, path: paths[0]! });
        await refreshVideos();
        break;
    }
  });
}

export async function closeProject(): Promise<void> {
  flushViewSave();
  await guarded(() => call('projects.close'));
  setState({ selectedVideoId: null });
  await guarded(loadProject);
}

export async function cancelJob(jobId: string): Promise<void> {
  await guarded(() => call('jobs.cancel', { jobId }));
  await refreshJobs();
}

let pollTimer: ReturnType<typeof setTimeout> | null = null;
/** Finished jobs already acted on; null until the first listing (older jobs are history, not news). */
let handledJobs: Set<string> | null = null;

export async function refreshJobs(): Promise<void> {
  const jobs = await call('jobs.list');
  setState({ jobs });
  const finished = jobs.filter((j) => j.state !== 'running');
  if (!handledJobs) handledJobs = new Set(finished.map((j) => j.id));
  for (const job of finished) {
    if (handledJobs.has(job.id)) continue;
    handledJobs.add(job.id);
    await onJobFinished(job);
  }
  schedulePoll();
}

function schedulePoll(): void {
  if (pollTimer) clearTimeout(pollTimer);
  const busy = getState().jobs.some((j) => j.state === 'running');
  pollTimer = setTimeout(() => void guarded(refreshJobs), busy ? 400 : 3000);
}

async function onJobFinished(job: Job): Promise<void> {
  if (job.kind === 'demo') {
    if (job.state === 'failed') report(`Could not create the demo project: ${job.message}`);
    await loadProject();
  } else if (job.kind === 'import') {
    if (job.state === 'done') setState({ lastImport: job.result as never });
    await refreshVideos();
  } else if (job.kind === 'exchange') {
    if (job.state === 'failed') report(job.message);
    else if (job.state === 'done') {
      setState({ lastExchangeImport: job.result as never });
      await loadProject();
      await refreshVideos();
    }
  } else if (job.kind === 'thumbnails') {
    if (job.state === 'failed') report(job.message);
    else if (job.state === 'done') {
      const { manifest } = await call('thumbnails.get', { videoId: job.label });
      setState((s) => ({ thumbnails: { ...s.thumbnails, [job.label]: manifest } }));
    }
  }
}

export function dismissImportReport(): void {
  setState({ lastImport: null });
}

/** Rebinds a shortcut (null restores its default keys) and keeps the choice in settings. */
export async function rebindShortcut(id: string, keys: string[] | null): Promise<void> {
  await guarded(async () => {
    const settings = await call('settings.get');
    const keymap = { ...settings.keymap };
    if (keys) keymap[id] = keys;
    else delete keymap[id];
    const saved = await call('settings.update', { keymap });
    setKeymapOverrides(saved.keymap);
    setState({ rebinding: null });
  });
}
