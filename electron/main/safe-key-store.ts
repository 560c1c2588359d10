// The desktop app's key store: the API key encrypted with Electron's safeStorage (the OS keychain,
// DPAPI or libsecret) in the data folder. Where the OS offers no encryption, the owner-only key
// file is used instead, and the settings say so.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { FileKeyStore, type KeyStore } from '../services/drafting/keys';
import { writeFileAtomic } from '../services/files/atomic-write';

class SafeStorageKeyStore implements KeyStore {
  readonly source = 'encrypted' as const;

  constructor(readonly where: string) {}

  read(): string | null {
    if (!existsSync(this.where)) return null;
    return safeStorage.decryptString(readFileSync(this.where)).trim() || null;
  }

  write(key: string | null): void {
    if (key === null) rmSync(this.where, { force: true });
    else writeFileAtomic(this.where, safeStorage.encryptString(key), 0o600);
  }
}

export function desktopKeyStore(dataDir: string): KeyStore {
  return safeStorage.isEncryptionAvailable() ? new SafeStorageKeyStore(join(dataDir, 'openai-key.enc')) : new FileKeyStore(join(dataDir, 'openai-key'));
}
