// The team server's accounts in SQLite (the embedded default: accounts.sqlite in its data folder).
// One connection, WAL, every write synced before it is acknowledged; its schema versioned in
// PRAGMA user_version as a project's is. The store itself is db/accounts-sql.ts (both engines').
import Database from 'better-sqlite3';
import type { AccountStore } from '../../accounts/store';
import { accountStoreOver, accountTables, attemptTables } from '../accounts-sql';

/** "TdMs": marks a SQLite file as a Tidemark team server's accounts. */
const APPLICATION_ID = 0x54644d73;

const MIGRATIONS: readonly string[] = [accountTables('INTEGER', ' STRICT'), attemptTables('INTEGER', 'INTEGER', ' STRICT')];

/** Opens (creating and migrating) the accounts database at `path`. */
export function sqliteAccounts(path: string): AccountStore {
  const db = new Database(path);
  try {
    const id = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (id !== 0 && id !== APPLICATION_ID) throw new Error(`${path} is not a Tidemark team server's accounts database.`);
    if (version > MIGRATIONS.length) throw new Error(`${path} was written by a newer Tidemark (accounts schema ${version}); update Tidemark.`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]!);
        db.pragma(`user_version = ${v + 1}`);
      })();
    }
    if (id === 0) db.pragma(`application_id = ${APPLICATION_ID}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return accountStoreOver({
    rows: async <R>(sql: string, params: unknown[]) => db.prepare(sql).all(...params) as R[],
    run: async (sql, params) => db.prepare(sql).run(...params).changes,
    close: async () => void db.close(),
  });
}
