import type { HandlerMap } from '../feature';
import { ServiceError } from '../errors';
import { importRunFile } from './import';
import { estimateJudging, judgeRuns } from './judge';
import { judgeAgreement, judgeAsPerson, judgeCheckSample } from './judge-check';
import { earlyResponses, replayRun } from './replay';
import { scoreRuns } from './scoring';
import { removeRun, runsOf, videoResponses } from './service';

export const runHandlers = {
  'runs.list': (_req, ctx) => runsOf(ctx.project()),
  'runs.import': (req, ctx) => {
    const { caller } = ctx;
    const project = ctx.project();
    const job = ctx.jobs.start({ kind: 'run-import', label: `Import run ${req.path}` }, (control) => importRunFile(project, caller, req, control));
    return { jobId: job.id };
  },
  'runs.remove': (req, ctx) => removeRun(ctx.project(), ctx.caller, req.runId).then(() => null),
  'runs.responses': (req, ctx) => videoResponses(ctx.project(), req.runId, req.videoId),
  'runs.score': (req, ctx) =>
    scoreRuns(ctx.project(), req.profileId, req.runIds, { ...(req.extractor ? { extractor: req.extractor } : {}), rules: req.rules }, ctx.machine.settings.get().drafting.model),
  'runs.judgeCheck': (req, ctx) => judgeCheckSample(ctx.project(), ctx.caller, req.profileId, ctx.machine.settings.get().drafting.model, req.size, req.seed),
  'runs.judgeAsPerson': (req, ctx) =>
    judgeAsPerson(ctx.project(), ctx.caller, req.key, { score: req.score, reason: ctx.caller.person, ...(req.verdict ? { verdict: req.verdict } : {}) }).then(() => null),
  'runs.judgeAgreement': (req, ctx) => judgeAgreement(ctx.project(), req.profileId, ctx.machine.settings.get().drafting.model),
  'runs.judgeEstimate': (req, ctx) => estimateJudging(ctx.machine, ctx.project(), req),
  'runs.judge': async (req, ctx) => {
    const { caller, machine } = ctx;
    const project = ctx.project();
    await estimateJudging(machine, project, req); // a profile that is not judged is refused now, not as a failed job
    if (ctx.jobs.findRunning('judge')) throw new ServiceError('conflict', 'A judge run is going; cancel it or wait for it to end.');
    const job = ctx.jobs.start({ kind: 'judge', label: `Judge runs (${req.repeats}×)`, profileId: req.profileId }, (control) => judgeRuns(machine, project, caller, req, control));
    return { jobId: job.id };
  },
  'runs.replay': (req, ctx) => replayRun(ctx.project(), req.runId, req.videoId, ctx.machine.settings.get().drafting.model),
  'runs.early': (req, ctx) => earlyResponses(ctx.project(), req.runIds),
} satisfies Partial<HandlerMap>;
