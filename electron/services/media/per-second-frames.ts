// One frame per whole second of a video, extracted by ffmpeg in one pass: the frames the filmstrip's
// thumbnails (thumbnails.ts) and a model's drafts (drafting/frames.ts) are made of.
import { lastFrameTime } from '../../../shared/timecode';
import type { JobControl } from '../jobs/registry';
import { runProcess } from './run-process';

/**
 * One frame per whole second k: the frame a player shows paused at k, the last with pts ≤ k (the
 * first while none is). fps=1 emits, for tick k, the last frame whose pts rounded to whole seconds
 * is ≤ k; round=up makes that "pts ≤ k" (round=down took the last frame before k+1, ≈ k+0.97 s).
 * start_time=0 starts the ticks at 0 even when the first frame is later. Run with -copyts, which
 * keeps the file's own timestamps as players use them (ffmpeg would otherwise shift a video whose
 * first frame is at 0.5 s to 0, and Chromium does not). Thumbnails and model drafts both use it: a
 * draft of second k never sees a frame from after k.
 */
export const PER_SECOND_FRAMES = 'fps=1:start_time=0:round=up';

/** How many whole seconds have a frame: 0 through the second of the last frame. */
export function perSecondFrameCount(video: { duration: number; fps: number }): number {
  return Math.floor(lastFrameTime(video.duration, video.fps) + 1e-9) + 1;
}

interface Extraction {
  /** The filters after picking the frames (scaling, tiling). */
  then: string;
  /** How many images ffmpeg writes (a sheet of tiles is one). */
  images: number;
  /** JPEG quality, 2 (best) to 31. */
  quality: number;
  /** The output files' pattern (`…/%06d.jpg`). */
  output: string;
  /** The video's duration, for the progress. */
  duration: number;
  /** What the progress says it is doing. */
  label: string;
  control: JobControl;
}

/** Runs ffmpeg over the video's first video stream; the progress follows ffmpeg's, a cancel kills it. */
export function extractPerSecondFrames(ffmpeg: string, videoPath: string, e: Extraction): ReturnType<typeof runProcess> {
  const args = ['-hide_banner', '-nostats', '-v', 'error', '-threads', '0', '-copyts', '-i', videoPath, '-map', '0:v:0', '-an'];
  args.push('-vf', `${PER_SECOND_FRAMES},${e.then}`, '-frames:v', String(e.images), '-q:v', String(e.quality), '-progress', 'pipe:1', '-y', e.output);
  const totalUs = e.duration * 1e6;
  return runProcess(ffmpeg, args, {
    signal: e.control.signal,
    onStdoutLine: (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match) e.control.progress(Number(match[1]) / totalUs, e.label);
    },
  });
}
