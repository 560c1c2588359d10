// The entry point of a benchmark import's writer thread: a connection of its own to the project file,
// on which the import's one edit (import-edit.ts) is written while the server's thread goes on
// reading the file (and answering requests). Bundled by scripts/workers.mjs; started by
// import-edit-runner.ts, whose messages it reads in order (ToWriter, import-protocol.ts).
import { closeSync, fdatasyncSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { runEdit, Writer } from '../db/edit-log';
import { openWriter, WRITER_BUSY, type Connection } from '../db/project-db';
import { writesIn } from '../db/sqlite';
import { ServiceError } from '../errors';
import { Pacer } from '../pacer';
import { PlannedVideos, writeImport, type ImportEntry } from './import-edit';
import { IMPORT_PAGE_CACHE_KIB, type FromWriter, type ToWriter } from './import-protocol';

const port = parentPort!;
const post = (message: FromWriter): void => port.postMessage(message);

/** Messages in the order they came, handed out as the edit asks for them. */
const inbox: ToWriter[] = [];
let wake: (() => void) | null = null;
/** An abort has come (it may wait behind other messages in the inbox). */
let aborting = false;
port.on('message', (message: ToWriter) => {
  inbox.push(message);
  if (message.kind === 'abort') aborting = true;
  wake?.();
});
async function next(): Promise<ToWriter> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return inbox.shift()!;
}

class Cancelled extends Error {}

/** Paces a long read inside the edit, and ends the edit there when an abort has come. */
class StoppingPacer extends Pacer {
  override pace(): Promise<void> {
    return aborting ? Promise.reject(new Cancelled()) : super.pace();
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

async function main(): Promise<void> {
  const { path } = workerData as { path: string };
  // everything before the go-ahead waits in order; only the go-ahead (or an abort) is looked for
  let go: ToWriter | undefined;
  while (!(go = inbox.find((m) => m.kind === 'begin' || m.kind === 'abort'))) await new Promise<void>((resolve) => (wake = resolve));
  if (go.kind !== 'begin') throw new Cancelled();
  const plan = go.plan;
  const videos = new PlannedVideos(plan.projectDir);
  // (the go-ahead, already taken, is passed over when its turn comes)
  async function* batches(): AsyncGenerator<readonly ImportEntry[]> {
    for (;;) {
      const message = await next();
      if (message.kind === 'videos') videos.add(message.plan);
      else if (message.kind === 'items') yield message.entries;
      else if (message.kind === 'commit') return;
      else if (message.kind === 'abort') throw new Cancelled();
    }
  }
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
    const counts = await runEdit(new Writer(connection), plan.person, plan.label, (tx) =>
      writeImport(writesIn(tx), tx, plan, videos, batches(), (written) => post({ kind: 'written', written }), new StoppingPacer()),
    );
    // a cancel sent while the last rows were written is still in time
    await new Pacer().yield();
    if (aborting) throw new Cancelled();
    connection.exec('COMMIT');
    if (logged) syncLog(`${path}-wal`);
    post({ kind: 'done', counts });
  } finally {
    if (connection.inTransaction) connection.exec('ROLLBACK');
    connection.close();
  }
}

// better-sqlite3 loads its native part on first use: used once here, so a thread that cannot load it says so now
new Database(':memory:').close();
post({ kind: 'ready' });
main().then(
  () => port.close(),
  (error: unknown) => {
    if (error instanceof Cancelled) post({ kind: 'cancelled' });
    else post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), code: error instanceof ServiceError ? error.code : null });
    port.close();
  },
);
