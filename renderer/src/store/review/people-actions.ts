// People of the project and guideline versions: a lead adds, edits and removes people (name and
// roles) and records each guideline version with what changed and why; each person protects their
// own name with a passphrase.
import { roles, type Role } from '../../../../shared/domain';
import type { GuidelineFields, Person, PersonRole } from '../../../../shared/review/types';
import { call } from '../../api/client';
import { errorMessage } from '../guarded';
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
 * The listed person a typed name signs in as: names match whatever their case and surrounding
 * spaces, as the server matches them.
 */
export function listedPerson(people: readonly Person[], typed: string): Person | undefined {
  const key = typed.trim().toLowerCase();
  return key ? people.find((p) => p.name.toLowerCase() === key) : undefined;
}

/** The roles to offer a typed name: a listed person's own (any other is refused), else all of them — a project may list no one. */
export function rolesOffered(people: readonly Person[], typed: string): Role[] {
  const person = listedPerson(people, typed);
  return person ? roles.filter((r) => person.roles.includes(r)) : [...roles];
}

/** What is wrong with a new passphrase typed twice, one thing at a time (the length first), or null. */
export function passphraseProblem(next: string, repeated: string): string | null {
  if (next.length < PASSPHRASE_LENGTH.min || next.length > PASSPHRASE_LENGTH.max) return `A passphrase has ${PASSPHRASE_LENGTH.min} to ${PASSPHRASE_LENGTH.max} characters.`;
  // a typing slip would lock the person out of their own name: the new one is typed twice
  if (next !== repeated) return 'The two new passphrases differ.';
  return null;
}

/** Said in the passphrase form itself: what was done, or why not. */
export type PassphraseOutcome = { ok: boolean; message: string };

/**
 * Sets or changes (`passphrase`) or removes (null) the signed-in person's own passphrase; `current`
 * is the one they have, asked whenever they have one.
 */
export async function setMyPassphrase(passphrase: string | null, current: string | null): Promise<PassphraseOutcome> {
  const problem = passphrase === null ? null : passphraseProblem(passphrase, passphrase);
  if (problem) return { ok: false, message: problem };
  try {
    await call('people.setPassphrase', { passphrase, current });
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  const message = passphrase === null ? 'Your passphrase is removed: anyone at this machine may sign in as you.' : 'Your passphrase is set: signing in as you asks for it.';
  setState({ reviewError: null, status: message });
  await loadPeople();
  return { ok: true, message };
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
