// Who is calling: the person the transport vouches for — signed in through api/session.ts, never
// changed by a contract call. The services answer by the caller (a blind reviewer gets questions
// without their authors' answers), so a switch — a sign-in as someone else, which the transport makes a
// sign-out and a sign-in once the new person is let in — forgets all the client read as the previous
// person and reads the project again as the new one. A refused switch leaves you as you were.
import type { AppInfo } from '../../../../shared/api';
import type { Role } from '../../../../shared/domain';
import { beginSession, call } from '../../api/client';
import { signIn } from '../../api/session';
import { emit } from '../effects';
import { errorMessage, guarded } from '../guarded';
import { getState, initialState, setState } from '../store';
import { flushPendingEdits } from '../ui/pending-edits';

/** A refusal is the form's to show; `code` says why ('unauthenticated': a passphrase is needed or was wrong). */
export type SwitchOutcome = { ok: true } | { ok: false; code: string | null; message: string };

export async function switchPerson(personName: string, role: Role, passphrase?: string): Promise<SwitchOutcome> {
  const name = personName.trim();
  if (!name) return { ok: false, code: null, message: 'Type your name.' };
  // what the person leaving typed is saved as them (its writes go before the sign-out), and where they were on the video is kept
  flushPendingEdits();
  await emit('leavingVideo');
  const before = getState().info?.caller;
  const refusal = await signInAs(name, role, passphrase);
  // from here on, answers to what was asked as the previous person are dropped
  if (!refusal) beginSession();
  let info: AppInfo;
  try {
    info = await call('app.info');
  } catch (error) {
    return refusal ?? { ok: false, code: null, message: errorMessage(error) };
  }
  if (refusal) {
    // refused: still who you were, unless the transport itself had meanwhile forgotten you
    if (info.caller.person === before?.person && info.caller.role === before.role) return refusal;
    beginSession();
  }
  forgetCaller(info);
  // the form closes now; what depends on the caller follows
  void guarded(() => emit('projectChanged'));
  return refusal ?? { ok: true };
}

/** The identity form closed without signing in: the next call refused for want of a passphrase opens it again. */
export function dismissSignInPrompt(): void {
  if (getState().signInPrompt) setState({ signInPrompt: null });
}

/** Signs in as the new person (the person leaving is signed out only once they are let in): undefined once signed in, else why not. */
async function signInAs(name: string, role: Role, passphrase: string | undefined): Promise<Extract<SwitchOutcome, { ok: false }> | undefined> {
  try {
    const signedIn = await signIn(name, role, passphrase || undefined);
    return signedIn.ok ? undefined : { ok: false, code: signedIn.error.code, message: signedIn.error.message };
  } catch (error) {
    return { ok: false, code: null, message: errorMessage(error) };
  }
}

/**
 * Everything the client holds that was read as the previous person goes — every slice but what no
 * service answers by caller (the open project's summary, its videos, where each was left, the
 * machine's key bindings); the UI keyed by the session remounts, so no popover, selection or field
 * of theirs survives. The project is then read again as the new person.
 */
function forgetCaller(info: AppInfo): void {
  const s = getState();
  setState(
    {
      ...initialState,
      info,
      recent: s.recent,
      keymap: s.keymap,
      project: s.project,
      videos: s.videos,
      viewState: s.viewState,
      // the page's event stream goes on (it carries no content, and is no one's)
      live: s.live,
      session: s.session + 1,
      status: `You are ${info.caller.person} (${info.caller.role})`,
    },
    true,
  );
}
