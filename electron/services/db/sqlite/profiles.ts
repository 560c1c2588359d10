// Profiles in SQLite: the `profiles` table (its rows: db/rows/profiles.ts).
import type { Profile } from '../../../../shared/profiles';
import type { ProfileStore, ProfileWrites } from '../../profiles/store';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { toProfile, toRow, type ProfileRow } from '../rows/profiles';

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
