import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { ServiceError } from '../errors';
import { importRunFile } from './import';
import { estimateJudging, judgeRuns } from './judge';
import { judgeAgreement, judgeAsPerson, judgeCheckSample } from './judge-check';
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
    'runs.score': (req) => scoreRuns(app.requireProject(), req.profileId, req.runIds, { ...(req.extractor ? { extractor: req.extractor } : {}), rules: req.rules }, app.settings.get().drafting.model),
    'runs.judgeCheck': (req, caller) => judgeCheckSample(app.requireProject(), caller, req.profileId, app.settings.get().drafting.model, req.size, req.seed),
    'runs.judgeAsPerson': (req, caller) => judgeAsPerson(app.requireProject(), caller, req.key, { score: req.score, reason: caller.person, ...(req.verdict ? { verdict: req.verdict } : {}) }).then(() => null),
    'runs.judgeAgreement': (req) => judgeAgreement(app.requireProject(), req.profileId, app.settings.get().drafting.model),
    'runs.judgeEstimate': (req) => estimateJudging(app, app.requireProject(), req),
    'runs.judge': async (req, caller) => {
      const project = app.requireProject();
      await estimateJudging(app, project, req); // a profile that is not judged is refused now, not as a failed job
      if (app.jobs.findRunning('judge')) throw new ServiceError('conflict', 'A judge run is going; cancel it or wait for it to end.');
      const job = app.jobs.start({ kind: 'judge', label: `Judge runs (${req.repeats}×)`, profileId: req.profileId }, (control) => judgeRuns(app, project, caller, req, control));
      return { jobId: job.id };
    },
    'runs.replay': (req) => replayRun(app.requireProject(), req.runId, req.videoId, app.settings.get().drafting.model),
    'runs.early': (req) => earlyResponses(app.requireProject(), req.runIds),
  }) satisfies Partial<HandlerMap>;
