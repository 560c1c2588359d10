import type { AppServices } from '../app-services';
import { requireVideo } from '../videos/service';
import type { HandlerMap } from '../feature';

export const projectHandlers = (app: AppServices) =>
  ({
    'projects.recent': () => app.settings.recent(),
    'projects.current': () => app.currentProject()?.summary() ?? null,
    'projects.create': (req) => app.createProject(req.path, req.name),
    'projects.open': (req) => app.openProject(req.path),
    'projects.close': async () => {
      await app.closeProject();
      return null;
    },
    'projects.viewState': () => {
      const project = app.requireProject();
      return { selectedVideoId: project.store.getMeta('selectedVideoId'), videos: project.videos.views() };
    },
    'projects.selectVideo': async (req) => {
      const project = app.requireProject();
      if (req.videoId) requireVideo(project, req.videoId);
      await project.store.setMeta('selectedVideoId', req.videoId);
      return null;
    },
  }) satisfies Partial<HandlerMap>;
