// People of the project and guideline versions: a lead adds, edits and removes people (name and
// roles) and records each guideline version with what changed and why.
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
