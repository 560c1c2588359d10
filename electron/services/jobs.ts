// Long work (import, thumbnails, the demo) runs as jobs: progress anyone can poll, cancel by id.
import { randomUUID } from 'node:crypto';
import type { Job } from '../../shared/domain';
import { ServiceError } from './errors';
import { isAbortError } from './media/run-process';

export interface JobControl {
  signal: AbortSignal;
  progress(fraction: number | null, message?: string): void;
}

interface Running {
  job: Job;
  abort: AbortController;
  done: Promise<void>;
}

const KEEP_FINISHED = 50;

export class JobRegistry {
  private readonly jobs = new Map<string, Running>();

  start<T>(kind: Job['kind'], label: string, work: (control: JobControl) => Promise<T>): Job {
    const abort = new AbortController();
    const job: Job = { id: randomUUID(), kind, label, state: 'running', progress: 0, message: 'Starting…', startedAt: new Date().toISOString() };
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
    this.jobs.set(job.id, { job, abort, done });
    return { ...job };
  }

  list(): Job[] {
    return [...this.jobs.values()].map((r) => ({ ...r.job }));
  }

  get(id: string): Job | null {
    const r = this.jobs.get(id);
    return r ? { ...r.job } : null;
  }

  /** Running job of a kind whose label matches, so the same work is not started twice. */
  findRunning(kind: Job['kind'], label: string): Job | null {
    for (const r of this.jobs.values()) if (r.job.kind === kind && r.job.label === label && r.job.state === 'running') return { ...r.job };
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
