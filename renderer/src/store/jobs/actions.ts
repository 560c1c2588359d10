// Jobs: listed by polling (often while something runs, rarely otherwise), cancelled by id. A job that
// finished since the last listing is announced once (jobFinished); the feature that started it acts.
import { call } from '../../api/client';
import { emit, on } from '../effects';
import { guarded } from '../guarded';
import { getState, setState } from '../store';

let pollTimer: ReturnType<typeof setTimeout> | null = null;
/** Finished jobs already announced; null until the first listing (older jobs are history, not news). */
let announced: Set<string> | null = null;

export async function refreshJobs(): Promise<void> {
  try {
    const jobs = await call('jobs.list');
    setState({ jobs });
    const finished = jobs.filter((j) => j.state !== 'running');
    if (!announced) announced = new Set(finished.map((j) => j.id));
    for (const job of finished) {
      if (announced.has(job.id)) continue;
      announced.add(job.id);
      await emit('jobFinished', job);
    }
  } finally {
    schedulePoll();
  }
}

function schedulePoll(): void {
  if (pollTimer) clearTimeout(pollTimer);
  const busy = getState().jobs.some((j) => j.state === 'running');
  pollTimer = setTimeout(() => void guarded(refreshJobs), busy ? 400 : 3000);
}

export async function cancelJob(jobId: string): Promise<void> {
  await guarded(() => call('jobs.cancel', { jobId }));
  await guarded(refreshJobs);
}

export function registerJobs(): void {
  on('jobStarted', () => guarded(refreshJobs));
}
