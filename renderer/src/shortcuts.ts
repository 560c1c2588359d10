// Every shortcut in one table — action id, keys, description — read by the keyboard handler and the
// `?` overlay. The actions themselves are registered by their features (store/registry.ts), so this
// module imports none of them. Any key can be rebound (kept in settings.json).
import { heldStepWaits } from './store/player/selectors';
import { dialogOpen } from './store/ui/selectors';
import { runAction, type ActionId } from './store/registry';
import { getState } from './store/store';

type ShortcutGroup = 'Playback' | 'Stepping' | 'Timeline' | 'Marks' | 'Questions' | 'Drafts' | 'Runs' | 'Edit' | 'Project' | 'Review' | 'Help';

export interface Shortcut {
  id: ActionId;
  /** Key combos: KeyboardEvent.key, prefixed with Mod+ (Ctrl or ⌘), Alt+ and — for named keys — Shift+. */
  keys: string[];
  description: string;
  group: ShortcutGroup;
}

export const shortcuts: readonly Shortcut[] = [
  { id: 'play', keys: [' '], description: 'Play / pause', group: 'Playback' },
  { id: 'shuttle-forward', keys: ['l', 'L'], description: 'Play forward (again: faster)', group: 'Playback' },
  { id: 'shuttle-stop', keys: ['k', 'K'], description: 'Stop', group: 'Playback' },
  { id: 'shuttle-back', keys: ['j', 'J'], description: 'Play backwards (again: faster)', group: 'Playback' },
  { id: 'slower', keys: ['<'], description: 'Slower playback rate', group: 'Playback' },
  { id: 'faster', keys: ['>'], description: 'Faster playback rate', group: 'Playback' },
  { id: 'next-second', keys: ['ArrowRight'], description: 'Next whole second (1-FPS grid)', group: 'Stepping' },
  { id: 'previous-second', keys: ['ArrowLeft'], description: 'Previous whole second (1-FPS grid)', group: 'Stepping' },
  { id: 'next-frame', keys: ['.'], description: 'Next native frame', group: 'Stepping' },
  { id: 'previous-frame', keys: [','], description: 'Previous native frame', group: 'Stepping' },
  { id: 'start', keys: ['Home'], description: 'Go to the start', group: 'Stepping' },
  { id: 'end', keys: ['End'], description: 'Go to the last frame', group: 'Stepping' },
  { id: 'jump', keys: ['g', 'G'], description: 'Jump to a typed time (seconds, MM:SS, HH:MM:SS)', group: 'Stepping' },
  { id: 'next-mark', keys: ['Mod+ArrowRight'], description: 'Next mark (selects it)', group: 'Stepping' },
  { id: 'previous-mark', keys: ['Mod+ArrowLeft'], description: 'Previous mark (selects it)', group: 'Stepping' },
  { id: 'zoom-in', keys: ['=', '+'], description: 'Zoom in (around the playhead)', group: 'Timeline' },
  { id: 'zoom-out', keys: ['-', '_'], description: 'Zoom out', group: 'Timeline' },
  { id: 'zoom-fit', keys: ['\\'], description: 'Zoom to fit the whole video', group: 'Timeline' },
  { id: 'pan-later', keys: ['PageDown'], description: 'Pan one screen later', group: 'Timeline' },
  { id: 'pan-earlier', keys: ['PageUp'], description: 'Pan one screen earlier', group: 'Timeline' },
  { id: 'snap', keys: ['s', 'S'], description: 'Snap to whole seconds / native frames', group: 'Timeline' },
  { id: 'event', keys: ['e', 'E'], description: 'Event at the playhead', group: 'Marks' },
  { id: 'identity', keys: ['y', 'Y'], description: 'Identity: first appearance at the playhead', group: 'Marks' },
  { id: 'count', keys: ['#'], description: 'Count snapshot at the playhead (then type the count)', group: 'Marks' },
  { id: 'span-open', keys: ['['], description: 'Open a span at the playhead', group: 'Marks' },
  { id: 'span-close', keys: [']'], description: 'Close the open span at the playhead', group: 'Marks' },
  { id: 'cycle', keys: ['c'], description: 'Cycle boundary: close the open cycle, open the next', group: 'Marks' },
  { id: 'cycle-last', keys: ['C'], description: 'Close the last cycle', group: 'Marks' },
  { id: 'split', keys: ['x', 'X'], description: 'Split point in the cycle under the playhead', group: 'Marks' },
  { id: 'entity', keys: ['v', 'V'], description: 'Named entity: open, then close at the playhead', group: 'Marks' },
  { id: 'target', keys: ['t', 'T'], description: 'Edit the target new marks count ("chairs")', group: 'Marks' },
  { id: 'nudge-start-back', keys: ['Alt+ArrowLeft'], description: 'Move the selected mark’s start one step earlier', group: 'Marks' },
  { id: 'nudge-start-forward', keys: ['Alt+ArrowRight'], description: 'Move the selected mark’s start one step later', group: 'Marks' },
  { id: 'nudge-end-back', keys: ['Alt+Shift+ArrowLeft'], description: 'Move the selected mark’s end one step earlier', group: 'Marks' },
  { id: 'nudge-end-forward', keys: ['Alt+Shift+ArrowRight'], description: 'Move the selected mark’s end one step later', group: 'Marks' },
  { id: 'delete', keys: ['Delete', 'Backspace'], description: 'Delete the selected mark or query point', group: 'Marks' },
  { id: 'new-question', keys: ['n', 'N'], description: 'New question with a query point at the playhead', group: 'Questions' },
  { id: 'query-time', keys: ['q'], description: 'Set the selected query point’s time to the playhead', group: 'Questions' },
  { id: 'query-add', keys: ['Q'], description: 'Add a query point at the playhead', group: 'Questions' },
  { id: 'evidence-start', keys: ['{'], description: 'Open an evidence interval at the playhead', group: 'Questions' },
  { id: 'evidence-end', keys: ['}'], description: 'End the evidence interval at the playhead', group: 'Questions' },
  { id: 'proactive', keys: ['p'], description: 'Proactive time (T_p) at the playhead', group: 'Questions' },
  { id: 'window-start', keys: ['w', 'W'], description: 'Window start at the playhead (O1-Delta, O2-Gain)', group: 'Questions' },
  { id: 'prefix-only', keys: ['P'], description: 'Prefix-only view on / off (what the model sees)', group: 'Questions' },
  { id: 'edit-question', keys: ['Enter'], description: 'Edit the selected question’s text', group: 'Questions' },
  { id: 'panel-marks', keys: ['1'], description: 'Show the marks list', group: 'Questions' },
  { id: 'panel-questions', keys: ['2'], description: 'Show the questions list', group: 'Questions' },
  { id: 'drafting', keys: ['d', 'D'], description: 'Drafting with a model: run, drafts, endpoint, statistics', group: 'Drafts' },
  { id: 'next-draft', keys: ['u'], description: 'Next undecided draft (caption, candidate, question)', group: 'Drafts' },
  { id: 'previous-draft', keys: ['U'], description: 'Previous undecided draft', group: 'Drafts' },
  { id: 'accept-draft', keys: ['a', 'A'], description: 'Accept the draft at the playhead or selected, then go to the next', group: 'Drafts' },
  { id: 'reject-draft', keys: ['Shift+Backspace', 'Shift+Delete'], description: 'Reject the draft at the playhead or selected (removes what it made); also in the caption box', group: 'Drafts' },
  { id: 'runs', keys: ['m', 'M'], description: 'Model runs: import, lanes on the timeline, scoreboard, early responses', group: 'Runs' },
  { id: 'undo', keys: ['Mod+z'], description: 'Undo', group: 'Edit' },
  { id: 'redo', keys: ['Mod+Z', 'Mod+y'], description: 'Redo', group: 'Edit' },
  { id: 'import', keys: ['i', 'I'], description: 'Import videos', group: 'Project' },
  { id: 'open', keys: ['o', 'O'], description: 'Open a project', group: 'Project' },
  { id: 'review', keys: ['r', 'R'], description: 'Review: queue, rounds, people, guidelines, adjudication, report', group: 'Review' },
  { id: 'review-submit', keys: ['Mod+Enter'], description: 'Submit the review (or the decision) being written', group: 'Review' },
  { id: 'help', keys: ['?'], description: 'Show / hide this list', group: 'Help' },
];

