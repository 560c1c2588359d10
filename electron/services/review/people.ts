// People in the project and the guideline versions they work under. Both are edits (undoable,
// carried by the lossless format); only a lead changes them.
import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../shared/domain';
import type { GuidelineFields, GuidelineVersion, Person, PersonRole } from '../../../shared/review/types';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { requireRole } from './policy';
import { guidelineToRow, listGuidelines, listPeople, personNamed, personToRow } from './rows';

export const peopleOf = (project: Project): Person[] => listPeople(project.store.db);

/** Adds a person or changes their roles (people are named uniquely). */
export async function savePerson(project: Project, caller: Caller, name: string, roles: readonly PersonRole[]): Promise<Person> {
  requireRole(project.store.db, caller, ['lead'], 'add people or change their roles');
  const existing = personNamed(project.store.db, name);
  const person: Person = { id: existing?.id ?? randomUUID(), name, roles: [...new Set(roles)], createdAt: existing?.createdAt ?? new Date().toISOString() };
  await project.store.edit(caller.person, existing ? `Change roles of ${name}` : `Add ${name}`, (tx) => tx.put('people', personToRow(person)));
  return person;
}

export async function removePerson(project: Project, caller: Caller, name: string): Promise<void> {
  requireRole(project.store.db, caller, ['lead'], 'remove people');
  const existing = personNamed(project.store.db, name);
  if (!existing) throw new ServiceError('not-found', `${name} is not in this project.`);
  await project.store.edit(caller.person, `Remove ${name}`, (tx) => tx.remove('people', existing.id));
}

export const guidelinesOf = (project: Project): GuidelineVersion[] => listGuidelines(project.store.db);

/** Records a guideline version: what changed and why. Reviews and decisions made after it name it. */
export async function addGuideline(project: Project, caller: Caller, fields: GuidelineFields): Promise<GuidelineVersion> {
  requireRole(project.store.db, caller, ['lead'], 'record a guideline version');
  if (listGuidelines(project.store.db).some((g) => g.version === fields.version)) throw new ServiceError('conflict', `Guideline version ${fields.version} is already recorded; name the new one differently.`);
  const version: GuidelineVersion = { ...fields, id: randomUUID(), createdBy: caller.person, createdAt: new Date().toISOString() };
  await project.store.edit(caller.person, `Guideline ${fields.version}`, (tx) => tx.put('guidelines', guidelineToRow(version)));
  return version;
}
