// Committing without the server's one thread waiting on the disk. SQLite's FULL mode syncs the log
// inside COMMIT, and checkpoints (copies the log into the project file) inside the commit that lets
// the log pass a thousand pages: after an import of a hundred thousand rows, half a second in which
// no request is answered. Here the connection commits as SQLite's NORMAL mode does in WAL (a commit
// lost to a power cut is lost whole, never half) and the log is synced on the thread pool before the
// edit is acknowledged — as durable as FULL by the time anyone hears of it. A large commit's log is
// also synced ahead, and its checkpoint goes to a worker (checkpointer.ts).
import { open, type FileHandle } from 'node:fs/promises';
import { Checkpointer } from './checkpointer';
import type { Writer } from './edit-log';

/** Rows a transaction writes from which it is committed as a large one. */
export const LARGE_WRITE = 10_000;

/** SQLite's own threshold (pages in the log) for the checkpoint after a commit. */
const AUTO_CHECKPOINT_PAGES = 1000;

/** How long to wait before checkpointing again when readers still held some of the log back. */
const CHECKPOINT_RETRY_MS = 250;

export class Committer {
  /** The log, held open to sync it after each commit. */
  private log: FileHandle | null = null;
  /** Checkpoints large commits off the main thread: started at the first, null where no worker can run. */
  private checkpointer: Checkpointer | null | undefined;
  /** Counts large commits: while the latest one's pages are not all in the file, SQLite's own checkpoints stay off. */
  private largeCommits = 0;
  /** SQLite's own checkpoints are due back on (see foldBack and handBack). */
  private restoreAutocheckpoint = false;
  /** Whether the file is in WAL mode (it always is, unless the file system cannot share memory): else SQLite syncs as before. */
  private readonly logged: boolean;

  constructor(
    private readonly writer: Writer,
    private readonly path: string,
  ) {
    this.logged = writer.connection.pragma('journal_mode', { simple: true }) === 'wal';
    if (this.logged) writer.connection.pragma('synchronous = NORMAL');
  }

  private get wal(): string {
    return `${this.path}-wal`;
  }

  /** Commits the open transaction; resolves once what it wrote is on the disk. */
  async commit(): Promise<void> {
    const connection = this.writer.connection;
    if (!this.logged) {
      connection.exec('COMMIT');
      return;
    }
    const large = this.writer.written >= LARGE_WRITE;
    const checkpointer = large ? this.largeCheckpointer() : null;
    // this commit's own folding hands them back
    if (checkpointer) this.restoreAutocheckpoint = false;
    // most of a large commit is in the log by now: synced ahead, little is left to sync after it
    if (large)
      await this.logFile()
        .then((log) => log.datasync())
        .catch(() => undefined);
    if (checkpointer) connection.pragma('wal_autocheckpoint = 0');
    try {
      connection.exec('COMMIT');
    } finally {
      if (checkpointer) void this.foldBack(checkpointer, ++this.largeCommits);
    }
    this.handBack();
    await this.sync();
  }

  /**
   * After another connection's large commit (an import's writer thread, which syncs its own log):
   * its log folded back into the file off this thread, as after a large commit of ours.
   */
  foldBackAfterElsewhere(): void {
    const checkpointer = this.logged ? this.largeCheckpointer() : null;
    // (none: SQLite's own checkpoint after our next commit does it)
    if (!checkpointer) return;
    this.restoreAutocheckpoint = false;
    // our next small commit must not fold a hundred thousand rows back in this thread meanwhile
    this.writer.connection.pragma('wal_autocheckpoint = 0');
    void this.foldBack(checkpointer, ++this.largeCommits);
  }

  private largeCheckpointer(): Checkpointer | null {
    if (this.checkpointer === undefined) this.checkpointer = Checkpointer.start(this.path);
    return this.checkpointer && !this.checkpointer.broken ? this.checkpointer : null;
  }

  private async logFile(): Promise<FileHandle> {
    this.log ??= await open(this.wal, 'r+');
    return this.log;
  }

  /** What the commit wrote, on the disk. */
  private async sync(): Promise<void> {
    try {
      await (await this.logFile()).datasync();
    } catch {
      // no handle on the log (not seen in WAL mode): a checkpoint syncs it before it copies
      this.writer.connection.pragma('wal_checkpoint(PASSIVE)');
    }
  }

  /** Checkpoints in the worker until the whole log is in the file (readers on older pages hold some back), then hands checkpoints back to SQLite. */
  private async foldBack(checkpointer: Checkpointer, commit: number): Promise<void> {
    const connection = this.writer.connection;
    while (!(await checkpointer.run()) && !checkpointer.broken && connection.open) await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_RETRY_MS).unref());
    // (after a later large commit, its own folding turns them back on)
    if (commit === this.largeCommits && connection.open) this.restoreAutocheckpoint = true;
    this.handBack();
  }

  /**
   * Turns SQLite's own checkpoints back on, unless the connection is in the middle of something (an
   * edit's transaction, a statement being read): then the next commit does it.
   */
  private handBack(): void {
    const connection = this.writer.connection;
    if (!this.restoreAutocheckpoint || !connection.open || connection.inTransaction) return;
    try {
      connection.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      this.restoreAutocheckpoint = false;
    } catch {
      // busy with a statement: left for the next commit
    }
  }

  /** Waits for a checkpoint under way and lets go of the log (before the connections close). */
  async close(): Promise<void> {
    await this.checkpointer?.close();
    await this.log?.close();
    this.log = null;
  }
}
