// Rows ↔ profiles: the benchmark profiles a project carries as data.
import { BUILTIN_PROFILES, profileDefinitionSchema, type Profile, type ProfileDefinition } from '../../../shared/profiles';
import type { Row } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';

interface ProfileRow {
  id: string;
  kind: string;
  name: string;
  definition: string;
  builtin: number;
}

export function profileToRow(p: Profile): Row {
  const definition: ProfileDefinition = { kind: p.kind, name: p.name, taxonomy: p.taxonomy, rules: p.rules };
  return { id: p.id, kind: p.kind, name: p.name, definition: JSON.stringify(definition), builtin: p.builtin ? 1 : 0 };
}

function rowToProfile(row: ProfileRow): Profile {
  return { ...profileDefinitionSchema.parse(JSON.parse(row.definition)), id: row.id, builtin: row.builtin === 1 };
}

export function listProfiles(db: ReadableDb): Profile[] {
  return db.query<ProfileRow>('SELECT * FROM profiles ORDER BY builtin DESC, name').all().map(rowToProfile);
}

export function getProfile(db: ReadableDb, id: string): Profile | null {
  const row = db.query<ProfileRow>('SELECT * FROM profiles WHERE id = ?').get(id);
  return row ? rowToProfile(row) : null;
}

export const builtinProfileId = (kind: string): string => `builtin:${kind}`;

/** The five built-in profiles every project carries as data (added once; never edited in place). */
export function builtinProfileRows(): Row[] {
  return BUILTIN_PROFILES.map((definition) => profileToRow({ ...definition, id: builtinProfileId(definition.kind), builtin: true }));
}
