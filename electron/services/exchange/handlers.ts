import type { HandlerMap } from '../feature';
import { exportToFile } from './export-file';
import { importFile, listFormats, projectStats, readinessFor } from './service';

export const exchangeHandlers = {
  'exchange.formats': () => listFormats(),
  'exchange.import': (req, ctx) => {
    const { caller } = ctx;
    const project = ctx.project();
    const tools = ctx.machine.tools;
    const options = { path: req.path, format: req.format, skipInvalid: req.skipInvalid, existing: req.existing, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) };
    const job = ctx.jobs.start({ kind: 'exchange', label: `Import ${req.path}`, format: req.format }, (control) => importFile(project, caller, tools, options, control));
    return { jobId: job.id };
  },
  'exchange.export': (req, ctx) => {
    const { caller } = ctx;
    const project = ctx.project();
    const request = { format: req.format, path: req.path, force: req.force, overwrite: req.overwrite, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) };
    const job = ctx.jobs.start({ kind: 'export', label: `Export ${req.format} to ${req.path}`, format: req.format }, (control) => exportToFile(project, caller, request, control));
    return { jobId: job.id };
  },
  'exchange.readiness': (req, ctx) => {
    const { caller } = ctx;
    const project = ctx.project();
    const job = ctx.jobs.start({ kind: 'readiness', label: `Readiness of ${req.format}`, format: req.format }, (control) => readinessFor(project, caller, req.format, control));
    return { jobId: job.id };
  },
  'exchange.stats': (_req, ctx) => projectStats(ctx.project(), ctx.caller),
} satisfies Partial<HandlerMap>;
