// A profile as both engines store it (the `profiles` table): its definition (kind, name, taxonomy,
// rules) as JSON text beside its id and whether it is built in (0/1).
import { profileDefinitionSchema, type Profile, type ProfileDefinition } from '../../../../shared/profiles';
import type { Row } from '../edit-log';
import type { ProjectData } from '../project-data';

export interface ProfileRow {
  id: string;
  kind: string;
  name: string;
  definition: string;
  builtin: number;
}

export function toRow(p: Profile): Row {
  const definition: ProfileDefinition = { kind: p.kind, name: p.name, taxonomy: p.taxonomy, rules: p.rules };
  return { id: p.id, kind: p.kind, name: p.name, definition: JSON.stringify(definition), builtin: p.builtin ? 1 : 0 };
}

export function toProfile(row: ProfileRow): Profile {
  return { ...profileDefinitionSchema.parse(JSON.parse(row.definition)), id: row.id, builtin: row.builtin === 1 };
}

/** Adds the profiles every project carries (the built-in ones) where missing; never changes one (outside the edit log: nobody's edit). */
export function seedProfiles(store: ProjectData, profiles: readonly Profile[]): Promise<void> {
  return store.seed('profiles', profiles.map(toRow));
}
