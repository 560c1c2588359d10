// Opening a project file: one SQLite database with WAL, foreign keys, STRICT tables and versioned
// migrations tracked in PRAGMA user_version (one migration per file under ./migrations). Nothing is
// changed in a file until it is known to be a Tidemark project this version can open.
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ServiceError } from '../errors';
import { LATEST_SCHEMA_VERSION, migrations } from './migrations';
import { cutShort, HEADER_BYTES, startsAsSqlite } from './sqlite-header';

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
  if (!fresh) refuseCutShort(path);
  const created = sidecarsAbsent(path);
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
    if (!fresh) removeSidecars(path, created);
    throw error;
  }
}

/** Opens a connection that only reads: it sees committed data only (WAL), never what an edit is writing. */
export function openReader(path: string, options: { readOnlyFile: boolean }): Connection {
  if (!existsSync(path)) throw new ServiceError('not-found', `No project file at ${path}.`);
  if (statSync(path).size === 0) throw new ServiceError('invalid-request', `${path} is an empty file, not a Tidemark project.`);
  refuseCutShort(path);
  const created = sidecarsAbsent(path);
  const db = connect(path, { readonly: true, fileMustExist: true });
  try {
    if (options.readOnlyFile) checkIdentity(db, path, 'read');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db.close();
    removeSidecars(path, created);
    throw error;
  }
}

/** What a project file SQLite cannot use is called: damaged, with its size and where its data may still be. */
function damaged(path: string, what: string): ServiceError {
  return new ServiceError(
    'invalid-request',
    `${path} is damaged: ${what}. A backup copy of it, or a ${basename(path)}-wal file kept beside the original, may hold what is missing; Tidemark has not changed it.`,
  );
}

const bytes = (n: number): string => n.toLocaleString('en');

/** The first bytes of a file, as many as it has up to `count`. */
function head(path: string, count: number): Buffer {
  const buffer = Buffer.alloc(count);
  const fd = openSync(path, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, count, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * A SQLite file shorter than its header says is refused before SQLite opens it (which would put a
 * -wal and a -shm beside it). Unless a WAL with content is beside it: a checkpoint stopped part way
 * leaves the file short and the rest in the WAL, which SQLite replays.
 */
function refuseCutShort(path: string): void {
  const size = statSync(path).size;
  const short = cutShort(head(path, HEADER_BYTES), size);
  if (!short || (existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0)) return;
  throw damaged(
    path,
    short.expectedSize === null
      ? `it has only ${bytes(size)} bytes, less than its header needs (it was cut short)`
      : `it has ${bytes(size)} bytes where its header says ${bytes(short.expectedSize)} (it was cut short)`,
  );
}

/** Which of the WAL and shared-memory files are not beside the project yet (so an open that fails may remove them). */
function sidecarsAbsent(path: string): string[] {
  return [`${path}-wal`, `${path}-shm`].filter((file) => !existsSync(file));
}

/** After a failed open: the sidecar files it made, if they hold nothing (a WAL with frames is never removed). */
function removeSidecars(path: string, created: readonly string[]): void {
  for (const file of created) {
    if (file.endsWith('-wal') && existsSync(file) && statSync(file).size > 0) return;
  }
  for (const file of created) rmSync(file, { force: true });
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
  } catch (error) {
    if (startsAsSqlite(head(path, HEADER_BYTES))) throw damaged(path, `SQLite cannot read it (${(error as Error).message}); it has ${bytes(statSync(path).size)} bytes`);
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
