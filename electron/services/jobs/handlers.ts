import type { Job } from '../../../shared/jobs';
import { isBlindCaller } from '../review/blinding';
import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';

/** Jobs whose results speak of a project's items (benchmark imports, exports, readiness reports). */
const ITEM_RESULTS: ReadonlySet<Job['kind']> = new Set(['exchange', 'export', 'readiness']);

export const jobHandlers = (app: AppServices) =>
  ({
    // a blind caller sees that such jobs ran, not what they found (blind callers cannot start them)
    'jobs.list': (_req, caller) => {
      const jobs = app.jobs.list();
      if (!isBlindCaller(app.currentProject()?.store.db ?? null, caller)) return jobs;
      return jobs.map((job) => (ITEM_RESULTS.has(job.kind) ? ({ ...job, result: undefined, label: job.kind, message: job.state } as Job) : job));
    },
    'jobs.cancel': (req) => {
      app.jobs.cancel(req.jobId);
      return null;
    },
  }) satisfies Partial<HandlerMap>;
