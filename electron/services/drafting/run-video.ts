// The video a drafting run works on: its whole seconds, its frames at a height (extracted once per
// run, cached beside the project) and what a request with some of its frames costs.
import type { Video } from '../../../shared/domain';
import { frameSize, plannedCost, type RequestShape } from '../../../shared/drafting/estimate';
import type { EndpointSettings } from '../../../shared/drafting/endpoint';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import type { Project } from '../projects/project';
import { perSecondFrameCount } from '../media/per-second-frames';
import { videoPath } from '../videos/library';
import { requireVideo } from '../videos/service';
import { draftFrames, type DraftFrames } from './frames';

export interface RunVideo {
  video: Video;
  duration: number;
  /** The exclusive end of a run's seconds: `to` (the video's end when null), within the frames there are. */
  seconds(to: number | null): number;
  frames(height: number): Promise<DraftFrames>;
  /** The estimated dollars of one request. */
  requestCost(shape: RequestShape, height: number): number;
}

export async function runVideo(project: Project, videoId: string, ffmpeg: string, settings: EndpointSettings, control: JobControl): Promise<RunVideo> {
  const video = await requireVideo(project, videoId);
  if (video.duration === null || video.status === 'missing') throw new ServiceError('unavailable', `${video.name} is missing; relink it before drafting.`);
  const duration = video.duration;
  // one frame per whole second shown (the thumbnails' count)
  const last = perSecondFrameCount({ duration, fps: video.fps });
  const extracted = new Map<number, Promise<DraftFrames>>();
  return {
    video,
    duration,
    seconds: (to) => Math.min(to === null ? last : Math.ceil(to - 1e-9), last),
    frames: (height) => {
      if (!extracted.has(height)) extracted.set(height, draftFrames(ffmpeg, videoPath(project, video), video, project.cacheDir, height, control));
      return extracted.get(height)!;
    },
    requestCost: (shape, height) => plannedCost(settings, frameSize(video, height), [shape]).costUsd,
  };
}

/** Whole seconds first..last (inclusive) a request looks at: an event stretch, a question segment. */
export interface Stretch {
  first: number;
  last: number;
}

/**
 * The window [from, end) cut into stretches of `size` seconds, less those already looked at (a draft
 * other than a failed one lies in them, at its stretch's last second), so a run resumes past them.
 */
export function stretchesToDo(from: number, end: number, size: number, lookedAt: readonly number[]): { stretches: Stretch[]; skipped: number } {
  const stretches: Stretch[] = [];
  let skipped = 0;
  for (let first = Math.max(0, Math.ceil(from)); first < end; first += size) {
    const stretch = { first, last: Math.min(first + size, end) - 1 };
    if (lookedAt.some((at) => at >= stretch.first && at <= stretch.last)) skipped++;
    else stretches.push(stretch);
  }
  return { stretches, skipped };
}
