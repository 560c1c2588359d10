import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { exportToFile } from './export-file';
import { importFile, listFormats, projectStats, readinessFor } from './service';

export const exchangeHandlers = (app: AppServices) =>
  ({
    'exchange.formats': () => listFormats(),
    'exchange.import': (req, caller) => {
      const project = app.requireProject();
      const tools = app.tools;
      const options = { path: req.path, format: req.format, skipInvalid: req.skipInvalid, existing: req.existing, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) };
      const job = app.jobs.start({ kind: 'exchange', label: `Import ${req.path}`, format: req.format }, (control) => importFile(project, caller, tools, options, control));
      return { jobId: job.id };
    },
    'exchange.export': (req, caller) => {
      const project = app.requireProject();
      const request = { format: req.format, path: req.path, force: req.force, overwrite: req.overwrite, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) };
      const job = app.jobs.start({ kind: 'export', label: `Export ${req.format} to ${req.path}`, format: req.format }, (control) => exportToFile(project, caller, request, control));
      return { jobId: job.id };
    },
    'exchange.readiness': (req, caller) => {
      const project = app.requireProject();
      const job = app.jobs.start({ kind: 'readiness', label: `Readiness of ${req.format}`, format: req.format }, (control) => readinessFor(project, caller, req.format, control));
      return { jobId: job.id };
    },
    'exchange.stats': (_req, caller) => projectStats(app.requireProject(), caller),
  }) satisfies Partial<HandlerMap>;
