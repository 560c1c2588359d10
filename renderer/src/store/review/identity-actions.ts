// Who is calling: the person's name and role, kept in settings.json. The services answer by the
// caller (a blind reviewer gets questions without their authors' answers), so a change reloads
// what depends on it: the selected video's annotations and the review queues.
import type { Role } from '../../../../shared/domain';
import { call } from '../../api/client';
import { emit } from '../effects';
import { guarded } from '../guarded';
import { getState, setState } from '../store';
import { loadAdjudicationQueue, loadReviewQueue } from './actions';
import { noReviewItem } from './state';

export const roles: readonly Role[] = ['annotator', 'reviewer', 'adjudicator', 'researcher', 'lead'];

export async function setIdentity(personName: string, role: Role): Promise<boolean> {
  const name = personName.trim();
  if (!name) {
    setState({ error: 'Type your name.' });
    return false;
  }
  const done = await guarded(async () => {
    await call('settings.update', { personName: name, role });
    const info = await call('app.info');
    // what the previous caller had open or was shown is theirs, not the new caller's
    setState({ info, askIdentity: false, ...noReviewItem, reviewQueue: [], adjudicationQueue: [], agreementReport: null, roundPreview: null, status: `You are ${info.caller.person} (${info.caller.role})` });
    return true;
  });
  if (!done) return false;
  // the form closes now; what depends on the caller follows
  void reloadForCaller(role);
  return true;
}

/** Reloads what the services answer by the caller: the selected video's annotations and the queues. */
async function reloadForCaller(role: Role): Promise<void> {
  if (!getState().project) return;
  await emit('annotationsChanged');
  await loadReviewQueue();
  if (role === 'adjudicator' || role === 'lead') await loadAdjudicationQueue();
}
