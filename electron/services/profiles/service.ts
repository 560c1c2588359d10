// Benchmark profiles: the five built in, and custom ones a lead copies and edits. Every change is an
// undoable edit.
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import { blankCustomProfile, duplicateTaxonomyCodes, type Profile, type ProfileDefinition } from '../../../shared/profiles';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';

/** Profiles are shared definitions: every caller sees all of them. */
export function profilesFor(project: Project, _caller: Caller): Promise<Profile[]> {
  return project.stores.profiles.list();
}

function requireLead(caller: Caller, what: string): void {
  if (caller.role !== 'lead') throw new ServiceError('forbidden', `Only a lead can ${what}.`);
}

function checkDefinition(definition: ProfileDefinition): void {
  const dupes = duplicateTaxonomyCodes(definition.taxonomy);
  if (dupes.length > 0) throw new ServiceError('invalid-request', `Task codes must be unique; repeated: ${dupes.join(', ')}.`);
}

/** A custom profile: blank, or a copy of an existing profile's taxonomy and rules to edit. */
export async function createProfile(project: Project, caller: Caller, name: string, copyOf: string | null): Promise<Profile> {
  requireLead(caller, 'add a profile');
  const source = copyOf ? await project.stores.profiles.get(copyOf) : null;
  if (copyOf && !source) throw new ServiceError('not-found', `No profile ${copyOf} to copy.`);
  const definition: ProfileDefinition = source ? { kind: 'custom', name, taxonomy: source.taxonomy, rules: source.rules } : blankCustomProfile(name);
  const profile: Profile = { ...definition, id: randomUUID(), builtin: false };
  await project.edit(caller.person, `Add profile ${name}`, (w) => w.profiles.put(profile));
  return profile;
}

export async function updateProfile(project: Project, caller: Caller, id: string, definition: ProfileDefinition): Promise<Profile> {
  const current = await project.stores.profiles.get(id);
  if (!current) throw new ServiceError('not-found', 'No such profile.');
  if (current.builtin) throw new ServiceError('forbidden', `${current.name} is built in; copy it into a custom profile to change it.`);
  requireLead(caller, 'edit a profile');
  checkDefinition(definition);
  const profile: Profile = { ...definition, kind: 'custom', id, builtin: false };
  await project.edit(caller.person, `Edit profile ${definition.name}`, (w) => w.profiles.put(profile));
  return profile;
}

export async function removeProfile(project: Project, caller: Caller, id: string): Promise<void> {
  const current = await project.stores.profiles.get(id);
  if (!current) throw new ServiceError('not-found', 'No such profile.');
  if (current.builtin) throw new ServiceError('forbidden', 'Built-in profiles cannot be removed.');
  requireLead(caller, 'remove a profile');
  await project.edit(caller.person, `Delete profile ${current.name}`, async (w) => {
    // counted inside the edit: a question added meanwhile is counted too
    const n = await w.profiles.questionsUsing(id);
    if (n > 0) throw new ServiceError('conflict', `${n} question${n === 1 ? ' uses' : 's use'} ${current.name}; move them to another profile first.`);
    await w.profiles.remove(id);
  });
}
