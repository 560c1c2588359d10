// A team server's data folder: its accounts (accounts.sqlite, the embedded engine) and its projects
// (projects/<name>.tidemark), opened together by `tidemark serve` and by the administrative commands
// (`tidemark users …`, `tidemark projects …`), which may run while the server does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { AccountService } from '../accounts/service';
import type { AccountStore } from '../accounts/store';
import { postgresAccounts } from '../db/postgres/accounts';
import { postgresRelay } from '../db/postgres/notify';
import { sqliteAccounts } from '../db/sqlite/accounts';
import { TeamHost } from './host';

export interface TeamData {
  accounts: AccountService;
  host: TeamHost;
  close(): Promise<void>;
}

/** Where the server says the address people use is (written by `serve`, read by `users add` for its links). */
const URL_FILE = 'server-url';

export function rememberServerUrl(dataDir: string, url: string): void {
  writeFileSync(join(dataDir, URL_FILE), `${url}\n`);
}

export function serverUrlOf(dataDir: string): string | null {
  const file = join(dataDir, URL_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/**
 * Opens a team server's data: its accounts and projects in its folder (the embedded engine), or on
 * PostgreSQL (`database`: postgres://…), where several server processes on one data folder share
 * accounts, sessions, the audit log and the projects, and hear each other's edits (LISTEN/NOTIFY).
 */
export async function openTeamData(dataDir: string, options: { version: string; publicUrl: () => string; database?: string }): Promise<TeamData> {
  mkdirSync(dataDir, { recursive: true });
  const pool = options.database ? new pg.Pool({ connectionString: options.database, max: 10 }) : null;
  // an idle connection PostgreSQL drops (a restart) is an error on the pool: it reconnects on next use
  pool?.on('error', (error) => console.error(`Tidemark: the database connection was lost (${error.message}); reconnecting on the next call.`));
  let store: AccountStore;
  try {
    store = pool ? await postgresAccounts(pool) : sqliteAccounts(join(dataDir, 'accounts.sqlite'));
  } catch (error) {
    await pool?.end();
    throw error;
  }
  const accounts = new AccountService(store, { publicUrl: options.publicUrl });
  const host = new TeamHost({ dataDir, version: options.version, ...(options.database ? { database: options.database } : {}) }, accounts);
  if (pool) host.edits.relay = await postgresRelay(pool, options.database!, host.edits);
  return {
    accounts,
    host,
    close: async () => {
      await host.shutdown();
      await host.edits.relay?.close();
      await store.close();
      await pool?.end();
    },
  };
}
