// A team server's data folder: its accounts (accounts.sqlite, the embedded engine) and its projects
// (projects/<name>.tidemark), opened together by `tidemark serve` and by the administrative commands
// (`tidemark users …`, `tidemark projects …`), which may run while the server does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountService } from '../accounts/service';
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

export function openTeamData(dataDir: string, options: { version: string; publicUrl: () => string }): TeamData {
  mkdirSync(dataDir, { recursive: true });
  const store = sqliteAccounts(join(dataDir, 'accounts.sqlite'));
  const accounts = new AccountService(store, { publicUrl: options.publicUrl });
  const host = new TeamHost({ dataDir, version: options.version }, accounts);
  return {
    accounts,
    host,
    close: async () => {
      await host.shutdown();
      await store.close();
    },
  };
}
