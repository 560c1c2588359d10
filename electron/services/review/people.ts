// People in the project and the guideline versions they work under. Both are edits (undoable,
// carried by the lossless format); only a lead changes them (their declarations say so, in
// shared/contract/review.ts, and the caller is checked before these run) — but for each person's
// passphrase, which they set themselves and no export carries.
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import type { GuidelineFields, GuidelineVersion, Person, PersonRole } from '../../../shared/review/types';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { hashPassphrase, passphraseMatches } from '../session/passphrase';
import type { ReviewStore } from './store';

export const peopleOf = (project: Project): Promise<Person[]> => project.stores.review.people();

/** Adds a person or changes their roles (people are named uniquely). */
export async function savePerson(project: Project, caller: Caller, name: string, roles: readonly PersonRole[]): Promise<Person> {
  const store = project.stores.review;
  const existing = await store.person(name);
  const like = await store.personLike(name);
  if (!existing && like) throw new ServiceError('conflict', `${like.name} is already listed; names differing only in case are one person.`);
  if (existing && existing.roles.includes('lead') && !roles.includes('lead')) await checkLeadRemains(store, name);
  const now = new Date().toISOString();
  const person: Person = { id: existing?.id ?? randomUUID(), name, roles: [...new Set(roles)], createdAt: existing?.createdAt ?? now, hasPassphrase: existing?.hasPassphrase ?? false };
  // the first person a lead lists makes the list binding: the lead is listed too, or they would lock themselves out
  const me = !(await store.hasPeople()) && caller.person !== name ? { id: randomUUID(), name: caller.person, roles: ['lead' as const], createdAt: now, hasPassphrase: false } : null;
  await project.edit(caller.person, existing ? `Change roles of ${name}` : `Add ${name}`, async (w) => {
    if (me) await w.review.putPerson(me);
    await w.review.putPerson(person);
  });
  return person;
}

/** A project that lists people keeps a lead, or nobody could change the list again. */
async function checkLeadRemains(store: ReviewStore, leaving: string): Promise<void> {
  if (!(await store.people()).some((p) => p.name !== leaving && p.roles.includes('lead'))) throw new ServiceError('conflict', `${leaving} is the project's only lead; make someone else lead first.`);
}

export async function removePerson(project: Project, caller: Caller, name: string): Promise<void> {
  const store = project.stores.review;
  const existing = await store.person(name);
  if (!existing) throw new ServiceError('not-found', `${name} is not in this project.`);
  if (existing.roles.includes('lead')) await checkLeadRemains(store, name);
  const open = new Set((await store.rounds()).filter((r) => !r.closed).map((r) => r.id));
  const pending = (await store.assignmentsOf(name)).filter((a) => open.has(a.roundId)).length;
  if (pending > 0) throw new ServiceError('conflict', `${name} has ${pending} assignment${pending === 1 ? '' : 's'} in open rounds; close those rounds first.`);
  await project.edit(caller.person, `Remove ${name}`, (w) => w.review.removePerson(existing.id));
}

/**
 * Sets, changes or removes (null) the caller's own passphrase — nobody else's: signing in as them
 * then asks for it. Changing or removing one asks for the current one. An edit of theirs, like any
 * other change to the people.
 */
export async function setPassphrase(project: Project, caller: Caller, passphrase: string | null, current: string | null): Promise<Person> {
  const store = project.stores.review;
  const person = await store.person(caller.person);
  if (!person)
    throw new ServiceError('forbidden', `${caller.person} is not one of this project's people: a passphrase protects the name of a person the project lists (a lead adds people in Review → People).`);
  const stored = await store.passphraseOf(person.name);
  if (stored !== null) {
    if (current === null) throw new ServiceError('forbidden', `${person.name} has a passphrase: give the current one to change it.`);
    if (!(await passphraseMatches(stored, current))) throw new ServiceError('forbidden', `That is not ${person.name}'s current passphrase.`);
  }
  if (stored === null && passphrase === null) return person;
  const hashed = passphrase === null ? null : await hashPassphrase(passphrase);
  const label = passphrase === null ? 'Remove' : stored === null ? 'Set' : 'Change';
  await project.edit(caller.person, `${label} the passphrase of ${person.name}`, (w) => w.review.setPassphrase(person, hashed));
  return { ...person, hasPassphrase: hashed !== null };
}

export const guidelinesOf = (project: Project): Promise<GuidelineVersion[]> => project.stores.review.guidelines();

/** Records a guideline version: what changed and why. Reviews and decisions made after it name it. */
export async function addGuideline(project: Project, caller: Caller, fields: GuidelineFields): Promise<GuidelineVersion> {
  if ((await project.stores.review.guidelines()).some((g) => g.version === fields.version))
    throw new ServiceError('conflict', `Guideline version ${fields.version} is already recorded; name the new one differently.`);
  const version: GuidelineVersion = { ...fields, id: randomUUID(), createdBy: caller.person, createdAt: new Date().toISOString() };
  await project.edit(caller.person, `Guideline ${fields.version}`, (w) => w.review.putGuideline(version));
  return version;
}
