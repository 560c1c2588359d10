// Sign-in limits kept in the accounts database, on both engines: two AccountService instances over
// the same database (two server processes) share them, and a restart keeps them; a database of the
// first schema gains the attempts' table.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { accountTables } from '../db/accounts-sql';
import { migrate } from '../db/postgres/connection';
import { postgresAccounts } from '../db/postgres/accounts';
import { sqliteAccounts } from '../db/sqlite/accounts';
import { hashPassphrase } from '../session/passphrase';
import { tempDir } from '../test-support/fixtures';
import { AccountService } from './service';
import type { AccountStore } from './store';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

/** One engine's accounts database, and a way to open it again as another process would. */
interface AccountsDatabase {
  open(): Promise<AccountStore>;
  remove(): Promise<void>;
}

let schemas = 0;
const engines: Array<[string, () => Promise<AccountsDatabase>]> = [
  [
    'sqlite',
    async () => {
      const dir = tempDir();
      const path = join(dir.path, 'accounts.sqlite');
      return { open: async () => sqliteAccounts(path), remove: async () => dir.remove() };
    },
  ],
  [
    'postgres',
    async () => {
      // a schema of the test's own in the run's cluster; each open is a pool of its own (a process)
      const schema = `accounts_${process.pid}_${++schemas}`;
      const admin = new pg.Client({ connectionString: inject('postgres') });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const pools: pg.Pool[] = [];
      return {
        open: async () => {
          const pool = new pg.Pool({ connectionString: inject('postgres'), max: 4, options: `-c search_path=${schema}` });
          pools.push(pool);
          return postgresAccounts(pool);
        },
        remove: async () => {
          await Promise.all(pools.map((p) => p.end()));
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        },
      };
    },
  ],
];

describe.each(engines)('sign-in limits in the accounts database (%s)', (_engine, make) => {
  let database: AccountsDatabase;
  let stores: AccountStore[];
  let clock: number;
  const service = async (): Promise<AccountService> => {
    const store = await database.open();
    stores.push(store);
    return new AccountService(store, { publicUrl: () => 'http://127.0.0.1:1', now: () => new Date(clock) });
  };
  /** The code of the refusal, or 'ok'. */
  const signIn = (s: AccountService, name: string, password: string, address = '10.0.0.1'): Promise<string> =>
    s.signIn(name, password, address).then(
      () => 'ok',
      (error: { code: string }) => error.code,
    );

  beforeEach(async () => {
    database = await make();
    stores = [];
    clock = Date.parse('2026-11-26T12:00:00Z');
    const first = await database.open();
    stores.push(first);
    await first.addAccount({ name: 'Rita', email: null, passwordHash: await hashPassphrase(PASSWORD), createdAt: new Date(clock).toISOString() });
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await database.remove();
  });

  it('shares the account’s limit between two processes: 10 attempts split across both, the 11th refused on either', async () => {
    const [one, two] = [await service(), await service()];
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push(await signIn(i % 2 ? two : one, 'rita', 'not her password', `10.0.0.${i}`));
    expect(codes).toEqual(Array(10).fill('unauthenticated'));
    expect(await signIn(one, 'Rita', 'not her password', '10.0.1.1')).toBe('unavailable');
    expect(await signIn(two, 'RITA', PASSWORD, '10.0.1.2')).toBe('unavailable');
    await expect(two.signIn('Rita', PASSWORD, '10.0.1.2')).rejects.toThrow('Too many wrong passwords: try again in 15 minutes.');
  });

  it('counts attempts sent at once to both processes, before their passwords are checked', async () => {
    const [one, two] = [await service(), await service()];
    const codes = await Promise.all(Array.from({ length: 14 }, (_, i) => signIn(i % 2 ? two : one, 'Rita', 'not her password', `10.0.0.${i}`)));
    expect(codes.filter((c) => c === 'unauthenticated')).toHaveLength(10);
    expect(codes.filter((c) => c === 'unavailable')).toHaveLength(4);
  });

  it('shares the address’s count of wrong passwords across names and processes', async () => {
    const [one, two] = [await service(), await service()];
    for (let i = 0; i < 30; i++) expect(await signIn(i % 2 ? two : one, `nobody-${i}`, 'guess')).toBe('unauthenticated');
    expect(await signIn(one, 'Rita', PASSWORD)).toBe('unavailable');
    expect(await signIn(two, 'Rita', PASSWORD, '10.0.0.2')).toBe('ok');
  });

  it('counts wrong passwords sent at once from one address before they are checked: 30 checked, the rest refused', async () => {
    const [one, two] = [await service(), await service()];
    const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? two : one, `nobody-${i}`, 'guess')));
    expect(codes.filter((c) => c === 'unauthenticated')).toHaveLength(30);
    expect(codes.filter((c) => c === 'unavailable')).toHaveLength(10);
  });

  it('keeps the counts when the service restarts', async () => {
    const before = await service();
    for (let i = 0; i < 10; i++) expect(await signIn(before, 'Rita', 'not her password')).toBe('unauthenticated');
    await stores.pop()!.close();
    const after = await service();
    expect(await signIn(after, 'Rita', PASSWORD)).toBe('unavailable');
  });

  it('drops the attempts that have left the window from the database at the next sign-in', async () => {
    const one = await service();
    const [store] = stores;
    await store!.addAttempt('account:someone', clock - 15 * MINUTE);
    await store!.addAttempt('account:someone', clock - 15 * MINUTE + 1);
    expect(await signIn(one, 'Rita', PASSWORD)).toBe('ok');
    expect((await store!.attemptsSince('account:someone', 0)).map((a) => a.at)).toEqual([clock - 15 * MINUTE + 1]);
  });

  it('holds until the oldest attempt leaves the window, which refused attempts do not extend; the right password forgets the count', async () => {
    const [one, two] = [await service(), await service()];
    const start = clock;
    for (let i = 0; i < 10; i++) {
      clock = start + i * MINUTE;
      expect(await signIn(i % 2 ? two : one, 'Rita', 'not her password')).toBe('unauthenticated');
    }
    clock = start + 14 * MINUTE;
    await expect(one.signIn('Rita', PASSWORD, '10.0.0.1')).rejects.toThrow('try again in 1 minutes');
    // the first attempt has left the window: one more may be tried, then the hold is the second's
    clock = start + 15 * MINUTE;
    expect(await signIn(two, 'Rita', 'not her password')).toBe('unauthenticated');
    expect(await signIn(one, 'Rita', PASSWORD)).toBe('unavailable');
    clock = start + 16 * MINUTE;
    expect(await signIn(one, 'Rita', PASSWORD)).toBe('ok');
    // forgotten on both: ten more wrong ones before the next hold
    for (let i = 0; i < 10; i++) expect(await signIn(i % 2 ? one : two, 'Rita', 'not her password', `10.0.2.${i}`)).toBe('unauthenticated');
    expect(await signIn(one, 'Rita', 'not her password', '10.0.3.1')).toBe('unavailable');
  });
});

