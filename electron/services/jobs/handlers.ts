import type { Job } from '../../../shared/jobs';
import { isBlindCaller } from '../review/blinding';
import type { HandlerMap } from '../feature';

/** Jobs whose results speak of a project's items (benchmark imports, exports, readiness reports). */
const ITEM_RESULTS: ReadonlySet<Job['kind']> = new Set(['exchange', 'export', 'readiness']);

export const jobHandlers = {
  // a blind caller sees that such jobs ran, not what they found (blind callers cannot start them);
  // so does a session that has not proved who it is
  'jobs.list': async (_req, ctx) => {
    const jobs = ctx.jobs.list();
    if (ctx.verified && !(await isBlindCaller(ctx.currentProject()?.stores ?? null, ctx.caller))) return jobs;
    return jobs.map((job) => (ITEM_RESULTS.has(job.kind) ? ({ ...job, result: undefined, label: job.kind, message: job.state } as Job) : job));
  },
  'jobs.cancel': (req, ctx) => {
    ctx.jobs.cancel(req.jobId);
    return null;
  },
} satisfies Partial<HandlerMap>;
