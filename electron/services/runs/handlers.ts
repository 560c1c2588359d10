import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { importRunFile } from './import';
import { earlyResponses, replayRun } from './replay';
import { scoreRuns } from './scoring';
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
    'runs.score': (req) => scoreRuns(app.requireProject(), req.profileId, req.runIds, req.extractor ? { extractor: req.extractor } : {}),
    'runs.replay': (req) => replayRun(app.requireProject(), req.runId, req.videoId),
    'runs.early': (req) => earlyResponses(app.requireProject(), req.runIds),
  }) satisfies Partial<HandlerMap>;
