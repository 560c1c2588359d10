import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';

export const jobHandlers = (app: AppServices) =>
  ({
    'jobs.list': () => app.jobs.list(),
    'jobs.cancel': (req) => {
      app.jobs.cancel(req.jobId);
      return null;
    },
  }) satisfies Partial<HandlerMap>;
