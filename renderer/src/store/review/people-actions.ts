// People of the project and guideline versions: a lead adds, edits and removes people (name and
// roles) and records each guideline version with what changed and why; each person protects their
// own name with a passphrase.
import type { GuidelineFields, PersonRole } from '../../../../shared/review/types';
import { call } from '../../api/client';
import { setState } from '../store';
import { inReview, loadGuidelines, loadPeople } from './actions';

export async function savePerson(name: string, roles: PersonRole[]): Promise<boolean> {
  if (!name.trim()) {
    setState({ reviewError: 'Type the person’s name.' });
    return false;
  }
  if (roles.length === 0) {
    setState({ reviewError: 'Give the person at least one role.' });
    return false;
  }
  const saved = await inReview(() => call('people.save', { name: name.trim(), roles }));
  if (!saved) return false;
  setState({ reviewError: null, status: `Saved ${saved.name} (${saved.roles.join(', ')})` });
  await loadPeople();
  return true;
}

export async function removePerson(name: string): Promise<void> {
  if ((await inReview(() => call('people.remove', { name }))) === undefined) return;
  setState({ reviewError: null, status: `Removed ${name}` });
  await loadPeople();
}

/** The length the contract allows a passphrase (people.setPassphrase). */
export const PASSPHRASE_LENGTH = { min: 8, max: 200 } as const;

/**
 * Sets or changes (`passphrase`) or removes (null) the signed-in person's own passphrase; `current`
 * is the one they have, asked whenever they have one.
 */
export async function setMyPassphrase(passphrase: string | null, current: string | null): Promise<boolean> {
  if (passphrase !== null && (passphrase.length < PASSPHRASE_LENGTH.min || passphrase.length > PASSPHRASE_LENGTH.max)) {
    setState({ reviewError: `A passphrase has ${PASSPHRASE_LENGTH.min} to ${PASSPHRASE_LENGTH.max} characters.` });
    return false;
  }
  const done = await inReview(async () => (await call('people.setPassphrase', { passphrase, current }), true));
  if (!done) return false;
  setState({ reviewError: null, status: passphrase === null ? 'Your passphrase is removed: anyone at this machine may sign in as you' : 'Your passphrase is set: signing in as you asks for it' });
  await loadPeople();
  return true;
}

export async function addGuideline(fields: GuidelineFields): Promise<boolean> {
  if (!fields.version.trim()) {
    setState({ reviewError: 'Name the version (e.g. 1.1).' });
    return false;
  }
  const added = await inReview(() => call('guidelines.add', fields));
  if (!added) return false;
  setState({ reviewError: null, status: `Guideline ${added.version} recorded` });
  await loadGuidelines();
  return true;
}
