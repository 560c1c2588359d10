// Long work (imports, exports, thumbnails, the demo) runs as jobs: progress anyone can poll, cancel
// by id, and a result typed by the job's kind.
import { randomUUID } from 'node:crypto';
import type { Job, JobKind, JobKinds, JobOf } from '../../../shared/jobs';
import { ServiceError } from '../errors';
import { isAbortError } from '../media/run-process';

export interface JobControl {
  signal: AbortSignal;
  progress(fraction: number | null, message?: string): void;
}

/** For work run outside a job (the CLI, tests): nobody watches its progress or cancels it. */
export const UNWATCHED: JobControl = { signal: new AbortController().signal, progress: () => undefined };

/**
 * A step of long work: says how far it got, lets other requests in, and stops here if the job was
 * cancelled (with `cancelled` as the reason — say what was, or was not, written).
 */
export async function phase(control: JobControl, fraction: number, message: string, cancelled = 'Cancelled.'): Promise<void> {
  control.progress(fraction, message);
  await new Promise((resolve) => setImmediate(resolve));
  if (control.signal.aborted) throw new DOMException(cancelled, 'AbortError');
}

/** What a new job is: its kind, a label for people, and what it works on. */
type JobSpec<K extends JobKind> = { kind: K; label: string } & JobKinds[K]['subject'];

interface Running {
  job: Job;
  abort: AbortController;
  done: Promise<void>;
}

const KEEP_FINISHED = 50;

export class JobRegistry {
  private readonly jobs = new Map<string, Running>();

  start<K extends JobKind>(spec: JobSpec<K>, work: (control: JobControl) => Promise<JobKinds[K]['result']>): JobOf<K> {
    const abort = new AbortController();
    const job = { ...spec, id: randomUUID(), state: 'running', progress: 0, message: 'Starting…', startedAt: new Date().toISOString() } as unknown as JobOf<K>;
    const control: JobControl = {
      signal: abort.signal,
      progress: (fraction, message) => {
        if (job.state !== 'running') return;
        job.progress = fraction === null ? null : Math.min(1, Math.max(0, fraction));
        if (message !== undefined) job.message = message;
      },
    };
    const done = (async () => {
      try {
        const result = await work(control);
        job.result = result;
        job.state = abort.signal.aborted ? 'cancelled' : 'done';
        job.progress = 1;
        job.message = abort.signal.aborted ? 'Cancelled' : 'Done';
      } catch (error) {
        job.state = abort.signal.aborted || isAbortError(error) ? 'cancelled' : 'failed';
        job.message = job.state === 'cancelled' ? 'Cancelled' : (error as Error).message;
      }
      this.prune();
    })();
    this.jobs.set(job.id, { job: job as Job, abort, done });
    return { ...job };
  }

  list(): Job[] {
    return [...this.jobs.values()].map((r) => ({ ...r.job }));
  }

  get(id: string): Job | null {
    const r = this.jobs.get(id);
    return r ? { ...r.job } : null;
  }

  /** A running job that matches, so the same work is not started twice. */
  findRunning<K extends JobKind>(kind: K, matches: (job: JobOf<K>) => boolean = () => true): JobOf<K> | null {
    for (const { job } of this.jobs.values()) if (job.kind === kind && job.state === 'running' && matches(job as JobOf<K>)) return { ...(job as JobOf<K>) };
    return null;
  }

  cancel(id: string): void {
    const r = this.jobs.get(id);
    if (!r) throw new ServiceError('not-found', 'No such job (it may have finished long ago).');
    r.abort.abort();
  }

  async wait(id: string): Promise<Job> {
    const r = this.jobs.get(id);
    if (!r) throw new ServiceError('not-found', 'No such job.');
    await r.done;
    return { ...r.job };
  }

  async cancelAll(): Promise<void> {
    for (const r of this.jobs.values()) r.abort.abort();
    await Promise.all([...this.jobs.values()].map((r) => r.done));
  }

  private prune(): void {
    const finished = [...this.jobs.values()].filter((r) => r.job.state !== 'running');
    for (const r of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(r.job.id);
  }
}
