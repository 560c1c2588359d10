// Every shortcut in one table: the keyboard handler and the `?` overlay both read it, and a person
// can rebind any of them (kept in settings.json, so a rebinding survives restarts in both modes).
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
import {
  addMoment,
  cancelPending,
  clearSelection,
  createQuestion,
  cycleBoundary,
  deleteSelected,
  jumpToMark,
  nudgeSelected,
  setEvidenceEdge,
  setPointTime,
  setQueryTime,
  splitCycle,
  toggleInterval,
  undoRedo,
} from './store/annotation';
import { selectors } from './store/selectors';
import { getState, setState } from './store/store';

export type ShortcutGroup = 'Playback' | 'Stepping' | 'Timeline' | 'Marks' | 'Questions' | 'Edit' | 'Project' | 'Help';

export interface Shortcut {
  id: string;
  /** Key combos: KeyboardEvent.key, prefixed with Mod+ (Ctrl or ⌘), Alt+ and — for named keys — Shift+. */
  keys: string[];
  description: string;
  group: ShortcutGroup;
  run: () => void;
}

const focus = (id: string): void => {
  const el = document.getElementById(id) as HTMLInputElement | null;
  el?.focus();
  el?.select?.();
};

const newQuestion = (): void => {
  const s = getState();
  const profileId = selectors.newQuestionProfile(s);
  if (!profileId) return;
  void createQuestion({ profileId }).then((q) => q && setTimeout(() => focus('question-text'), 0));
};

