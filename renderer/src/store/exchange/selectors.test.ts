import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/jobs';
import type { ReadinessReport } from '../../../../shared/readiness';
import { state } from '../test-support/fixtures';
import { issueSeverity, readinessSummary, runningExport, runningImport, runningReadiness } from './selectors';

const exportJob = (over: Partial<Extract<Job, { kind: 'export' }>> = {}): Job => ({
  id: 'e',
  kind: 'export',
  format: 'ovo-s',
  label: 'Export',
  state: 'running',
  progress: 0.2,
  message: 'Checking',
  startedAt: 'now',
  ...over,
});

describe('exchange selectors', () => {
  it('gives the dialog’s own jobs while they run', () => {
    const jobs = [exportJob(), exportJob({ id: 'old', state: 'done' })];
    expect(runningExport(state({ jobs, exportJobId: 'e' }))?.message).toBe('Checking');
    expect(runningExport(state({ jobs, exportJobId: 'old' }))).toBeNull();
    expect(runningExport(state({ jobs }))).toBeNull();
    // an id of another kind of job is not this dialog's export
    expect(runningReadiness(state({ jobs, readinessJobId: 'e' }))).toBeNull();
    expect(runningImport(state({ jobs, importJobId: 'e' }))).toBeNull();
  });
  it('sums a readiness report up in words', () => {
    const report: ReadinessReport = { profile: 'P', questions: 3, ready: false, counts: { 'lint-error': 1, 'not-accepted': 2, 'unedited-draft': 0, 'missing-media': 0 }, issues: [] };
    expect(readinessSummary(report)).toBe('1 lint error, 2 not accepted');
    const none = { 'lint-error': 0, 'not-accepted': 0, 'unedited-draft': 0, 'missing-media': 0 };
    expect(readinessSummary({ ...report, ready: true, counts: none })).toBe('ready to export');
    expect(readinessSummary({ ...report, ready: true, counts: { ...none, 'missing-media': 2 } })).toBe('ready to export; 2 missing media');
  });
  it('what holds an export back is an error; missing media (reported, not blocking) a warning', () => {
    expect(issueSeverity({ kind: 'lint-error' })).toBe('error');
    expect(issueSeverity({ kind: 'not-accepted' })).toBe('error');
    expect(issueSeverity({ kind: 'unedited-draft' })).toBe('error');
    expect(issueSeverity({ kind: 'missing-media' })).toBe('warning');
  });
});