describe('an accounts database of the first schema, opened by this version', () => {
  const rita = { name: 'Rita', email: null, passwordHash: null, createdAt: '2026-11-26T12:00:00.000Z' };
  const countsAttempts = async (store: AccountStore): Promise<void> => {
    expect(await store.account('rita')).toEqual(rita);
    const id = await store.addAttempt('account:rita', 1_700_000_000_000);
    expect(await store.attemptsSince('account:rita', 0)).toEqual([{ id, at: 1_700_000_000_000 }]);
  };

  it('gains the sign-in attempts on SQLite, its accounts kept', async () => {
    const dir = tempDir();
    const path = join(dir.path, 'accounts.sqlite');
    const old = new Database(path);
    old.exec(accountTables('INTEGER', ' STRICT'));
    old.prepare('INSERT INTO accounts (name_key, name, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)').run('rita', 'Rita', null, null, rita.createdAt);
    old.pragma('user_version = 1');
    old.close();
    const store = sqliteAccounts(path);
    await countsAttempts(store);
    await store.close();
    const reopened = new Database(path);
    expect(reopened.pragma('user_version', { simple: true })).toBe(2);
    reopened.close();
    dir.remove();
  });

  it('gains the sign-in attempts on PostgreSQL, its accounts kept', async () => {
    const schema = `accounts_old_${process.pid}`;
    const admin = new pg.Client({ connectionString: inject('postgres') });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = new pg.Pool({ connectionString: inject('postgres'), max: 2, options: `-c search_path=${schema}` });
    try {
      // the first migration only, under the accounts' advisory lock as db/postgres/accounts.ts takes it
      await migrate(pool, 'accounts', [accountTables('BIGSERIAL', '')], 8741);
      await pool.query('INSERT INTO accounts (name_key, name, email, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)', ['rita', 'Rita', null, null, rita.createdAt]);
      await countsAttempts(await postgresAccounts(pool));
      expect((await pool.query('SELECT version FROM tidemark_schema WHERE part = $1', ['accounts'])).rows).toEqual([{ version: 2 }]);
    } finally {
      await pool.end();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