export const shortcuts: Shortcut[] = [
  { id: 'play', keys: [' '], description: 'Play / pause', group: 'Playback', run: togglePlay },
  { id: 'shuttle-forward', keys: ['l', 'L'], description: 'Play forward (again: faster)', group: 'Playback', run: () => shuttle(1) },
  { id: 'shuttle-stop', keys: ['k', 'K'], description: 'Stop', group: 'Playback', run: () => shuttle(0) },
  { id: 'shuttle-back', keys: ['j', 'J'], description: 'Play backwards (again: faster)', group: 'Playback', run: () => shuttle(-1) },
  { id: 'slower', keys: ['<'], description: 'Slower playback rate', group: 'Playback', run: () => changeRate(-1) },
  { id: 'faster', keys: ['>'], description: 'Faster playback rate', group: 'Playback', run: () => changeRate(1) },
  { id: 'next-second', keys: ['ArrowRight'], description: 'Next whole second (1-FPS grid)', group: 'Stepping', run: () => stepSeconds(1) },
  { id: 'previous-second', keys: ['ArrowLeft'], description: 'Previous whole second (1-FPS grid)', group: 'Stepping', run: () => stepSeconds(-1) },
  { id: 'next-frame', keys: ['.'], description: 'Next native frame', group: 'Stepping', run: () => stepFrames(1) },
  { id: 'previous-frame', keys: [','], description: 'Previous native frame', group: 'Stepping', run: () => stepFrames(-1) },
  { id: 'start', keys: ['Home'], description: 'Go to the start', group: 'Stepping', run: () => seek(0) },
  {
    id: 'end',
    keys: ['End'],
    description: 'Go to the last frame',
    group: 'Stepping',
    run: () => {
      const v = selectors.selectedVideo(getState());
      if (v) seek(Math.max(0, v.duration - 1 / v.fps));
    },
  },
  { id: 'jump', keys: ['g', 'G'], description: 'Jump to a typed time (seconds, MM:SS, HH:MM:SS)', group: 'Stepping', run: () => focus('jump-input') },
  { id: 'next-mark', keys: ['Mod+ArrowRight'], description: 'Next mark (selects it)', group: 'Stepping', run: () => jumpToMark(1) },
  { id: 'previous-mark', keys: ['Mod+ArrowLeft'], description: 'Previous mark (selects it)', group: 'Stepping', run: () => jumpToMark(-1) },
  { id: 'zoom-in', keys: ['=', '+'], description: 'Zoom in (around the playhead)', group: 'Timeline', run: () => zoomTimeline(1.5) },
  { id: 'zoom-out', keys: ['-', '_'], description: 'Zoom out', group: 'Timeline', run: () => zoomTimeline(1 / 1.5) },
  { id: 'zoom-fit', keys: ['\\'], description: 'Zoom to fit the whole video', group: 'Timeline', run: fitTimeline },
  { id: 'pan-later', keys: ['PageDown'], description: 'Pan one screen later', group: 'Timeline', run: () => panTimelineScreens(1) },
  { id: 'pan-earlier', keys: ['PageUp'], description: 'Pan one screen earlier', group: 'Timeline', run: () => panTimelineScreens(-1) },
  { id: 'snap', keys: ['s', 'S'], description: 'Snap to whole seconds / native frames', group: 'Timeline', run: toggleGrid },
  { id: 'event', keys: ['e', 'E'], description: 'Event at the playhead', group: 'Marks', run: () => addMoment('event') },
  { id: 'identity', keys: ['y', 'Y'], description: 'Identity: first appearance at the playhead', group: 'Marks', run: () => addMoment('identity') },
  {
    id: 'count',
    keys: ['#'],
    description: 'Count snapshot at the playhead (then type the count)',
    group: 'Marks',
    run: () => {
      addMoment('count');
      setTimeout(() => focus('mark-count'), 50);
    },
  },
  { id: 'span-open', keys: ['['], description: 'Open a span at the playhead', group: 'Marks', run: () => toggleInterval('span') },
  { id: 'span-close', keys: [']'], description: 'Close the open span at the playhead', group: 'Marks', run: () => getState().pendingInterval?.type === 'span' && toggleInterval('span') },
  { id: 'cycle', keys: ['c'], description: 'Cycle boundary: close the open cycle, open the next', group: 'Marks', run: () => void cycleBoundary(false) },
  { id: 'cycle-last', keys: ['C'], description: 'Close the last cycle', group: 'Marks', run: () => void cycleBoundary(true) },
  { id: 'split', keys: ['x', 'X'], description: 'Split point in the cycle under the playhead', group: 'Marks', run: splitCycle },
  { id: 'entity', keys: ['v', 'V'], description: 'Named entity: open, then close at the playhead', group: 'Marks', run: () => toggleInterval('entity') },
  { id: 'target', keys: ['t', 'T'], description: 'Edit the target new marks count ("chairs")', group: 'Marks', run: () => focus('mark-target') },
  { id: 'nudge-start-back', keys: ['Alt+ArrowLeft'], description: 'Move the selected mark’s start one step earlier', group: 'Marks', run: () => nudgeSelected('start', -1) },
  { id: 'nudge-start-forward', keys: ['Alt+ArrowRight'], description: 'Move the selected mark’s start one step later', group: 'Marks', run: () => nudgeSelected('start', 1) },
  { id: 'nudge-end-back', keys: ['Alt+Shift+ArrowLeft'], description: 'Move the selected mark’s end one step earlier', group: 'Marks', run: () => nudgeSelected('end', -1) },
  { id: 'nudge-end-forward', keys: ['Alt+Shift+ArrowRight'], description: 'Move the selected mark’s end one step later', group: 'Marks', run: () => nudgeSelected('end', 1) },
  { id: 'delete', keys: ['Delete', 'Backspace'], description: 'Delete the selected mark or query point', group: 'Marks', run: () => void deleteSelected() },
  { id: 'new-question', keys: ['n', 'N'], description: 'New question with a query point at the playhead', group: 'Questions', run: newQuestion },
  { id: 'query-time', keys: ['q'], description: 'Set the selected query point’s time to the playhead', group: 'Questions', run: () => void setQueryTime(false) },
  { id: 'query-add', keys: ['Q'], description: 'Add a query point at the playhead', group: 'Questions', run: () => void setQueryTime(true) },
  { id: 'evidence-start', keys: ['{'], description: 'Open an evidence interval at the playhead', group: 'Questions', run: () => void setEvidenceEdge('start') },
  { id: 'evidence-end', keys: ['}'], description: 'End the evidence interval at the playhead', group: 'Questions', run: () => void setEvidenceEdge('end') },
  { id: 'proactive', keys: ['p'], description: 'Proactive time (T_p) at the playhead', group: 'Questions', run: () => void setPointTime('proactiveTime') },
  { id: 'window-start', keys: ['w', 'W'], description: 'Window start at the playhead (O1-Delta, O2-Gain)', group: 'Questions', run: () => void setPointTime('windowStart') },
  { id: 'prefix-only', keys: ['P'], description: 'Prefix-only view on / off (what the model sees)', group: 'Questions', run: () => setState((s) => ({ prefixOnly: !s.prefixOnly })) },
  { id: 'edit-question', keys: ['Enter'], description: 'Edit the selected question’s text', group: 'Questions', run: () => focus('question-text') },
  { id: 'panel-marks', keys: ['1'], description: 'Show the marks list', group: 'Questions', run: () => setState({ sidePanel: 'marks' }) },
  { id: 'panel-questions', keys: ['2'], description: 'Show the questions list', group: 'Questions', run: () => setState({ sidePanel: 'questions' }) },
  { id: 'undo', keys: ['Mod+z'], description: 'Undo', group: 'Edit', run: () => void undoRedo('undo') },
  { id: 'redo', keys: ['Mod+Z', 'Mod+y'], description: 'Redo', group: 'Edit', run: () => void undoRedo('redo') },
  { id: 'import', keys: ['i', 'I'], description: 'Import videos', group: 'Project', run: () => void pick('videoFiles') },
  { id: 'open', keys: ['o', 'O'], description: 'Open a project', group: 'Project', run: () => void pick('openProject') },
  { id: 'help', keys: ['?'], description: 'Show / hide this list', group: 'Help', run: () => setState((s) => ({ overlay: s.overlay === 'shortcuts' ? null : 'shortcuts' })) },
];

