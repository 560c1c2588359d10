// Profiles in SQLite: the `profiles` table, a profile's definition (kind, name, taxonomy, rules) as
// JSON text beside its id and whether it is built in (0/1).
import { profileDefinitionSchema, type Profile, type ProfileDefinition } from '../../../../shared/profiles';
import type { ProfileStore, ProfileWrites } from '../../profiles/store';
import type { EditTransaction, Row } from '../edit-log';
import type { ProjectStore } from '../project-store';
import type { ReadableDb } from '../readable';

interface ProfileRow {
  id: string;
  kind: string;
  name: string;
  definition: string;
  builtin: number;
}

function toRow(p: Profile): Row {
  const definition: ProfileDefinition = { kind: p.kind, name: p.name, taxonomy: p.taxonomy, rules: p.rules };
  return { id: p.id, kind: p.kind, name: p.name, definition: JSON.stringify(definition), builtin: p.builtin ? 1 : 0 };
}

function toProfile(row: ProfileRow): Profile {
  return { ...profileDefinitionSchema.parse(JSON.parse(row.definition)), id: row.id, builtin: row.builtin === 1 };
}

/** The profiles as `db` sees them, read at once (SQLite answers in the calling thread). */
const listNow = (db: ReadableDb): Profile[] => db.query<ProfileRow>('SELECT * FROM profiles ORDER BY builtin DESC, name').all().map(toProfile);

function getNow(db: ReadableDb, id: string): Profile | null {
  const row = db.query<ProfileRow>('SELECT * FROM profiles WHERE id = ?').get(id);
  return row ? toProfile(row) : null;
}

export function sqliteProfiles(db: ReadableDb): ProfileStore {
  return {
    list: async () => listNow(db),
    get: async (id) => getNow(db, id),
  };
}

export function sqliteProfileWrites(tx: EditTransaction): ProfileWrites {
  return {
    ...sqliteProfiles(tx.db),
    put: async (profile) => tx.put('profiles', toRow(profile)),
    add: async (profile) => tx.insert('profiles', toRow(profile)),
    remove: async (id) => tx.remove('profiles', id),
    questionsUsing: async (id) => tx.db.query<{ n: number }>('SELECT count(*) AS n FROM questions WHERE profile_id = ?').get(id)!.n,
  };
}

/** Adds the profiles every project carries (the built-in ones) where missing; never changes one (outside the edit log: nobody's edit). */
export function seedProfiles(store: ProjectStore, profiles: readonly Profile[]): Promise<void> {
  return store.seed('profiles', profiles.map(toRow));
}
