import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { importRunFile } from './import';
import { removeRun, runsOf, videoResponses } from './service';

export const runHandlers = (app: AppServices) =>
  ({
    'runs.list': () => runsOf(app.requireProject()),
    'runs.import': (req, caller) => {
      const project = app.requireProject();
      const job = app.jobs.start({ kind: 'run-import', label: `Import run ${req.path}` }, (control) => importRunFile(project, caller, req, control));
      return { jobId: job.id };
    },
    'runs.remove': (req, caller) => removeRun(app.requireProject(), caller, req.runId).then(() => null),
    'runs.responses': (req) => videoResponses(app.requireProject(), req.runId, req.videoId),
  }) satisfies Partial<HandlerMap>;
