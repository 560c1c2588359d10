// One edit written on a connection of its own to the project file: how a long import writes its edit
// on a thread of its own (exchange/import-edit-thread.worker.ts) while the server's thread goes on
// reading the file and answering requests. This is SQLite's part of it — the connection, its pragmas,
// the transaction and the durable commit; what is written is the caller's, through the features' writes.
import { closeSync, fdatasyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ServiceError } from '../../errors';
import { runEdit, Writer, type EditTransaction } from '../edit-log';
import { openWriter, WRITER_BUSY, type Connection } from '../project-db';
import type { EditWrites } from '../stores';
import { writesIn } from './index';

/**
 * The writer connection's page cache (KiB). An import's inserts run about a third faster with 32 MB
 * than with SQLite's 2 MB default (their indexes stay in memory); it is freed with the thread.
 */
export const IMPORT_PAGE_CACHE_KIB = 32_000;

/** better-sqlite3 loads its native part on first use: a thread that cannot load it finds out at once. */
export function loadStorageEngine(): void {
  new Database(':memory:').close();
}

/**
 * Runs `work` as one edit by `person` on a new connection to the project at `path`, and commits it
 * durably after `beforeCommit` (which may still throw to roll it back); on any error nothing is written.
 */
export async function editOnOwnConnection<T>(path: string, person: string, label: string, work: (w: EditWrites, tx: EditTransaction) => Promise<T>, beforeCommit: () => Promise<void>): Promise<T> {
  const connection = openWriter(path, { create: false });
  try {
    // this thread may wait on the disk and on another program's write: no one else waits with it
    connection.pragma('busy_timeout = 30000');
    connection.pragma(`cache_size = -${IMPORT_PAGE_CACHE_KIB}`);
    // in WAL mode (always, unless the file system cannot share memory), committed as the store
    // commits a large edit (commit.ts): the log synced below, and folded back into the file by the
    // store's checkpoint worker, not inside this COMMIT; otherwise SQLite syncs it (FULL)
    const logged = connection.pragma('journal_mode', { simple: true }) === 'wal';
    if (logged) {
      connection.pragma('synchronous = NORMAL');
      connection.pragma('wal_autocheckpoint = 0');
    }
    begin(connection);
    const result = await runEdit(new Writer(connection), person, label, (tx) => work(writesIn(tx), tx));
    await beforeCommit();
    connection.exec('COMMIT');
    if (logged) syncLog(`${path}-wal`);
    return result;
  } finally {
    if (connection.inTransaction) connection.exec('ROLLBACK');
    connection.close();
  }
}

/** Opens the transaction (waiting up to the busy timeout while another program writes the file). */
function begin(connection: Connection): void {
  try {
    connection.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new ServiceError('conflict', WRITER_BUSY);
    throw error;
  }
}

/** What the commit wrote, on the disk before anyone hears of it. */
function syncLog(log: string): void {
  const fd = openSync(log, 'r+');
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
