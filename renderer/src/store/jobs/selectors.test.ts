import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import { state, thumbnailJob } from '../test-support/fixtures';
import { isRunning, jobOfKind, runningJobs, thumbnailJobFor } from './selectors';

const readinessJob: Job = {
  id: 'r',
  kind: 'readiness',
  format: 'ovo-s',
  label: 'Readiness',
  state: 'done',
  progress: 1,
  message: 'Done',
  startedAt: 'now',
  result: { profile: 'OVO-S-Bench', questions: 0, ready: true, counts: { 'lint-error': 0, 'not-accepted': 0, 'unedited-draft': 0, 'missing-media': 0 }, issues: [] },
};

describe('jobs selectors', () => {
  it('finds the running thumbnail job of a video by its video id, not its label', () => {
    const jobs = [thumbnailJob({ id: 'a', state: 'done' }), thumbnailJob({ id: 'b', label: 'v2' }), thumbnailJob({ id: 'c', videoId: 'v2', label: 'v1' })];
    expect(thumbnailJobFor(state({ jobs }), 'v1')?.id).toBe('b');
    expect(thumbnailJobFor(state({ jobs }), 'v3')).toBeNull();
    expect(runningJobs(state({ jobs })).map((j) => j.id)).toEqual(['b', 'c']);
  });
  it('gives a job by id only when it is of the kind asked for, with its result typed', () => {
    const s = state({ jobs: [thumbnailJob({ id: 't' }), readinessJob] });
    expect(jobOfKind(s, 'readiness', 'r')?.result?.ready).toBe(true);
    expect(jobOfKind(s, 'readiness', 't')).toBeNull();
    expect(jobOfKind(s, 'export', 'r')).toBeNull();
    expect(jobOfKind(s, 'readiness', null)).toBeNull();
  });
  it('says whether a kind of job is running', () => {
    expect(isRunning(state({ jobs: [thumbnailJob()] }), 'thumbnails')).toBe(true);
    expect(isRunning(state({ jobs: [thumbnailJob({ state: 'failed' })] }), 'thumbnails')).toBe(false);
    expect(isRunning(state({ jobs: [thumbnailJob()] }), 'demo')).toBe(false);
  });
});
