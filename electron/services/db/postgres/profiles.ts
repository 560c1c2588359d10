// Profiles on PostgreSQL: the `profiles` table (its rows as on SQLite: db/rows/profiles.ts).
import type { ProfileStore, ProfileWrites } from '../../profiles/store';
import { toProfile, toRow, type ProfileRow } from '../rows/profiles';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

export function pgProfiles(db: PgReader): ProfileStore {
  return {
    list: async () => (await db.rows<ProfileRow>('SELECT * FROM profiles ORDER BY builtin DESC, name COLLATE "C"')).map(toProfile),
    get: async (id) => {
      const [row] = await db.rows<ProfileRow>('SELECT * FROM profiles WHERE id = ?', id);
      return row ? toProfile(row) : null;
    },
  };
}

export function pgProfileWrites(tx: PgEditTransaction): ProfileWrites {
  return {
    ...pgProfiles(tx.reader),
    put: (profile) => tx.put('profiles', toRow(profile)),
    add: (profile) => tx.insert('profiles', toRow(profile)),
    remove: (id) => tx.remove('profiles', id),
    questionsUsing: async (id) => (await tx.reader.rows<{ n: number }>('SELECT count(*) AS n FROM questions WHERE profile_id = ?', id))[0]!.n,
  };
}