let overrides: Record<string, string[]> = {};
let byKey = new Map<string, Shortcut>();

export function effectiveKeys(shortcut: Shortcut): string[] {
  return overrides[shortcut.id] ?? shortcut.keys;
}

/** Applies rebindings; a combo taken by a rebound shortcut no longer runs its default owner. */
export function setKeymapOverrides(next: Record<string, string[]>): void {
  overrides = next;
  byKey = new Map();
  for (const shortcut of shortcuts) for (const key of effectiveKeys(shortcut)) byKey.set(key, shortcut);
  for (const shortcut of shortcuts) if (overrides[shortcut.id]) for (const key of overrides[shortcut.id]!) byKey.set(key, shortcut);
}
setKeymapOverrides({});

const NAMED = /^[A-Z][a-zA-Z]+$/; // ArrowLeft, PageDown, Enter…

/** The combo a key event stands for, in the table's notation. */
export function comboOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): string {
  const named = event.key.length > 1 && NAMED.test(event.key);
  return `${event.ctrlKey || event.metaKey ? 'Mod+' : ''}${event.altKey ? 'Alt+' : ''}${named && event.shiftKey ? 'Shift+' : ''}${event.key}`;
}

/** How a combo reads in the overlay. */
export function comboLabel(combo: string): string {
  const arrows: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'Space' };
  return combo
    .split('+')
    .map((part, i, parts) => (i === parts.length - 1 ? (arrows[part] ?? (part === '' ? '+' : part)) : part === 'Mod' ? 'Ctrl/⌘' : part))
    .join('+')
    .replace(/\+\+$/, '++');
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function handleKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape') {
    const typing = isTyping(event.target);
    if (!typing && !getState().overlay && !getState().prompt && (cancelPending() || clearSelection())) return;
    setState({ overlay: null, prompt: null });
    if (event.target instanceof HTMLElement) event.target.blur();
    return;
  }
  if (getState().prompt || getState().rebinding) return;
  const combo = comboOf(event);
  // text fields keep their keys (and their own undo); a focused button or link keeps Enter and Space
  if (isTyping(event.target)) return;
  if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLElement && event.target.closest('button, a, [role="button"]')) return;
  const shortcut = byKey.get(combo);
  if (!shortcut) return;
  event.preventDefault();
  shortcut.run();
}
