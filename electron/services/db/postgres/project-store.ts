// A team server's project on PostgreSQL (`tidemark serve --database postgres://…`): a schema of its
// own in the server's database (tables as db/postgres/project-migrations.ts makes them), with the
// same edit log, undo, redo and history as a project file. Edits are one transaction each, taken
// in turn — within a process by a queue, across the server processes that share the database by an
// advisory lock on the project — so every edit's log reads the rows as the edit before left them.
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { EditHistoryEntry } from '../../../../shared/api';
import { ServiceError } from '../../errors';
import { fingerprint, history, logEdit, replay, rowSql, type AppliedEdit, type EditableTable, type ReplayCheck, type Row } from '../edit-log';
import { touchedBy } from '../edit-summary';
import { CommitListeners, metaSql, type CommittedEdit, type EditPace, type ProjectData } from '../project-data';
import type { EditWrites, ProjectStores } from '../stores';
import { inTransaction, migrate, NUMBER_TYPES, readerOver, schemaVersionOf, unreachableSaid, type PgReader } from './connection';
import { PgEditTransaction, PgWriter } from './edit-log';
import { pgStoresOver, pgWritesIn } from './index';
import { PROJECT_MIGRATIONS } from './project-migrations';

/**
 * Connections a project opens at most (several projects share the database's own limit, 100 by
 * default; idle ones close after 10 s): for reads and edits, and apart for long reads (snapshots:
 * an export, scoring), so that those never hold up the others.
 */
const POOL_SIZE = 4;
const SNAPSHOT_POOL_SIZE = 3;

/**
 * Each connection's settings: the project's schema, floats read back exactly as written (an edit's
 * log compares rows: a server set to round them would refuse every undo), and a link that went
 * quiet noticed (TCP keepalive) rather than holding the project's lock.
 */
const connectionOptions = (schema: string): pg.PoolConfig => ({ options: `-c search_path=${schema} -c extra_float_digits=3`, types: NUMBER_TYPES, keepAlive: true });

/**
 * The schema a project's tables live in: `tm_` and its name where the name is one PostgreSQL takes
 * as it is, else (".", "-", or too long) made so, with a hash of the name so two never meet.
 */
