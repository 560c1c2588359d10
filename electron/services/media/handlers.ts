import type { HandlerMap } from '../feature';
import { ServiceError } from '../errors';
import { requireVideo } from '../videos/service';
import { startThumbnails } from './filmstrips';
import { readThumbnailManifest } from './thumbnails';

export const mediaHandlers = {
  'thumbnails.get': async (req, ctx) => {
    const project = ctx.project();
    const video = await requireVideo(project, req.videoId);
    return {
      manifest: readThumbnailManifest(project.cacheDir, video),
      jobId: ctx.jobs.findRunning('thumbnails', (job) => job.videoId === video.id)?.id ?? null,
    };
  },
  'thumbnails.generate': async (req, ctx) => {
    const project = ctx.project();
    const video = await requireVideo(project, req.videoId);
    if (video.status !== 'ok') throw new ServiceError('unavailable', video.statusMessage ?? 'The video file is not available.');
    ctx.machine.filmstrips.prioritize(video.id);
    return { jobId: startThumbnails(ctx.jobs, project, ctx.machine.tools.ffmpeg, video).id };
  },
} satisfies Partial<HandlerMap>;
