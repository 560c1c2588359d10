// Folding the write-ahead log back into the project file (a checkpoint) on a thread of its own.
// SQLite checkpoints inside the commit that lets the log pass a thousand pages: after an import of a
// hundred thousand rows that is a quarter of a second of copying in the server's one thread, during
// which no request is answered. A large commit hands it to this worker instead (see ProjectStore).
import { Worker } from 'node:worker_threads';
import { sqliteModule } from '../workers/bundled';

/** The worker: a connection of its own that checkpoints when asked and says how far it got. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
// below the server's own thread, where a nice value is the thread's (Linux; elsewhere it would be the whole process's)
if (process.platform === 'linux') {
  try {
    require('node:os').setPriority(10);
  } catch {}
}
const Database = require(workerData.sqlite);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ done: result.busy === 0 && result.log === result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ done: false, failed: String(error?.message ?? error) });
  }
});
`;

export class Checkpointer {
  private failed = false;
  /** Checkpoints run one after another: each waits for the one before. */
  private queue: Promise<boolean> = Promise.resolve(true);
  private readonly exited: Promise<void>;

  private constructor(private readonly worker: Worker) {
    worker.on('error', () => (this.failed = true));
    // once it has exited (closed, or crashed) there is nothing left to ask
    this.exited = new Promise((resolve) =>
      worker.once('exit', () => {
        this.failed = true;
        resolve();
      }),
    );
    // an idle worker must never keep a process alive that has nothing else to do (see ask and close)
    worker.unref();
  }

  /** A worker for the project file at `path`, or null where none can run (the caller checkpoints itself). */
  static start(path: string): Checkpointer | null {
    const sqlite = sqliteModule();
    if (!sqlite) return null;
    try {
      return new Checkpointer(new Worker(WORKER, { eval: true, workerData: { sqlite, path } }));
    } catch {
      return null;
    }
  }

  /** Whether the worker can no longer checkpoint (it failed to start or crashed). */
  get broken(): boolean {
    return this.failed;
  }

  /**
   * Copies what committed pages it can into the file (a reader still on older pages holds those
   * back); true once the whole log is in the file.
   */
  run(): Promise<boolean> {
    const next = this.queue.then(() => this.ask());
    this.queue = next.catch(() => false);
    return next;
  }

  private ask(): Promise<boolean> {
    if (this.failed) return Promise.resolve(false);
    // a checkpoint under way is waited for, as any other I/O
    this.worker.ref();
    return new Promise<boolean>((resolve) => {
      const done = (message: { done: boolean }) => {
        this.worker.off('exit', gone);
        resolve(message.done);
      };
      const gone = () => {
        this.worker.off('message', done);
        resolve(false);
      };
      this.worker.once('message', done);
      this.worker.once('exit', gone);
      this.worker.postMessage('run');
    }).finally(() => this.worker.unref());
  }

  /** Waits for a running checkpoint, then closes the worker's connection. */
  async close(): Promise<void> {
    await this.queue;
    this.worker.ref();
    if (!this.failed) this.worker.postMessage('close');
    else void this.worker.terminate();
    await this.exited;
  }
}
