import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { relinkVideo } from './relink';
import { importVideos, removeVideo, saveView, videosFor } from './service';

export const videoHandlers = (app: AppServices) =>
  ({
    'videos.list': (_req, caller) => videosFor(app.requireProject(), caller),
    'videos.import': (req, caller) => {
      const project = app.requireProject();
      const tools = app.tools;
      const label = req.paths.length === 1 ? `Import ${req.paths[0]}` : `Import ${req.paths.length} items`;
      const job = app.jobs.start({ kind: 'import', label }, async (control) => {
        const report = await importVideos(project, caller, tools, req.paths, control);
        // their filmstrips follow in the background, one video at a time
        app.filmstrips.enqueue(report.imported.map((v) => v.id));
        return report;
      });
      return { jobId: job.id };
    },
    'videos.relink': async (req, caller) => ({ relinked: await relinkVideo(app.requireProject(), caller, app.tools, req.videoId, req.path) }),
    'videos.remove': async (req, caller) => {
      await removeVideo(app.requireProject(), caller, req.videoId);
      return null;
    },
    'videos.saveView': async (req) => {
      await saveView(app.requireProject(), req.videoId, { position: req.position, viewStart: req.viewStart, pxPerSec: req.pxPerSec });
      return null;
    },
  }) satisfies Partial<HandlerMap>;
