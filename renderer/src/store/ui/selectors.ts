// Pure selectors of the ui slice.
import type { State } from '../store';

/** A dialog (overlay or path prompt) has the keyboard: shortcuts stay off. */
export const dialogOpen = (s: State): boolean => s.overlay !== null || s.prompt !== null;

/** The rebound keys of an action, or null to use the table's defaults. */
export const reboundKeys = (s: State, id: string): string[] | null => s.keymap[id] ?? null;
