// A project's data: one SQLite file, read through a read-only handle and written only by edits.
// Two connections: the writer (edits, undo and redo, one at a time, in order) and a reader that
// sees committed data only — so a long edit can let other requests in between its slices without
// anyone reading half of it.
import { existsSync, rmSync, statSync } from 'node:fs';
import type { EditHistoryEntry } from '../../../shared/api';
import { ServiceError } from '../errors';
import { Committer } from './commit';
import { history, PARENT_FIRST, replay, rowSql, runEdit, Writer, type AppliedEdit, type EditableTable, type EditTransaction, type ReplayCheck, type Row } from './edit-log';
import { touchedBy } from './edit-summary';
import { CommitListeners, metaSql, type CommittedEdit, type EditPace, type ProjectData } from './project-data';
import { openReader, openWriter, READ_ONLY_PROJECT, WRITER_BUSY, type Connection, type OpenOptions } from './project-db';
import { ReadableDb } from './readable';
import { storesOver, writesIn } from './sqlite';
import type { EditWrites, ProjectStores } from './stores';

/** How long a write waits, asking again every few milliseconds, while another program (a CLI import) writes the file. */
const BUSY_WAIT_MS = 30_000;

/**
 * Opens the write transaction. SQLite's own busy wait would hold the whole server while another
 * process writes; here the connection fails at once (busy_timeout 0 for BEGIN) and the wait is a
 * timer, so other requests go on meanwhile.
 */
