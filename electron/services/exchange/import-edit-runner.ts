// Runs an import's edit (import-edit.ts) from the server's thread: on a thread of its own
// (import-edit-thread.worker.ts), which inserts what the server's thread has read and checked while
// that thread reads on — the import takes about as long as the longer of the two, and a commit of a
// hundred thousand rows never holds the server. Where no worker can start, the same edit runs in
// this thread once everything is read.
import { ProjectStore } from '../db/project-store';
import type { Project } from '../projects/project';
import { ServiceError } from '../errors';
import { canStartWorker, startWorker } from '../workers/bundled';
import type { Worker } from 'node:worker_threads';
import { PlannedVideos, writeImport, type ImportEntry, type ImportPlan, type VideoPlan, type WrittenCounts } from './import-edit';
import type { FromWriter, ToWriter } from './import-protocol';

const WORKER = 'import-edit-thread';
/** What a cancelled import says (it writes nothing). */
export const IMPORT_CANCELLED = 'Import cancelled; nothing was written.';

export interface ImportWriter {
  /** Where the edit is written: on the import's own thread, or (no worker could start) here. */
  readonly where: 'thread' | 'here';
  /** Items handed over so far that the writer has written. */
  readonly written: number;
  videos(plan: VideoPlan): void;
  /** Checked items, in file order (the order they become questions in). */
  items(entries: ImportEntry[]): void;
  /** The project's other writes are held from here until the import commits or rolls back. */
  begin(plan: ImportPlan): void;
  /** Every item was handed over: resolves once the edit is committed (and on the disk). */
  commit(): Promise<WrittenCounts>;
  /**
   * Nothing is written, unless the edit had committed already; resolves once the writer has let go
   * of the project (commit() then says which: it resolves or rejects).
   */
  abort(): Promise<void>;
}

/**
 * A writer thread once it has loaded, where this build has one (and `thread` is not false); else
 * (none, or it failed to load, as it might where the app is packaged differently) this thread.
 */
export async function importWriter(project: Project, thread = true): Promise<ImportWriter> {
  // (a thread writes on a connection of its own to a project file; on PostgreSQL the edit is written here)
  if (thread && project.store instanceof ProjectStore && canStartWorker(WORKER)) {
    const writer = new ThreadWriter(project.store);
    if (await writer.loaded) return writer;
  }
  return new LocalWriter(project);
}

class ThreadWriter implements ImportWriter {
  readonly where = 'thread';
  written = 0;
  private readonly worker: Worker;
  private readonly outcome: Promise<WrittenCounts>;
  private turn: Promise<WrittenCounts> | null = null;
  /** Whether the thread loaded (false: it failed to, or exited first). */
  readonly loaded: Promise<boolean>;

  constructor(private readonly store: ProjectStore) {
    this.worker = startWorker(WORKER, { path: store.file });
    this.loaded = new Promise<boolean>((resolve) => {
      this.worker.once('message', (message: FromWriter) => resolve(message.kind === 'ready'));
      this.worker.once('error', () => resolve(false));
      this.worker.once('exit', () => resolve(false));
    });
    this.outcome = new Promise<WrittenCounts>((resolve, reject) => {
      this.worker.on('message', (message: FromWriter) => {
        if (message.kind === 'ready') return;
        if (message.kind === 'written') this.written = message.written;
        else if (message.kind === 'done') resolve(message.counts);
        else if (message.kind === 'cancelled') reject(new DOMException(IMPORT_CANCELLED, 'AbortError'));
        else reject(new ServiceError(message.code ?? 'failed', message.message));
      });
      this.worker.on('error', (error) => reject(new ServiceError('failed', `The import's writer failed (${error.message}); nothing was written.`)));
      // (after a result, a rejection changes nothing)
      this.worker.on('exit', () => reject(new ServiceError('failed', "The import's writer stopped before it finished; nothing was written.")));
    });
    this.outcome.catch(() => undefined);
  }

  private post(message: ToWriter): void {
    this.worker.postMessage(message);
  }

  videos(plan: VideoPlan): void {
    this.post({ kind: 'videos', plan });
  }

  items(entries: ImportEntry[]): void {
    this.post({ kind: 'items', entries });
  }

  begin(plan: ImportPlan): void {
    this.turn ??= this.store.writeElsewhere(() => {
      this.post({ kind: 'begin', plan });
      return this.outcome;
    });
    this.turn.catch(() => undefined);
  }

  commit(): Promise<WrittenCounts> {
    if (!this.turn) throw new Error('An import commits only after it began.');
    this.post({ kind: 'commit' });
    return this.turn;
  }

  async abort(): Promise<void> {
    // (a thread that has committed, or failed, has gone: nothing to say to it)
    this.post({ kind: 'abort' });
    await (this.turn ?? this.outcome).catch(() => undefined);
  }
}

/** The same edit in this thread, once everything is read: where no worker can start. */
class LocalWriter implements ImportWriter {
  readonly where = 'here';
  written = 0;
  private readonly plans: VideoPlan[] = [];
  private readonly batches: ImportEntry[][] = [];
  private plan: ImportPlan | null = null;
  private aborted = false;
  private edit: Promise<WrittenCounts> | null = null;

  constructor(private readonly project: Project) {}

  videos(plan: VideoPlan): void {
    this.plans.push(plan);
  }

  items(entries: ImportEntry[]): void {
    this.batches.push(entries);
  }

  begin(plan: ImportPlan): void {
    this.plan = plan;
  }

  commit(): Promise<WrittenCounts> {
    const plan = this.plan;
    if (!plan) throw new Error('An import commits only after it began.');
    const videos = new PlannedVideos(plan.projectDir);
    for (const videoPlan of this.plans) videos.add(videoPlan);
    this.edit = this.project.edit(plan.person, plan.label, (w, tx) => writeImport(w, tx, plan, videos, this.handedOver(), (written) => (this.written = written)));
    return this.edit;
  }

  /** The batches as handed over; an abort meanwhile ends the edit (rolled back). */
  private *handedOver(): Generator<readonly ImportEntry[]> {
    for (const batch of this.batches) {
      if (this.aborted) throw new DOMException(IMPORT_CANCELLED, 'AbortError');
      yield batch;
    }
  }

  async abort(): Promise<void> {
    this.aborted = true;
    await this.edit?.catch(() => undefined);
  }
}
