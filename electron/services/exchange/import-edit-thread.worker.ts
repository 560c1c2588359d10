// The entry point of a benchmark import's writer thread: the import's one edit (import-edit.ts) is
// written here, on a connection of its own to the project file (db/sqlite/edit-thread.ts), while the
// server's thread goes on reading the file (and answering requests). Bundled by scripts/workers.mjs;
// started by import-edit-runner.ts, whose messages it reads in order (ToWriter, import-protocol.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { editOnOwnConnection, loadStorageEngine } from '../db/sqlite/edit-thread';
import { ServiceError } from '../errors';
import { Pacer } from '../pacer';
import { PlannedVideos, writeImport, type ImportEntry } from './import-edit';
import type { FromWriter, ToWriter } from './import-protocol';

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
  const counts = await editOnOwnConnection(
    path,
    plan.person,
    plan.label,
    (w, tx) => writeImport(w, tx, plan, videos, batches(), (written) => post({ kind: 'written', written }), new StoppingPacer()),
    async () => {
      // a cancel sent while the last rows were written is still in time
      await new Pacer().yield();
      if (aborting) throw new Cancelled();
    },
  );
  post({ kind: 'done', counts });
}

// a thread that cannot load the storage engine says so now, before the import is under way
loadStorageEngine();
post({ kind: 'ready' });
main().then(
  () => port.close(),
  (error: unknown) => {
    if (error instanceof Cancelled) post({ kind: 'cancelled' });
    else post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), code: error instanceof ServiceError ? error.code : null });
    port.close();
  },
);