async function begin(connection: Connection): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      connection.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      if (Date.now() - started > BUSY_WAIT_MS) throw new ServiceError('conflict', WRITER_BUSY);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export class ProjectStore implements ProjectData {
  private readonly listeners = new CommitListeners();

  /** Every read outside an edit goes through this handle. */
  readonly db: ReadableDb;
  readonly stores: ProjectStores;
  private readonly writer: Writer | null;
  private readonly reader: Connection;
  /** Writes run one after another; each waits for the one before to commit or roll back. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Commits (and syncs) what the writer wrote, off the main thread where it can. */
  private readonly committer: Committer | null;

  private constructor(
    private readonly path: string,
    writer: Connection | null,
    reader: Connection,
  ) {
    this.writer = writer ? new Writer(writer) : null;
    this.committer = this.writer ? new Committer(this.writer, path) : null;
    this.reader = reader;
    this.db = new ReadableDb(reader);
    this.stores = storesOver(this.db);
  }

  /** Read-only: the -wal and -shm files SQLite made beside a file that had none, removed on close. */
  private leftBehind: (() => void) | null = null;

  static open(path: string, options: OpenOptions): ProjectStore {
    if (options.readOnly) {
      const had = { wal: existsSync(`${path}-wal`), shm: existsSync(`${path}-shm`) };
      const store = new ProjectStore(path, null, openReader(path, { readOnlyFile: true }));
      store.leftBehind = () => {
        // only what this reader made, and only when it holds nothing (no writer was at work meanwhile)
        if (!had.wal && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size === 0) rmSync(`${path}-wal`, { force: true });
        if (!had.shm && !existsSync(`${path}-wal`)) rmSync(`${path}-shm`, { force: true });
      };
      return store;
    }
    const writer = openWriter(path, options);
    try {
      return new ProjectStore(path, writer, openReader(path, { readOnlyFile: false }));
    } catch (error) {
      writer.close();
      throw error;
    }
  }

  get readOnly(): boolean {
    return this.writer === null;
  }

  /** Runs `work` after every write queued before it, in a transaction of its own. */
  private exclusive<T>(work: (writer: Writer) => Promise<T>): Promise<T> {
    return this.queued(async (writer) => {
      await begin(writer.connection);
      writer.written = 0;
      try {
        const result = await work(writer);
        await this.committer!.commit();
        return result;
      } catch (error) {
        if (writer.connection.inTransaction) writer.connection.exec('ROLLBACK');
        throw error;
      }
    });
  }

  /** Runs `run` once every write queued before it is done; later ones wait for it. */
  private queued<T>(run: (writer: Writer) => Promise<T>): Promise<T> {
    const writer = this.writer;
    if (!writer) return Promise.reject(new ServiceError('forbidden', READ_ONLY_PROJECT));
    const turn = async (): Promise<T> => {
      if (!writer.connection.open) throw new ServiceError('no-project', 'The project was closed.');
      return run(writer);
    };
    const next = this.queue.then(turn, turn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * An edit written on a connection of its own, in another thread (a large import's writer; see
   * exchange/import-edit-runner.ts): `work` runs once every write queued before it is done, and every
   * write queued after it waits until it has committed or rolled back. This store's writer opens
   * no transaction meanwhile, so the other connection can.
   */
  writeElsewhere<T>(work: () => Promise<T>): Promise<T> {
    const written = this.queued(async () => {
      const result = await work();
      this.committer!.foldBackAfterElsewhere();
      return result;
    });
    // what another connection wrote is not known here: every table, say
    return written.then((result) => (this.tell({ person: null, videoIds: [], tables: [...PARENT_FIRST] }), result));
  }

  /** The project file's path (for a connection of another thread's own). */
  get file(): string {
    return this.path;
  }

  async schemaVersion(): Promise<number> {
    return this.db.schemaVersion();
  }

  /** One undoable edit by `person`: persisted (fsynced) when the promise resolves. */
  edit<T>(person: string, label: string, work: (w: EditWrites, tx: EditPace) => T | Promise<T>): Promise<T> {
    return this.editRows(person, label, (tx) => work(writesIn(tx), tx));
  }

  /** An edit written row by row (the tests that write what no feature would, and the features' own SQLite writes). */
  async editRows<T>(person: string, label: string, work: (tx: EditTransaction) => T | Promise<T>): Promise<T> {
    const seen: { tx?: EditTransaction } = {};
    const result = await this.exclusive((writer) =>
      runEdit(writer, person, label, (tx) => {
        seen.tx = tx;
        return work(tx);
      }),
    );
    if (seen.tx && seen.tx.changes.length > 0) this.tell({ person, ...touchedBy(seen.tx.changes, seen.tx.insertedOnVideos) });
    return result;
  }

  async undo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null> {
    return this.told(person, await this.exclusive((writer) => replay(writer, person, 'undo', check)));
  }

  async redo(person: string, check?: ReplayCheck): Promise<AppliedEdit | null> {
    return this.told(person, await this.exclusive((writer) => replay(writer, person, 'redo', check)));
  }

  onCommit(listener: (edit: CommittedEdit) => void): () => void {
    return this.listeners.on(listener);
  }

  private told(person: string, applied: AppliedEdit | null): AppliedEdit | null {
    return this.listeners.told(person, applied);
  }

  private tell(edit: CommittedEdit): void {
    this.listeners.tell(edit);
  }

  async history(person: string, limit?: number): Promise<EditHistoryEntry[]> {
    return history((sql, ...params) => this.db.query<never>(sql).all(...params), person, limit);
  }

  setMeta(key: string, value: string | null): Promise<void> {
    return this.updateMeta(key, () => value);
  }

  updateMeta(key: string, update: (value: string | null) => string | null): Promise<void> {
    return this.exclusive(async (writer) => {
      const value = update(writer.row<{ value: string }>(metaSql.get, key)?.value ?? null);
      if (value === null) writer.run(metaSql.delete, key);
      else writer.run(metaSql.put, key, value);
    });
  }

  async getMeta(key: string): Promise<string | null> {
    return this.db.query<{ value: string }>(metaSql.get).get(key)?.value ?? null;
  }

  saveViewState(videoId: string, view: { position: number; viewStart: number; pxPerSec: number }): Promise<void> {
    return this.exclusive(async (writer) => {
      writer.run(metaSql.viewState, videoId, view.position, view.viewStart, view.pxPerSec);
    });
  }

  seed(table: EditableTable, rows: readonly Row[]): Promise<void> {
    if (!this.writer) return Promise.resolve();
    return this.exclusive(async (writer) => {
      for (const row of rows) {
        const columns = Object.keys(row);
        writer.run(`${rowSql.insert(table, columns)} ON CONFLICT DO NOTHING`, ...Object.values(row));
      }
    });
  }

  /**
   * A long read (an export, a readiness report) on a connection of its own, in one read transaction:
   * it sees one consistent state however long it takes, and may pause between rows without holding
   * anyone else's reads or writes.
   */
  async snapshot<T>(work: (stores: ProjectStores) => Promise<T>): Promise<T> {
    const connection = openReader(this.path, { readOnlyFile: false });
    try {
      connection.exec('BEGIN');
      return await work(storesOver(new ReadableDb(connection)));
    } finally {
      if (connection.inTransaction) connection.exec('COMMIT');
      connection.close();
    }
  }

  /**
   * Waits for queued writes, then closes: the reader first, so that the writer can fold the WAL back
   * into the project file — the `.tidemark` file alone is then the whole project, to copy or back up.
   */
  async close(): Promise<void> {
    await this.queue;
    await this.committer?.close();
    if (this.reader.open) this.reader.close();
    if (this.writer?.connection.open) {
      this.writer.connection.pragma('optimize');
      this.writer.connection.pragma('wal_checkpoint(TRUNCATE)');
      this.writer.connection.close();
    }
    this.leftBehind?.();
  }
}
