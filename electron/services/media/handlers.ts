import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { ServiceError } from '../errors';
import { requireVideo } from '../videos/service';
import { startThumbnails } from './filmstrips';
import { readThumbnailManifest } from './thumbnails';

export const mediaHandlers = (app: AppServices) =>
  ({
    'thumbnails.get': (req) => {
      const project = app.requireProject();
      const video = requireVideo(project, req.videoId);
      return {
        manifest: readThumbnailManifest(project.cacheDir, video),
        jobId: app.jobs.findRunning('thumbnails', (job) => job.videoId === video.id)?.id ?? null,
      };
    },
    'thumbnails.generate': (req) => {
      const project = app.requireProject();
      const video = requireVideo(project, req.videoId);
      if (video.status !== 'ok') throw new ServiceError('unavailable', video.statusMessage ?? 'The video file is not available.');
      app.filmstrips.prioritize(video.id);
      return { jobId: startThumbnails(app.jobs, project, app.tools.ffmpeg, video).id };
    },
  }) satisfies Partial<HandlerMap>;