/** A shortcut's keys: the person's rebinding, else the table's. */
function keysOf(shortcut: Shortcut, keymap: Record<string, string[]>): string[] {
  return keymap[shortcut.id] ?? shortcut.keys;
}

/** Combo → action; a combo taken by a rebound shortcut no longer runs its default owner. */
function keyIndex(keymap: Record<string, string[]>): Map<string, ActionId> {
  const byKey = new Map<string, ActionId>();
  for (const shortcut of shortcuts) for (const key of keysOf(shortcut, keymap)) byKey.set(key, shortcut.id);
  for (const shortcut of shortcuts) for (const key of keymap[shortcut.id] ?? []) byKey.set(key, shortcut.id);
  return byKey;
}

let index: { keymap: Record<string, string[]>; byKey: Map<string, ActionId> } | null = null;

function actionFor(combo: string): ActionId | undefined {
  const { keymap } = getState();
  if (index?.keymap !== keymap) index = { keymap, byKey: keyIndex(keymap) };
  return index.byKey.get(combo);
}

const NAMED = /^[A-Z][a-zA-Z]+$/; // ArrowLeft, PageDown, Enter…
const LATIN = /^[a-z]$/i;
const LETTER_KEY = /^Key([A-Z])$/;

/**
 * The letter of a shortcut with Ctrl/⌘ or Alt, its case from the Shift key alone: with those held,
 * `key` can arrive in either case (Caps Lock, some layouts, Playwright's Ctrl+Shift+z) or as another
 * character (Cyrillic layouts, macOS Option). The letter the layout types is kept when it is a Latin
 * one (AZERTY's Ctrl+Z is on the physical W key); otherwise the physical key (`code`) names it.
 */
