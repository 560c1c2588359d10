// Pure selectors of the exchange slice.
import type { JobOf } from '../../../../shared/jobs';
import type { ReadinessIssue, ReadinessReport } from '../../../../shared/readiness';
import { jobOfKind } from '../jobs/selectors';
import type { State } from '../store';

/** The dialog's jobs while they run (for their progress and Cancel). */
export const runningImport = (s: State): JobOf<'exchange'> | null => running(jobOfKind(s, 'exchange', s.importJobId));
export const runningExport = (s: State): JobOf<'export'> | null => running(jobOfKind(s, 'export', s.exportJobId));
export const runningReadiness = (s: State): JobOf<'readiness'> | null => running(jobOfKind(s, 'readiness', s.readinessJobId));

function running<J extends { state: string }>(job: J | null): J | null {
  return job?.state === 'running' ? job : null;
}

/** The report's counts as words: "2 not accepted, 1 lint error". */
export function readinessSummary(report: ReadinessReport): string {
  if (report.ready) return 'ready to export';
  return Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind.replace('-', ' ')}`)
    .join(', ');
}

/** Problems that block an export are errors; the rest ask a person to look. */
export const issueSeverity = (issue: Pick<ReadinessIssue, 'kind'>): 'error' | 'warning' =>
  issue.kind === 'lint-error' || issue.kind === 'missing-media' ? 'error' : 'warning';
