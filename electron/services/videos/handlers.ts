import type { HandlerMap } from '../feature';
import { relinkVideo } from './relink';
import { saveViewFor } from '../projects/view-state';
import { importVideos, removeVideo, videosFor } from './service';

export const videoHandlers = {
  'videos.list': (_req, ctx) => videosFor(ctx.project(), ctx.caller),
  'videos.import': (req, ctx) => {
    const { caller, machine } = ctx;
    const project = ctx.project();
    const tools = machine.tools;
    const label = req.paths.length === 1 ? `Import ${req.paths[0]}` : `Import ${req.paths.length} items`;
    const job = ctx.jobs.start({ kind: 'import', label }, async (control) => {
      const report = await importVideos(project, caller, tools, req.paths, control);
      // their filmstrips follow in the background, one video at a time
      machine.filmstrips.enqueue(report.imported.map((v) => v.id));
      return report;
    });
    return { jobId: job.id };
  },
  'videos.relink': async (req, ctx) => ({ relinked: await relinkVideo(ctx.project(), ctx.caller, ctx.machine.tools, req.videoId, req.path) }),
  'videos.remove': async (req, ctx) => {
    await removeVideo(ctx.project(), ctx.caller, req.videoId);
    return null;
  },
  'videos.saveView': async (req, ctx) => {
    await saveViewFor(ctx, req.videoId, { position: req.position, viewStart: req.viewStart, pxPerSec: req.pxPerSec });
    return null;
  },
} satisfies Partial<HandlerMap>;
