// Opening a project file: one SQLite database with WAL, foreign keys, STRICT tables and versioned
// migrations tracked in PRAGMA user_version (one migration per file under ./migrations).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { ServiceError } from '../errors';
import { LATEST_SCHEMA_VERSION, migrations } from './migrations';

/** "TdMk": marks a SQLite file as a Tidemark project (PRAGMA application_id). */
export const TIDEMARK_APPLICATION_ID = 0x54644d6b;

export type ProjectDb = Database.Database;

export function openProjectDb(path: string, options: { create: boolean; targetVersion?: number }): ProjectDb {
  if (!options.create && !existsSync(path)) {
    throw new ServiceError('not-found', `No project file at ${path}.`);
  }
  let db: ProjectDb;
  try {
    db = new Database(path, { fileMustExist: !options.create });
  } catch (error) {
    throw new ServiceError('failed', `Could not open ${path}: ${(error as Error).message}`);
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL'); // an acknowledged edit survives a killed process or power loss
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    checkIdentity(db, path);
    migrate(db, options.targetVersion ?? LATEST_SCHEMA_VERSION, path);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function checkIdentity(db: ProjectDb, path: string): void {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = schemaVersion(db);
  const hasTables = (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n > 0;
  if (appId === 0 && version === 0 && !hasTables) {
    db.pragma(`application_id = ${TIDEMARK_APPLICATION_ID}`);
    return;
  }
  if (appId !== TIDEMARK_APPLICATION_ID) {
    throw new ServiceError('invalid-request', `${path} is a SQLite file but not a Tidemark project.`);
  }
}

export function schemaVersion(db: ProjectDb): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: ProjectDb, target: number, path: string): void {
  const current = schemaVersion(db);
  if (current > LATEST_SCHEMA_VERSION) {
    throw new ServiceError(
      'conflict',
      `${path} was saved by a newer Tidemark (schema ${current}, this version knows ${LATEST_SCHEMA_VERSION}). Update Tidemark to open it.`,
    );
  }
  for (let version = current; version < target; version++) {
    const step = migrations[version];
    if (!step) break;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
