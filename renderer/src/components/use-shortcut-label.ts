// Hints name keys as the person's keymap has them, so a rebinding never leaves a hint wrong.
import { shortcutLabel } from '../shortcuts';
import type { ActionId } from '../store/registry';
import { useStore } from '../store/store';

export function useShortcutLabel(id: ActionId): string {
  return useStore((s) => shortcutLabel(id, s.keymap));
}
