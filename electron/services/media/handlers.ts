import type { AppServices } from '../app-services';
import type { HandlerMap } from '../feature';
import { ServiceError } from '../errors';
import { requireVideo } from '../videos/service';
import { generateThumbnails, readThumbnailManifest } from './thumbnails';

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
      const running = app.jobs.findRunning('thumbnails', (job) => job.videoId === video.id);
      if (running) return { jobId: running.id };
      const ffmpeg = app.tools.ffmpeg;
      const path = project.videos.absolutePath(video);
      const job = app.jobs.start({ kind: 'thumbnails', label: `Thumbnails of ${video.name}`, videoId: video.id }, (control) => generateThumbnails(ffmpeg, path, video, project.cacheDir, control));
      return { jobId: job.id };
    },
  }) satisfies Partial<HandlerMap>;
