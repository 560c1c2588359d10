// The team server's accounts on PostgreSQL (`tidemark serve --database postgres://…`): the same
// store as db/sqlite/accounts.ts, the same schema in PostgreSQL's types, migrated in the same order
// (the version kept in tidemark_schema). Several server processes may share it: sessions, roles, the
// audit log and the sign-in attempts the limits count are the database's, and each write is
// committed before it is acknowledged.
import pg from 'pg';
import type { AccountStore } from '../../accounts/store';
import { accountStoreOver, accountTables, attemptTables } from '../accounts-sql';
import { migrate, numbered, unreachableSaid } from './connection';

const MIGRATIONS: readonly string[] = [accountTables('BIGSERIAL', ''), attemptTables('BIGSERIAL', 'BIGINT', '')];
/** The advisory lock two processes migrating the accounts at once take turns on. */
const ACCOUNTS_LOCK = 8741;

export async function postgresAccounts(pool: pg.Pool): Promise<AccountStore> {
  await migrate(pool, 'accounts', MIGRATIONS, ACCOUNTS_LOCK);
  return accountStoreOver({
    rows: async <R>(sql: string, params: unknown[]) => (await unreachableSaid(() => pool.query(numbered(sql), params))).rows as R[],
    run: async (sql, params) => (await unreachableSaid(() => pool.query(numbered(sql), params))).rowCount ?? 0,
    // (the pool is the caller's, closed with the rest of the server's data)
    close: async () => undefined,
  });
}
