// What every PostgreSQL store of the team server shares: `?` placeholders numbered as PostgreSQL's
// $1, $2 … (so a statement's text is the same on both engines), a database that is away said as such
// (503, "reconnecting") rather than as a failed request, migrations run in order once per database,
// and bigints read as numbers.
import pg from 'pg';
import { ServiceError } from '../../errors';

/** Connection failures (refused, the server shut down or restarting, the link dropped): PostgreSQL is away, not the request wrong. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** Whether `error` says the database is away (rather than the statement wrong). */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // (a connection whose link broke between two statements says so in words, without a code)
  return (code !== undefined && UNREACHABLE.has(code)) || /Connection terminated|encountered a connection error|not queryable/.test((error as Error).message);
}

export const UNAVAILABLE = "The team server's database is unreachable; reconnecting — try again in a moment.";

/** Runs `query`, saying a database that is away as `unavailable`. */
export async function unreachableSaid<T>(query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (isUnreachable(error)) throw new ServiceError('unavailable', UNAVAILABLE);
    throw error;
  }
}

/** A connection of the pool's for a transaction, handed back with `done` (destroyed when `broken`). */
export interface CheckedOut {
  client: pg.PoolClient;
  done(broken: boolean): void;
}

/**
 * Takes a connection from the pool. Its link dropping while it is out (PostgreSQL restarting) is an
 * 'error' event that would end the process unheard: here it is heard, and the query under way
 * fails (said as unavailable) instead.
 */
export async function checkOut(pool: pg.Pool): Promise<CheckedOut> {
  const client = await unreachableSaid(() => pool.connect());
  const heard = (): void => undefined;
  client.on('error', heard);
  return {
    client,
    done: (broken) => {
      client.off('error', heard);
      client.release(broken);
    },
  };
}

/**
 * Runs `work` in a transaction (`begin` opens it) on a connection of its own: committed when it
 * resolves, rolled back when it throws; a database that went away meanwhile said as unavailable.
 */
export async function inTransaction<T>(pool: pg.Pool, begin: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const { client, done } = await checkOut(pool);
  let broken = false;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = isUnreachable(error);
    if (!broken) await client.query('ROLLBACK').catch(() => undefined);
    throw broken ? new ServiceError('unavailable', UNAVAILABLE) : error;
  } finally {
    done(broken);
  }
}

/** `?` numbered as PostgreSQL's $1, $2, … (the stores' SQL has no other question marks). */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** COUNT(*) and other bigints as numbers (the projects' counts and sizes stay far below 2^53). */
export const NUMBER_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** What runs statements: a pool, or one client (a transaction's, a snapshot's). */
type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** Statements with `?` placeholders, read as rows. */
export interface PgReader {
  rows<R>(sql: string, ...params: unknown[]): Promise<R[]>;
}

export function readerOver(db: Queryable): PgReader {
  return { rows: async <R>(sql: string, ...params: unknown[]) => (await unreachableSaid(() => db.query(numbered(sql), params))).rows as R[] };
}

/**
 * Runs the migrations of `part` not yet applied, one transaction each, one process at a time (an
 * advisory lock); the version is kept in the search path's tidemark_schema.
 */
export async function migrate(pool: pg.Pool, part: string, migrations: readonly string[], lock: number): Promise<void> {
  const { client, done } = await checkOut(pool);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lock]);
    await client.query('CREATE TABLE IF NOT EXISTS tidemark_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const version = (await client.query<{ version: number }>('SELECT version FROM tidemark_schema WHERE part = $1', [part])).rows[0]?.version ?? 0;
    if (version > migrations.length) throw new Error(`The database was written by a newer Tidemark (${part} schema ${version}); update Tidemark.`);
    for (let v = version; v < migrations.length; v++) {
      await client.query('BEGIN');
      try {
        await client.query(migrations[v]!);
        await client.query('INSERT INTO tidemark_schema (part, version) VALUES ($1, $2) ON CONFLICT (part) DO UPDATE SET version = excluded.version', [part, v + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => undefined);
    done(false);
  }
}

/** The schema version `part` is at (0: none yet). */
export async function schemaVersionOf(reader: PgReader, part: string): Promise<number> {
  return (await reader.rows<{ version: number }>('SELECT version FROM tidemark_schema WHERE part = ?', part))[0]?.version ?? 0;
}
