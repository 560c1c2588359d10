import { requireVideo } from '../videos/service';
import type { HandlerMap } from '../feature';
import { checkMayReplaceProject } from './policy';

export const projectHandlers = {
  'projects.recent': (_req, ctx) => ctx.machine.settings.recent(),
  'projects.current': (_req, ctx) => ctx.currentProject()?.summary() ?? null,
  'projects.create': async (req, ctx) => {
    await checkMayReplaceProject(ctx);
    return ctx.projects.create(req.path, req.name);
  },
  'projects.open': async (req, ctx) => {
    await checkMayReplaceProject(ctx);
    return ctx.projects.open(req.path);
  },
  'projects.close': async (_req, ctx) => {
    await checkMayReplaceProject(ctx);
    await ctx.projects.close();
    return null;
  },
  'projects.viewState': async (_req, ctx) => {
    const project = ctx.project();
    return { selectedVideoId: project.store.getMeta('selectedVideoId'), videos: await project.stores.videos.views() };
  },
  'projects.selectVideo': async (req, ctx) => {
    const project = ctx.project();
    if (req.videoId) await requireVideo(project, req.videoId);
    await project.store.setMeta('selectedVideoId', req.videoId);
    return null;
  },
} satisfies Partial<HandlerMap>;
