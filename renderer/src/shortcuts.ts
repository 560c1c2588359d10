// Every shortcut in one table: the keyboard handler and the `?` overlay both read it.
import {
  changeRate,
  fitTimeline,
  panTimelineScreens,
  pick,
  seek,
  shuttle,
  stepFrames,
  stepSeconds,
  toggleGrid,
  togglePlay,
  zoomTimeline,
} from './store/actions';
import { selectors } from './store/selectors';
import { getState, setState } from './store/store';

export interface Shortcut {
  /** KeyboardEvent.key values (case-sensitive where it matters, e.g. "<"). */
  keys: string[];
  /** How the overlay shows the keys. */
  label: string;
  description: string;
  group: 'Playback' | 'Stepping' | 'Timeline' | 'Project' | 'Help';
  run: () => void;
}

const duration = (): number => selectors.selectedVideo(getState())?.duration ?? 0;

export const shortcuts: Shortcut[] = [
  { keys: [' '], label: 'Space', description: 'Play / pause', group: 'Playback', run: togglePlay },
  { keys: ['l', 'L'], label: 'L', description: 'Play forward (again: faster)', group: 'Playback', run: () => shuttle(1) },
  { keys: ['k', 'K'], label: 'K', description: 'Stop', group: 'Playback', run: () => shuttle(0) },
  { keys: ['j', 'J'], label: 'J', description: 'Play backwards (again: faster)', group: 'Playback', run: () => shuttle(-1) },
  { keys: ['<'], label: '<', description: 'Slower playback rate', group: 'Playback', run: () => changeRate(-1) },
  { keys: ['>'], label: '>', description: 'Faster playback rate', group: 'Playback', run: () => changeRate(1) },
  { keys: ['ArrowRight'], label: '→', description: 'Next whole second (1-FPS grid)', group: 'Stepping', run: () => stepSeconds(1) },
  { keys: ['ArrowLeft'], label: '←', description: 'Previous whole second (1-FPS grid)', group: 'Stepping', run: () => stepSeconds(-1) },
  { keys: ['.'], label: '.', description: 'Next native frame', group: 'Stepping', run: () => stepFrames(1) },
  { keys: [','], label: ',', description: 'Previous native frame', group: 'Stepping', run: () => stepFrames(-1) },
  { keys: ['Home'], label: 'Home', description: 'Go to the start', group: 'Stepping', run: () => seek(0) },
  { keys: ['End'], label: 'End', description: 'Go to the last frame', group: 'Stepping', run: () => { const v = selectors.selectedVideo(getState()); if (v) seek(Math.max(0, duration() - 1 / v.fps)); } },
  { keys: ['g', 'G'], label: 'G', description: 'Jump to a typed time (seconds, MM:SS, HH:MM:SS)', group: 'Stepping', run: () => document.getElementById('jump-input')?.focus() },
  { keys: ['=', '+'], label: '= / +', description: 'Zoom in (around the playhead)', group: 'Timeline', run: () => zoomTimeline(1.5) },
  { keys: ['-', '_'], label: '-', description: 'Zoom out', group: 'Timeline', run: () => zoomTimeline(1 / 1.5) },
  { keys: ['\\'], label: '\\', description: 'Zoom to fit the whole video', group: 'Timeline', run: fitTimeline },
  { keys: ['PageDown'], label: 'Page Down', description: 'Pan one screen later', group: 'Timeline', run: () => panTimelineScreens(1) },
  { keys: ['PageUp'], label: 'Page Up', description: 'Pan one screen earlier', group: 'Timeline', run: () => panTimelineScreens(-1) },
  { keys: ['s', 'S'], label: 'S', description: 'Snap clicks to whole seconds / native frames', group: 'Timeline', run: toggleGrid },
  { keys: ['i', 'I'], label: 'I', description: 'Import videos', group: 'Project', run: () => void pick('videoFiles') },
  { keys: ['o', 'O'], label: 'O', description: 'Open a project', group: 'Project', run: () => void pick('openProject') },
  { keys: ['?'], label: '?', description: 'Show / hide this list', group: 'Help', run: () => setState((s) => ({ overlay: s.overlay === 'shortcuts' ? null : 'shortcuts' })) },
];

const byKey = new Map<string, Shortcut>();
for (const shortcut of shortcuts) for (const key of shortcut.keys) byKey.set(key, shortcut);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function handleKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape') {
    setState({ overlay: null, prompt: null });
    if (event.target instanceof HTMLElement) event.target.blur();
    return;
  }
  if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (getState().prompt) return;
  const shortcut = byKey.get(event.key);
  if (!shortcut) return;
  event.preventDefault();
  shortcut.run();
}
