// Overlays, the banner, the status line and key rebindings.
import { call, onUnansweredWrites } from '../../api/client';
import { focusField } from '../../dom/focus';
import { emit } from '../effects';
import { guarded } from '../guarded';
import { registerActions, type ActionId } from '../registry';
import { getState, setState } from '../store';
import type { Overlay } from './state';

export function openOverlay(overlay: Overlay): void {
  const open = getState().overlay;
  if (open === overlay) return;
  if (open) closeOverlay();
  setState({ overlay });
}

/** Closes the overlay, the path prompt and any rebinding; what the overlay showed is over. */
export function closeOverlay(): void {
  const { overlay } = getState();
  setState({ overlay: null, prompt: null, rebinding: null });
  if (overlay) void emit('overlayClosed', overlay);
}

/** Opens an overlay, or closes it when it is the one open. */
export function toggleOverlay(overlay: Overlay): void {
  if (getState().overlay === overlay) closeOverlay();
  else openOverlay(overlay);
}

export function toggleShortcuts(): void {
  toggleOverlay('shortcuts');
}

export function dismissError(): void {
  setState({ error: null });
}

export function showPanel(panel: 'marks' | 'questions'): void {
  setState({ sidePanel: panel });
}

export function startRebinding(id: ActionId | null): void {
  setState({ rebinding: id });
}

/** Rebinds a shortcut (null restores its default keys) and keeps the choice in settings. */
export async function rebindShortcut(id: ActionId, keys: string[] | null): Promise<void> {
  await guarded(async () => {
    const settings = await call('settings.get');
    const keymap = { ...settings.keymap };
    if (keys) keymap[id] = keys;
    else delete keymap[id];
    const saved = await call('settings.update', { keymap });
    setState({ keymap: saved.keymap, rebinding: null });
  });
}

/** How long a write may wait for its answer before the status line says it is being saved. */
const SLOW_WRITE_MS = 400;

/** Watches unanswered writes: one waiting longer than SLOW_WRITE_MS sets savingSlowly until all are answered. */
export function watchSlowWrites(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiting = 0;
  return onUnansweredWrites((count) => {
    waiting = count;
    if (count > 0) {
      timer ??= setTimeout(() => {
        timer = null;
        if (waiting > 0) setState({ savingSlowly: true });
      }, SLOW_WRITE_MS);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    if (getState().savingSlowly) setState({ savingSlowly: false });
  });
}

export function registerUi(): void {
  watchSlowWrites();
  registerActions({
    help: toggleShortcuts,
    review: () => toggleOverlay('review'),
    'close-dialogs': closeOverlay,
    jump: () => focusField('jump-input'),
    target: () => focusField('mark-target'),
    'edit-question': () => focusField('question-text'),
    'panel-marks': () => showPanel('marks'),
    'panel-questions': () => showPanel('questions'),
  });
}
