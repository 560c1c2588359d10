// The team server's accounts on PostgreSQL (`tidemark serve --database postgres://…`): the same
// store as db/sqlite/accounts.ts, the same schema in PostgreSQL's types, migrated in the same order
// (the version kept in tidemark_schema). Several server processes may share it: sessions, roles and
// the audit log are the database's, and each write is committed before it is acknowledged.
import pg from 'pg';
import type { AccountStore } from '../../accounts/store';
import { ServiceError } from '../../errors';
import { accountStoreOver, accountTables } from '../accounts-sql';

const MIGRATIONS: readonly string[] = [accountTables('BIGSERIAL', '')];

/** Connection failures (refused, the server shut down or restarting, the link dropped): PostgreSQL is away, not the request wrong. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

async function unreachableSaid<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code !== undefined && UNREACHABLE.has(code)) || /Connection terminated/.test((error as Error).message)) {
      throw new ServiceError('unavailable', "The team server's database is unreachable; reconnecting — try again in a moment.");
    }
    throw error;
  }
}

/** Runs the migrations not yet applied, one transaction each, one process at a time (an advisory lock). */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(8741)');
    await client.query('CREATE TABLE IF NOT EXISTS tidemark_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const version = (await client.query<{ version: number }>("SELECT version FROM tidemark_schema WHERE part = 'accounts'")).rows[0]?.version ?? 0;
    if (version > MIGRATIONS.length) throw new Error(`The database was written by a newer Tidemark (accounts schema ${version}); update Tidemark.`);
    for (let v = version; v < MIGRATIONS.length; v++) {
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[v]!);
        await client.query("INSERT INTO tidemark_schema (part, version) VALUES ('accounts', $1) ON CONFLICT (part) DO UPDATE SET version = excluded.version", [v + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(8741)').catch(() => undefined);
    client.release();
  }
}

export async function postgresAccounts(pool: pg.Pool): Promise<AccountStore> {
  await migrate(pool);
  // `?` numbered as PostgreSQL's $1, $2, … (the store's SQL has no other question marks)
  const numbered = (sql: string): string => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return accountStoreOver({
    rows: async <R>(sql: string, params: unknown[]) => (await unreachableSaid(() => pool.query(numbered(sql), params))).rows as R[],
    run: async (sql, params) => (await unreachableSaid(() => pool.query(numbered(sql), params))).rowCount ?? 0,
    // (the pool is the caller's, closed with the rest of the server's data)
    close: async () => undefined,
  });
}
