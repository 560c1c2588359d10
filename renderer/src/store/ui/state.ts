// What the window shows around the work: overlays, the path prompt, the banner, the status line and
// the person's key rebindings.
import type { ActionId } from '../registry';

export type Overlay = 'shortcuts' | 'profiles' | 'exchange' | 'review' | 'drafting' | 'runs';

/** Browser mode has no native dialogs: paths are typed into this prompt. */
export interface PathPrompt {
  kind: 'openProject' | 'saveProject' | 'videoFiles' | 'videoFolder' | 'relink';
  videoId?: string;
}

export interface UiState {
  overlay: Overlay | null;
  prompt: PathPrompt | null;
  /** The shortcut waiting for its new key in the rebinding overlay. */
  rebinding: ActionId | null;
  /** Rebound keys by action id (settings.json); the table's defaults apply to the rest. */
  keymap: Record<string, string[]>;
  /** An error no dialog owns, shown in the banner. */
  error: string | null;
  /** The last thing that happened, for the status line. */
  status: string | null;
  /** A write has waited long for its answer (the status line says it is being saved). */
  savingSlowly: boolean;
  sidePanel: 'marks' | 'questions';
  /** The first start: the header asks who the person is (settings.identityChosen is false). */
  askIdentity: boolean;
  /**
   * A call was refused ('unauthenticated') because the person signed in protects their name with a
   * passphrase not given in this session: the identity form opens with the refusal's message.
   */
  signInPrompt: { person: string; message: string } | null;
  /** Counts person switches; the UI is keyed by it, so nothing a component held for the previous person survives. */
  session: number;
}

export const initialUiState: UiState = {
  overlay: null,
  prompt: null,
  rebinding: null,
  keymap: {},
  error: null,
  status: null,
  savingSlowly: false,
  sidePanel: 'marks',
  askIdentity: false,
  signInPrompt: null,
  session: 0,
};
