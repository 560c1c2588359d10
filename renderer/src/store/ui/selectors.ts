// Pure selectors of the ui slice.
import type { State } from '../store';

/** A dialog (overlay or path prompt) has the keyboard: shortcuts stay off. */
export const dialogOpen = (s: State): boolean => s.overlay !== null || s.prompt !== null;
