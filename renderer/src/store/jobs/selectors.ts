// Pure selectors of the jobs slice.
import type { Job, JobKind, JobOf } from '../../../../shared/jobs';
import type { State } from '../store';

export const runningJobs = (s: State): Job[] => s.jobs.filter((j) => j.state === 'running');

const jobById = (s: State, id: string | null): Job | null => (id === null ? null : (s.jobs.find((j) => j.id === id) ?? null));

type JobKindOf<K extends JobKind> = Extract<Job, { kind: K }>;

const isKind = <K extends JobKind>(job: Job, kind: K): job is JobKindOf<K> => job.kind === kind;

/** A job of a kind, by id: typed by its kind, so its result needs no cast. */
export function jobOfKind<K extends JobKind>(s: State, kind: K, id: string | null): JobKindOf<K> | null {
  const job = jobById(s, id);
  return job && isKind(job, kind) ? job : null;
}

/** The running thumbnail extraction of a video. */
export const thumbnailJobFor = (s: State, videoId: string): JobOf<'thumbnails'> | null =>
  s.jobs.find((j): j is JobOf<'thumbnails'> => j.kind === 'thumbnails' && j.videoId === videoId && j.state === 'running') ?? null;

export const isRunning = (s: State, kind: JobKind): boolean => s.jobs.some((j) => j.kind === kind && j.state === 'running');
