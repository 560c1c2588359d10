// The handler map: one function per contract method. Transports call `dispatch`, which validates
// the request with the contract's zod schema and returns errors as data.
import { requestSchemas, type AppliedEditSummary, type ApiMethod, type ApiParsedRequest, type ApiResponses, type ApiResult } from '../../shared/api';
import { isApiMethod } from '../../shared/api-methods';
import type { Caller } from '../../shared/domain';
import { writeFileSync } from 'node:fs';
import * as annotation from './annotation/annotation';
import { exportFile, importFile, listFormats, NotReadyError, projectStats, readinessFor } from './exchange/exchange';
import { history, redo, undo, type AppliedEdit } from './annotation/edit-log';
import { listMarks, listProfiles, listQueryPoints, listQuestions } from './annotation/rows';
import type { AppServices } from './app-services';
import { ServiceError, toApiError } from './errors';
import { generateThumbnails, readThumbnailManifest } from './media/thumbnails';
import { importVideos } from './videos/import';
import { relinkVideo } from './videos/relink';

export type DialogKind = ApiParsedRequest<'dialogs.pick'>['kind'];

export interface TransportFeatures {
  /** Native file dialogs (desktop shell only). */
  pickPaths?: (kind: DialogKind) => Promise<string[]>;
}

type Handler<M extends ApiMethod> = (req: ApiParsedRequest<M>, caller: Caller) => ApiResponses[M] | Promise<ApiResponses[M]>;
export type HandlerMap = { [M in ApiMethod]: Handler<M> };

