// Opening a project file: one SQLite database with WAL, foreign keys, STRICT tables and versioned
// migrations tracked in PRAGMA user_version (one migration per file under ./migrations). Nothing is
// changed in a file until it is known to be a Tidemark project this version can open.
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { ServiceError } from '../errors';
import { LATEST_SCHEMA_VERSION, migrations } from './migrations';

/** What a write to a project opened for reading is told. */
export const READ_ONLY_PROJECT = 'This project was opened for reading only.';

/** What a write is told when another program has been writing the project for too long. */
export const WRITER_BUSY = 'Another program is writing this project; try again when it has finished.';

/** "TdMk": marks a SQLite file as a Tidemark project (PRAGMA application_id). */
export const TIDEMARK_APPLICATION_ID = 0x54644d6b;

export type Connection = Database.Database;

export interface OpenOptions {
  create: boolean;
  /** Reading only (statistics, exports, validation): the file is never changed, not even its journal mode. */
  readOnly?: boolean;
  /** For tests of upgrades: stop migrating at this version. */
  targetVersion?: number;
}

/** Opens the connection that writes (and migrates) a project, checking what the file is first. */
export function openWriter(path: string, options: OpenOptions): Connection {
  const fresh = !existsSync(path);
  if (fresh && !options.create) throw new ServiceError('not-found', `No project file at ${path}.`);
  if (!fresh && statSync(path).size === 0) throw new ServiceError('invalid-request', `${path} is an empty file, not a Tidemark project.`);
  const db = connect(path, { readonly: false, fileMustExist: !options.create });
  try {
    // identity first: a foreign or newer file must not be touched (not even switched to WAL)
    if (!fresh) checkIdentity(db, path, 'write');
    else db.pragma(`application_id = ${TIDEMARK_APPLICATION_ID}`);
    db.pragma('journal_mode = WAL');
    // an acknowledged edit survives a killed process or power loss (a ProjectStore syncs its commits itself: commit.ts)
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, options.targetVersion ?? LATEST_SCHEMA_VERSION);
    // from now on a busy file is waited for by ProjectStore, a timer at a time, not inside SQLite
    db.pragma('busy_timeout = 0');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens a connection that only reads: it sees committed data only (WAL), never what an edit is writing. */
export function openReader(path: string, options: { readOnlyFile: boolean }): Connection {
  if (!existsSync(path)) throw new ServiceError('not-found', `No project file at ${path}.`);
  if (statSync(path).size === 0) throw new ServiceError('invalid-request', `${path} is an empty file, not a Tidemark project.`);
  const db = connect(path, { readonly: true, fileMustExist: true });
  try {
    if (options.readOnlyFile) checkIdentity(db, path, 'read');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function connect(path: string, options: Database.Options): Connection {
  try {
    return new Database(path, options);
  } catch (error) {
    throw new ServiceError('invalid-request', `Could not open ${path}: ${(error as Error).message}`);
  }
}

function checkIdentity(db: Connection, path: string, purpose: 'read' | 'write'): void {
  let appId: number;
  try {
    appId = db.pragma('application_id', { simple: true }) as number;
  } catch {
    throw new ServiceError('invalid-request', `${path} is not a Tidemark project (not a SQLite file).`);
  }
  if (appId !== TIDEMARK_APPLICATION_ID) throw new ServiceError('invalid-request', `${path} is a SQLite file but not a Tidemark project.`);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > LATEST_SCHEMA_VERSION) {
    throw new ServiceError('invalid-request', `${path} was saved by a newer Tidemark (schema ${version}, this version knows ${LATEST_SCHEMA_VERSION}). Update Tidemark to open it.`);
  }
  if (purpose === 'read' && version < LATEST_SCHEMA_VERSION) {
    throw new ServiceError('invalid-request', `${path} was saved by an older Tidemark (schema ${version}); open it once in Tidemark (or import into it) to upgrade it, then read it.`);
  }
}

export function schemaVersion(db: Connection): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Connection, target: number): void {
  // a migration that rebuilds a table must not cascade into its children: foreign keys are off
  // while migrating (outside any transaction, as SQLite requires) and checked before each commit
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = schemaVersion(db); version < target; version++) {
      const step = migrations[version];
      if (!step) break;
      db.transaction(() => {
        step(db);
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0) throw new Error(`Migration to schema ${version + 1} broke ${broken.length} foreign key(s).`);
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}
