import type { HandlerMap } from '../feature';
import { checkMayReplaceProject } from './policy';
import { selectVideoFor, viewStateFor } from './view-state';

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
  'projects.viewState': (_req, ctx) => viewStateFor(ctx),
  'projects.selectVideo': async (req, ctx) => {
    await selectVideoFor(ctx, req.videoId);
    return null;
  },
} satisfies Partial<HandlerMap>;
