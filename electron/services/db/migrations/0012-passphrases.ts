import type { Database } from 'better-sqlite3';

/**
 * A person may protect their name with a passphrase (signing in then asks for it): the scrypt hash
 * with its parameters, as JSON — { algorithm, N, r, p, salt, hash }, salt and hash in base64 — or
 * NULL for a name anyone at the machine may take (electron/services/session/passphrase.ts).
 */
export function migrate0012(db: Database): void {
  db.exec(`ALTER TABLE people ADD COLUMN passphrase TEXT;`);
}
