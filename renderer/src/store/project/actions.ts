// The project: opening, creating and closing it, its videos (import, relink), which one is selected,
// and their thumbnails.
import type { JobOf } from '../../../../shared/jobs';
import { call } from '../../api/client';
import { playerControl } from '../../player/control';
import { noAnnotations } from '../annotation/state';
import { emit, on } from '../effects';
import { guarded, report } from '../guarded';
import { registerActions } from '../registry';
import { getState, setState } from '../store';
import type { PathPrompt } from '../ui/state';
import { savedView } from './selectors';

/** What the app knows before a project: who is calling, recent projects, the person's key rebindings. */
export async function loadAppInfo(): Promise<void> {
  const [info, recent, settings] = await Promise.all([call('app.info'), call('projects.recent'), call('settings.get')]);
  // on a team server the signed-in account is who you are: nothing to ask (the settings are the server machine's)
  setState({ info, recent, keymap: settings.keymap, askIdentity: info.mode !== 'team' && !settings.identityChosen });
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
  if (first) await selectVideo(first.id, { persist: !keep });
  else setState({ selectedVideoId: null, view: null });
}

async function refreshVideos(): Promise<void> {
  const [videos, project] = await Promise.all([call('videos.list'), call('projects.current')]);
  setState({ videos, project });
  if (!getState().selectedVideoId && videos[0]) await selectVideo(videos[0].id);
}

/** Selects a video where the person left it; resolves once what belongs to it has loaded. */
export async function selectVideo(videoId: string, options: { persist?: boolean } = {}): Promise<void> {
  const s = getState();
  if (s.selectedVideoId === videoId) return;
  if (s.selectedVideoId) void emit('leavingVideo'); // saves synchronously, before the selection changes
  const saved = savedView(s, videoId);
  playerControl.pause();
  setState((st) => ({
    selectedVideoId: videoId,
    commanded: { time: saved?.position ?? 0, seq: st.commanded.seq + 1 },
    playerTime: saved?.position ?? 0,
    playing: false,
    ...noAnnotations,
    view: saved ? { start: saved.viewStart, pxPerSec: saved.pxPerSec } : null,
  }));
  if (options.persist !== false) void guarded(() => call('projects.selectVideo', { videoId }));
  void ensureThumbnails(videoId);
  await emit('videoSelected', videoId);
}

const manifestRequests = new Set<string>();

/** Fetches a video's thumbnail manifest once (library rows ask as they scroll into view). */
export function loadThumbnailManifest(videoId: string): void {
  if (manifestRequests.has(videoId) || videoId in getState().thumbnails) return;
  manifestRequests.add(videoId);
  void fetchManifest(videoId).finally(() => manifestRequests.delete(videoId));
}

async function fetchManifest(videoId: string): Promise<void> {
  await guarded(async () => {
    const { manifest } = await call('thumbnails.get', { videoId });
    setState((s) => ({ thumbnails: { ...s.thumbnails, [videoId]: manifest } }));
  });
}

/** Shows a video's thumbnails, starting their extraction if there are none and none is running. */
async function ensureThumbnails(videoId: string): Promise<void> {
  await guarded(async () => {
    const video = getState().videos.find((v) => v.id === videoId);
    if (!video || video.status !== 'ok') return;
    const { manifest, jobId } = await call('thumbnails.get', { videoId });
    setState((s) => ({ thumbnails: { ...s.thumbnails, [videoId]: manifest } }));
    if (!manifest && !jobId) {
      await call('thumbnails.generate', { videoId });
      await emit('jobStarted');
    }
  });
}

// ── paths: native dialogs in the desktop app, a typed path in browser mode ──

type PickKind = Exclude<PathPrompt['kind'], 'relink'>;

export async function pick(kind: PickKind): Promise<void> {
  if (getState().info?.nativeDialogs) {
    const result = await guarded(() => call('dialogs.pick', { kind }));
    if (result && result.paths.length > 0) await usePickedPaths(kind, result.paths);
  } else {
    setState({ prompt: { kind } });
  }
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

export async function usePickedPaths(kind: PathPrompt['kind'], paths: string[], videoId?: string): Promise<void> {
  const [path] = paths;
  if (!path) return;
  setState({ prompt: null, error: null });
  await guarded(async () => {
    switch (kind) {
      case 'openProject':
      case 'saveProject':
        await emit('leavingVideo');
        if (kind === 'openProject') await call('projects.open', { path });
        else await call('projects.create', { path });
        setState({ selectedVideoId: null });
        await emit('projectChanged');
        break;
      case 'videoFiles':
      case 'videoFolder':
        await call('videos.import', { paths });
        await emit('jobStarted');
        break;
      case 'relink':
        if (videoId) await call('videos.relink', { videoId, path });
        await refreshVideos();
        break;
    }
  });
}

export async function closeProject(): Promise<void> {
  await emit('leavingVideo');
  await guarded(() => call('projects.close'));
  setState({ selectedVideoId: null });
  await emit('projectChanged');
}

export function dismissImportReport(): void {
  setState({ lastImport: null });
}

async function onJobFinished(job: JobOf<'demo'> | JobOf<'import'> | JobOf<'thumbnails'>): Promise<void> {
  switch (job.kind) {
    case 'demo':
      if (job.state === 'failed') report(`Could not create the demo project: ${job.message}`);
      await loadProject();
      break;
    case 'import':
      if (job.state === 'done' && job.result) setState({ lastImport: job.result });
      await refreshVideos();
      break;
    case 'thumbnails':
      if (job.state === 'failed') report(job.message);
      else if (job.state === 'done') await fetchManifest(job.videoId);
      break;
  }
}

export function registerProject(): void {
  on('projectChanged', () => guarded(loadProject));
  on('videosChanged', () => guarded(refreshVideos));
  on('selectVideo', (videoId) => selectVideo(videoId));
  on('editApplied', (summary) => (summary.tables.includes('videos') ? guarded(refreshVideos) : undefined));
  on('jobFinished', (job) => (job.kind === 'demo' || job.kind === 'import' || job.kind === 'thumbnails' ? onJobFinished(job) : undefined));
  registerActions({
    import: () => void pick('videoFiles'),
    open: () => void pick('openProject'),
  });
}
