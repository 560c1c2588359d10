// Who is calling: the person's name and role, kept in settings.json. The services answer by the
// caller (a blind reviewer gets questions without their authors' answers), so a switch forgets all
// the client read as the previous person and reads the project again as the new one.
import type { AppInfo } from '../../../../shared/api';
import type { Role } from '../../../../shared/domain';
import { beginSession, call } from '../../api/client';
import { emit } from '../effects';
import { guarded } from '../guarded';
import { getState, initialState, setState } from '../store';
import { flushPendingEdits } from '../ui/pending-edits';

export async function setIdentity(personName: string, role: Role): Promise<boolean> {
  const name = personName.trim();
  if (!name) {
    setState({ error: 'Type your name.' });
    return false;
  }
  // what the person leaving typed is saved as them, and where they were on the video is kept
  flushPendingEdits();
  await emit('leavingVideo');
  const info = await guarded(async () => {
    await call('settings.update', { personName: name, role });
    // from here on, answers to what was asked as the previous person are dropped
    beginSession();
    return call('app.info');
  });
  if (!info) return false;
  forgetCaller(info);
  // the form closes now; what depends on the caller follows
  void guarded(() => emit('projectChanged'));
  return true;
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
      session: s.session + 1,
      status: `You are ${info.caller.person} (${info.caller.role})`,
    },
    true,
  );
}
