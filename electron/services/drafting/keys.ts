// The API key: main process only. The desktop app keeps it encrypted with Electron's safeStorage
// (electron/main/safe-key-store.ts); browser mode and the CLI read OPENAI_API_KEY, or a key file
// readable by its owner only. The key never goes into settings.json, a response, a log or an error.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { KeySource } from '../../../shared/drafting/endpoint';
import { ServiceError } from '../errors';
import { writeFileAtomic } from '../files/atomic-write';

/** Where a key is kept when a person enters one. */
export interface KeyStore {
  readonly source: KeySource;
  readonly where: string;
  read(): string | null;
  write(key: string | null): void;
}

/** A file only its owner can read (0600); a file others could read is refused, not used. */
export class FileKeyStore implements KeyStore {
  readonly source = 'key file' as const;

  constructor(readonly where: string) {}

  read(): string | null {
    if (!existsSync(this.where)) return null;
    if (process.platform !== 'win32' && (statSync(this.where).mode & 0o077) !== 0) {
      throw new ServiceError('forbidden', `The key file ${this.where} can be read by others; make it readable by you only (chmod 600) or enter the key again.`);
    }
    return readFileSync(this.where, 'utf8').trim() || null;
  }

  write(key: string | null): void {
    if (key === null) rmSync(this.where, { force: true });
    else writeFileAtomic(this.where, `${key}\n`, 0o600);
  }
}

/** The key in use and where it comes from: OPENAI_API_KEY when set, else the store. */
export function currentKey(env: NodeJS.ProcessEnv, store: KeyStore): { key: string | null; source: KeySource | null; where: string | null } {
  const fromEnv = env.OPENAI_API_KEY?.trim();
  if (fromEnv) return { key: fromEnv, source: 'environment', where: 'OPENAI_API_KEY' };
  const key = store.read();
  return key ? { key, source: store.source, where: store.where } : { key: null, source: null, where: null };
}