export function createHandlers(app: AppServices, features: TransportFeatures = {}): HandlerMap {
  return {
    'app.info': (_req, caller) => ({
      version: app.options.version,
      mode: app.options.mode,
      nativeDialogs: Boolean(features.pickPaths),
      dataDir: app.options.dataDir,
      caller,
      ffmpeg: app.tools,
    }),
    'settings.get': () => app.settings.get(),
    'settings.update': (req) => app.updateSettings(req),
    'projects.recent': () => app.settings.recent(),
    'projects.current': () => app.currentProject()?.summary() ?? null,
    'projects.create': (req) => app.createProject(req.path, req.name),
    'projects.open': (req) => app.openProject(req.path),
    'projects.close': () => {
      app.closeProject();
      return null;
    },
    'projects.viewState': () => {
      const project = app.requireProject();
      return { selectedVideoId: project.getMeta('selectedVideoId'), videos: project.videos.views() };
    },
    'projects.selectVideo': (req) => {
      const project = app.requireProject();
      if (req.videoId && !project.videos.get(req.videoId)) throw new ServiceError('not-found', 'No such video in this project.');
      project.setMeta('selectedVideoId', req.videoId);
      return null;
    },
    'videos.list': () => app.requireProject().videos.list(),
    'videos.import': (req) => {
      const project = app.requireProject();
      const tools = app.tools;
      const label = req.paths.length === 1 ? `Import ${req.paths[0]}` : `Import ${req.paths.length} items`;
      const job = app.jobs.start('import', label, (control) => importVideos(project, tools, req.paths, control));
      return { jobId: job.id };
    },
    'videos.relink': (req) => ({ relinked: relinkVideo(app.requireProject(), req.videoId, req.path) }),
    'videos.remove': (req, caller) => {
      annotation.removeVideo(app.requireProject(), caller, req.videoId);
      return null;
    },
    'videos.saveView': (req) => {
      const project = app.requireProject();
      if (!project.videos.get(req.videoId)) throw new ServiceError('not-found', 'No such video in this project.');
      project.videos.saveView(req.videoId, { position: req.position, viewStart: req.viewStart, pxPerSec: req.pxPerSec });
      return null;
    },
    'thumbnails.get': (req) => {
      const project = app.requireProject();
      const video = requireVideo(app, req.videoId);
      return {
        manifest: readThumbnailManifest(project.cacheDir, video),
        jobId: app.jobs.findRunning('thumbnails', video.id)?.id ?? null,
      };
    },
    'thumbnails.generate': (req) => {
      const project = app.requireProject();
      const video = requireVideo(app, req.videoId);
      if (video.status !== 'ok') throw new ServiceError('unavailable', video.statusMessage ?? 'The video file is not available.');
      const running = app.jobs.findRunning('thumbnails', video.id);
      if (running) return { jobId: running.id };
      const ffmpeg = app.tools.ffmpeg;
      const path = project.videos.absolutePath(video);
      const job = app.jobs.start('thumbnails', video.id, (control) => generateThumbnails(ffmpeg, path, video, project.cacheDir, control));
      return { jobId: job.id };
    },
    'jobs.list': () => app.jobs.list(),
    'jobs.cancel': (req) => {
      app.jobs.cancel(req.jobId);
      return null;
    },
    'dialogs.pick': async (req) => {
      if (!features.pickPaths) throw new ServiceError('unavailable', 'File dialogs exist only in the desktop app; type a path instead.');
      return { paths: await features.pickPaths(req.kind) };
    },
    'profiles.list': () => listProfiles(app.requireProject().db),
    'profiles.create': (req, caller) => annotation.createProfile(app.requireProject(), caller, req.name, req.copyOf),
    'profiles.update': (req, caller) => annotation.updateProfile(app.requireProject(), caller, req.id, req.definition),
    'profiles.remove': (req, caller) => {
      annotation.removeProfile(app.requireProject(), caller, req.id);
      return null;
    },
    'annotations.load': (req) => {
      const project = app.requireProject();
      requireVideo(app, req.videoId);
      return { marks: listMarks(project.db, req.videoId), questions: listQuestions(project.db, req.videoId), queryPoints: listQueryPoints(project.db, req.videoId) };
    },
    'marks.create': (req, caller) => annotation.createMarks(app.requireProject(), caller, req.videoId, req.marks),
    'marks.update': (req, caller) => annotation.updateMarks(app.requireProject(), caller, req.changes),
    'marks.remove': (req, caller) => {
      annotation.removeMarks(app.requireProject(), caller, req.ids);
      return null;
    },
    'captions.fill': (req, caller) => annotation.fillCaptions(app.requireProject(), caller, req.videoId, req.target, req.from, req.to, req.text),
    'captions.mergeRuns': (req, caller) => ({ merged: annotation.mergeCaptionRuns(app.requireProject(), caller, req.videoId, req.target) }),
    'questions.create': (req, caller) => annotation.createQuestion(app.requireProject(), caller, req.videoId, req.fields, req.queryPoints),
    'questions.update': (req, caller) => annotation.updateQuestion(app.requireProject(), caller, req.id, req.fields),
    'questions.remove': (req, caller) => {
      annotation.removeQuestion(app.requireProject(), caller, req.id);
      return null;
    },
    'queryPoints.create': (req, caller) => annotation.createQueryPoint(app.requireProject(), caller, req.questionId, req.fields),
    'queryPoints.update': (req, caller) => annotation.updateQueryPoint(app.requireProject(), caller, req.id, req.fields),
    'queryPoints.remove': (req, caller) => {
      annotation.removeQueryPoint(app.requireProject(), caller, req.id);
      return null;
    },
    'edits.undo': (_req, caller) => summarize(undo(app.requireProject().db, caller.person)),
    'edits.redo': (_req, caller) => summarize(redo(app.requireProject().db, caller.person)),
    'edits.history': (_req, caller) => history(app.requireProject().db, caller.person),
    'exchange.formats': () => listFormats(),
    'exchange.import': (req, caller) => {
      const project = app.requireProject();
      const tools = app.tools;
      const job = app.jobs.start('exchange', `Import ${req.path}`, async (control) => {
        return importFile(project, caller, tools, { path: req.path, format: req.format, skipInvalid: req.skipInvalid, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) }, control);
      });
      return { jobId: job.id };
    },
    'exchange.export': (req) => {
      try {
        const result = exportFile(app.requireProject(), req.format, { force: req.force, ...(req.mediaDir ? { mediaDir: req.mediaDir } : {}) });
        writeFileSync(req.path, result.text);
        return { written: true, path: req.path, items: result.count, readiness: result.readiness };
      } catch (error) {
        if (error instanceof NotReadyError) return { written: false, path: req.path, items: 0, readiness: error.report };
        throw error;
      }
    },
    'exchange.readiness': (req) => readinessFor(app.requireProject(), req.format),
    'exchange.stats': () => projectStats(app.requireProject()),
  };
}

/** Which videos and tables an undo or redo touched, so clients reload just those. */
function summarize(applied: AppliedEdit | null): AppliedEditSummary | null {
  if (!applied) return null;
  const videoIds = new Set<string>();
  for (const change of applied.changes) {
    const row = change.after ?? change.before;
    const videoId = row?.video_id;
    if (typeof videoId === 'string') videoIds.add(videoId);
    else if (change.table === 'videos') videoIds.add(change.key);
  }
  return { label: applied.label, videoIds: [...videoIds], tables: [...new Set(applied.changes.map((c) => c.table))] };
}

function requireVideo(app: AppServices, videoId: string) {
  const video = app.requireProject().videos.get(videoId);
  if (!video) throw new ServiceError('not-found', 'No such video in this project.');
  return video;
}

/** Validates and runs one call. Unknown methods and bad payloads are answered, never thrown. */
export async function dispatch(handlers: HandlerMap, method: unknown, payload: unknown, caller: Caller): Promise<ApiResult<unknown>> {
  if (!isApiMethod(method)) return { ok: false, error: { code: 'unknown-method', message: `Unknown call ${String(method)}.` } };
  const parsed = requestSchemas[method].safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'request';
    return { ok: false, error: { code: 'invalid-request', message: `${method}: ${where}: ${issue?.message ?? 'invalid'}` } };
  }
  try {
    const handler = handlers[method] as (req: unknown, caller: Caller) => unknown;
    return { ok: true, value: await handler(parsed.data, caller) };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