function modifiedLetter(event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey'>): string | null {
  const letter = LATIN.test(event.key) ? event.key : LETTER_KEY.exec(event.code ?? '')?.[1];
  if (!letter) return null;
  return event.shiftKey ? letter.toUpperCase() : letter.toLowerCase();
}

/** The combo a key event stands for, in the table's notation. */
export function comboOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): string {
  const named = event.key.length > 1 && NAMED.test(event.key);
  const mod = event.ctrlKey || event.metaKey;
  const key = ((mod || event.altKey) && !named && modifiedLetter(event)) || event.key;
  return `${mod ? 'Mod+' : ''}${event.altKey ? 'Alt+' : ''}${named && event.shiftKey ? 'Shift+' : ''}${key}`;
}

const KEY_NAMES: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', ' ': 'Space' };

/** How a combo reads: letters as on the keycap, an upper-case letter as Shift+ it ('P' → 'Shift+P'). */
export function comboLabel(combo: string): string {
  const modifiers = /^(?:(?:Mod|Alt|Shift)\+)*/.exec(combo)?.[0] ?? '';
  const key = combo.slice(modifiers.length); // '+' itself when the combo is '+' or 'Mod++'
  const parts = modifiers
    .split('+')
    .filter(Boolean)
    .map((m) => (m === 'Mod' ? 'Ctrl/⌘' : m));
  if (/^[A-Z]$/.test(key)) parts.push('Shift');
  parts.push(KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key));
  return parts.join('+');
}

/** A shortcut's keys, each as it reads; a letter bound in both cases reads once ('l', 'L' → 'L'). */
export function shortcutLabels(id: ActionId, keymap: Record<string, string[]>): string[] {
  const shortcut = shortcuts.find((s) => s.id === id);
  if (!shortcut) return [];
  const keys = keysOf(shortcut, keymap);
  const shown = keys.filter((k) => !(/[A-Z]$/.test(k) && keys.includes(k.slice(0, -1) + k.slice(-1).toLowerCase())));
  return shown.map(comboLabel);
}

/** A shortcut's keys as they read, in one line ('Shift+Backspace / Shift+Delete'). */
export const shortcutLabel = (id: ActionId, keymap: Record<string, string[]>): string => shortcutLabels(id, keymap).join(' / ');

