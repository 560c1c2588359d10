// Pure selectors of the exchange slice.
import type { JobOf } from '../../../../shared/jobs';
import { BLOCKING_KINDS, type ReadinessIssue, type ReadinessReport } from '../../../../shared/readiness';
import { jobOfKind } from '../jobs/selectors';
import type { State } from '../store';

/** The dialog's jobs while they run (for their progress and Cancel). */
export const runningImport = (s: State): JobOf<'exchange'> | null => running(jobOfKind(s, 'exchange', s.importJobId));
export const runningExport = (s: State): JobOf<'export'> | null => running(jobOfKind(s, 'export', s.exportJobId));
export const runningReadiness = (s: State): JobOf<'readiness'> | null => running(jobOfKind(s, 'readiness', s.readinessJobId));

function running<J extends { state: string }>(job: J | null): J | null {
  return job?.state === 'running' ? job : null;
}

/** The report's counts as words: "2 not accepted, 1 lint error" (missing media does not block). */
export function readinessSummary(report: ReadinessReport): string {
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind.replace('-', ' ')}`)
    .join(', ');
  if (!report.ready) return counts;
  return counts ? `ready to export; ${counts}` : 'ready to export';
}

/** Problems that hold an export back are errors; the rest (missing media) ask a person to look. */
export const issueSeverity = (issue: Pick<ReadinessIssue, 'kind'>): 'error' | 'warning' => (BLOCKING_KINDS.has(issue.kind) ? 'error' : 'warning');