export function projectSchema(name: string): string {
  const plain = name.replace(/[^a-z0-9_]/g, '_');
  if (plain === name && name.length <= 56) return `tm_${name}`;
  return `tm_${plain.slice(0, 48)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

export interface PgProjectOptions {
  /** postgres://… */
  database: string;
  /** The project's name on the server. */
  project: string;
  /** Makes the schema (a new project); else it must be there. */
  create: boolean;
}

export class PgProjectStore implements ProjectData {
  readonly readOnly = false;
  readonly file = null;
  readonly stores: ProjectStores;
  /** Every read outside an edit goes through this (as SQLite's ProjectStore.db). */
  readonly db: PgReader;
  private readonly listeners = new CommitListeners();
  /** Edits run one after another in this process (the advisory lock orders them across processes). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The project's advisory lock. */
  private readonly lock: number;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly snapshots: pg.Pool,
    schema: string,
  ) {
    this.db = readerOver(pool);
    this.stores = pgStoresOver(this.db);
    this.lock = fingerprint([`tidemark-project:${schema}`]);
  }

  static async open(options: PgProjectOptions): Promise<PgProjectStore> {
    const schema = projectSchema(options.project);
    const admin = new pg.Client({ connectionString: options.database });
    admin.on('error', () => undefined);
    await unreachableSaid(() => admin.connect());
    try {
      const exists = (await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount! > 0;
      if (!exists && !options.create) throw new ServiceError('not-found', `No project ${options.project} in the database.`);
      if (exists && options.create) throw new ServiceError('conflict', `There is already a project ${options.project} in the database.`);
      if (!exists) await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
    const pool = new pg.Pool({ connectionString: options.database, max: POOL_SIZE, ...connectionOptions(schema) });
    const snapshots = new pg.Pool({ connectionString: options.database, max: SNAPSHOT_POOL_SIZE, ...connectionOptions(schema) });
    // an idle connection PostgreSQL drops (a restart) is an error on the pool: it reconnects on next use
    for (const each of [pool, snapshots]) each.on('error', () => undefined);
    const store = new PgProjectStore(pool, snapshots, schema);
    try {
      await migrate(pool, 'project', PROJECT_MIGRATIONS, store.lock);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  schemaVersion(): Promise<number> {
    return schemaVersionOf(this.db, 'project');
  }

  /** Runs `work` in a transaction of its own, after every write queued before it, holding the project's lock. */
  private exclusive<T>(work: (writer: PgWriter) => Promise<T>): Promise<T> {
    const turn = async (): Promise<T> => {
      if (this.closed) throw new ServiceError('no-project', 'The project was closed.');
      // (the lock taken with BEGIN, in one round trip: the number is the store's own)
      return inTransaction(this.pool, `BEGIN; SELECT pg_advisory_xact_lock(${this.lock})`, async (client) => {
        const writer = new PgWriter(client);
        const result = await work(writer);
        await writer.flush();
        return result;
      });
    };
    const next = this.queue.then(turn, turn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  edit<T>(person: string, label: string, work: (w: EditWrites, tx: EditPace) => T | Promise<T>): Promise<T> {
    return this.editRows(person, label, (tx) => work(pgWritesIn(tx), tx));
  }

  /** An edit written row by row (the features' PostgreSQL writes, and tests that write what no feature would). */
  async editRows<T>(person: string, label: string, work: (tx: PgEditTransaction) => T | Promise<T>): Promise<T> {
    const seen: { tx?: PgEditTransaction } = {};
    const result = await this.exclusive(async (writer) => {
      const tx = (seen.tx = new PgEditTransaction(writer));
      const value = await work(tx);
      await logEdit(writer, person, label, tx.changes);
      return value;
    });
    if (seen.tx && seen.tx.changes.length > 0) this.listeners.tell({ person, ...touchedBy(seen.tx.changes, seen.tx.insertedOnVideos) });
    return result;
  }

  async undo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null> {
    return this.listeners.told(person, await this.exclusive((writer) => replay(writer, person, 'undo', check)));
  }

  async redo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null> {
    return this.listeners.told(person, await this.exclusive((writer) => replay(writer, person, 'redo', check)));
  }

  history(person: string, limit?: number): Promise<EditHistoryEntry[]> {
    return history((sql, ...params) => this.db.rows(sql, ...params), person, limit);
  }

  onCommit(listener: (edit: CommittedEdit) => void): () => void {
    return this.listeners.on(listener);
  }

  async getMeta(key: string): Promise<string | null> {
    return (await this.db.rows<{ value: string }>(metaSql.get, key))[0]?.value ?? null;
  }

  setMeta(key: string, value: string | null): Promise<void> {
    return this.updateMeta(key, () => value);
  }

  updateMeta(key: string, update: (value: string | null) => string | null): Promise<void> {
    // (in turn with the edits, across processes too: a person's view state is read and written whole)
    return this.exclusive(async (writer) => {
      const value = update((await writer.row<{ value: string }>(metaSql.get, key))?.value ?? null);
      if (value === null) await writer.run(metaSql.delete, key);
      else await writer.run(metaSql.put, key, value);
    });
  }

  saveViewState(videoId: string, view: { position: number; viewStart: number; pxPerSec: number }): Promise<void> {
    // (an editable table: in turn with the edits)
    return this.exclusive((writer) => writer.run(metaSql.viewState, videoId, view.position, view.viewStart, view.pxPerSec));
  }

  async seed(table: EditableTable, rows: readonly Row[]): Promise<void> {
    await this.exclusive(async (writer) => {
      for (const row of rows) await writer.run(`${rowSql.insert(table, Object.keys(row))} ON CONFLICT DO NOTHING`, ...Object.values(row));
    });
  }

  /** One consistent state (REPEATABLE READ), on a connection of its own, however long the work takes. */
  snapshot<T>(work: (stores: ProjectStores) => Promise<T>): Promise<T> {
    return inTransaction(this.snapshots, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
      // the snapshot is taken at the first statement: now, not at the work's first read
      await client.query('SELECT 1');
      return work(pgStoresOver(readerOver(client)));
    });
  }

  private closing: Promise<void> | null = null;

  /** Waits for queued writes, then lets go of the connections (once, however often it is asked). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      // what was queued before goes on; what comes after is refused
      await (this.queue = this.queue.then(() => void (this.closed = true)));
      await Promise.all([this.pool.end(), this.snapshots.end()]);
    })();
    return this.closing;
  }
}