/**
 * A combo a text field lets through to its shortcut: one with a modifier (Shift+Backspace, Ctrl/⌘+…,
 * Alt+…). Plain keys — letters, Backspace, Enter, arrows — stay the field's, so no rebinding to a
 * letter ever eats typed text.
 */
const passesFields = (combo: string): boolean => /^(?:Mod|Alt|Shift)\+./.test(combo);

/** The shortcut a key pressed in a text field stands for, when the field lets it through (see passesFields). */
export function fieldShortcutOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): ActionId | undefined {
  const combo = comboOf(event);
  return passesFields(combo) ? actionFor(combo) : undefined;
}

/** The keys of a shortcut that work inside a text field, as they read; '' when none does. */
export function fieldShortcutLabel(id: ActionId, keymap: Record<string, string[]>): string {
  const shortcut = shortcuts.find((s) => s.id === id);
  return shortcut ? keysOf(shortcut, keymap).filter(passesFields).map(comboLabel).join(' / ') : '';
}

/** Inputs nothing is typed into: a tick or a press, which keys pass by as they pass by buttons. */
const PRESSED_INPUTS: ReadonlySet<string> = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.tagName === 'INPUT' && PRESSED_INPUTS.has((target as HTMLInputElement).type)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A list (<select>) whose value was just chosen, until the next key or pointer press: Esc then leaves
 * it, as Esc in a text field does, even when the list never took the focus (a value chosen by a script
 * or an assistive tool) — otherwise that Esc found no field and let go of the selection as well.
 */
let chosenList: HTMLSelectElement | null = null;

/** On every `change` (capture): notes a list whose value was chosen. */
export function noteChoice(event: Event): void {
  chosenList = event.target instanceof HTMLSelectElement ? event.target : null;
}

/** On every pointer press: a click elsewhere ends "just chosen". */
export function forgetChoice(): void {
  chosenList = null;
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

export function handleKeyDown(event: KeyboardEvent): void {
  const chosen = chosenList;
  if (!MODIFIERS.has(event.key)) chosenList = null;
  if (event.key === 'Escape') {
    const typing = isTyping(event.target) || chosen !== null;
    // leaving a field saves what was typed into it, before anything is judged untouched
    if (event.target instanceof HTMLElement) event.target.blur();
    chosen?.blur();
    // in an overlay Esc in a field only leaves it (what was typed stays); the next Esc closes the overlay
    const { overlay, prompt } = getState();
    if (typing && overlay !== null && prompt === null) return;
    // outside dialogs Esc first drops what is being made (in a field: only an empty new question),
    // then the selection; otherwise it closes the dialog
    if (!dialogOpen(getState()) && runAction(typing ? 'discard-new-question' : 'cancel')) return;
    runAction('close-dialogs');
    return;
  }
  const s = getState();
  if (s.prompt || s.rebinding) return;
  // text fields keep their keys (and their own undo); a focused button or link keeps Enter and Space
  if (isTyping(event.target)) return;
  if ((event.key === 'Enter' || event.key === ' ') && event.target instanceof HTMLElement && event.target.closest('button, a, [role="button"]')) return;
  const id = actionFor(comboOf(event));
  if (!id || !reachesPage(id, dialogOpen(s))) return;
  event.preventDefault();
  if (event.repeat && STEPS.has(id) && heldStepWaits(s)) return;
  runAction(id, { repeat: event.repeat });
}

/** The keys that still work while an overlay or prompt is open: they switch overlays or show the key list. */
const OVERLAY_KEYS: ReadonlySet<ActionId> = new Set(['help', 'review', 'drafting', 'runs']);

/**
 * Whether a key's action may run on the page: behind an open overlay nothing steps, marks or edits
 * the project — whatever has the focus (after a button inside the overlay is gone, it is the page).
 */
export const reachesPage = (id: ActionId, overlayOpen: boolean): boolean => !overlayOpen || OVERLAY_KEYS.has(id);

const STEPS: ReadonlySet<ActionId> = new Set(['next-second', 'previous-second', 'next-frame', 'previous-frame']);
