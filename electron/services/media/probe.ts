// ffprobe → what Tidemark needs to know about a video, with a clear reason when it is not usable.
import { z } from 'zod';
import type { Video } from '../../../shared/domain';
import { runProcess } from './run-process';

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  r_frame_rate: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  nb_frames: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
});

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z
    .object({
      format_name: z.string().optional(),
      duration: z.string().optional(),
      size: z.string().optional(),
    })
    .optional(),
});

/** What ffprobe tells of a file (a probed file's duration is always known). */
export type ProbeInfo = Pick<Video, 'fps' | 'fpsRational' | 'variableFps' | 'width' | 'height' | 'codec' | 'audioCodec' | 'container'> & { duration: number };

type ProbeResult = { ok: true; info: ProbeInfo } | { ok: false; reason: string };

/** Video codecs Chromium (and so Electron) decodes. */
const PLAYABLE_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1', 'theora']);
/** Containers Chromium's <video> opens. */
const PLAYABLE_CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'ogg'];

export function parseRational(text: string | undefined): number {
  if (!text) return 0;
  const [num, den] = text.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den > 0 ? num / den : 0;
}

/** Turns ffprobe's JSON into ProbeInfo, or the reason the file cannot be used. Pure, for tests. */
export function interpretProbe(json: unknown): ProbeResult {
  const parsed = probeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'ffprobe returned output Tidemark does not understand.' };
  const { streams, format } = parsed.data;
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) return { ok: false, reason: 'Not a video: the file has no video stream.' };
  const codec = video.codec_name ?? 'unknown';
  const container = format?.format_name ?? 'unknown';
  const audio = streams.find((s) => s.codec_type === 'audio');
  const nominal = parseRational(video.r_frame_rate);
  const average = parseRational(video.avg_frame_rate);
  const fps = average > 0 ? average : nominal;
  const duration = Number(format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(duration) || duration <= 0) {
    return { ok: false, reason: 'The file has no readable duration (it may be truncated or still being written).' };
  }
  if (!(fps > 0) || !(video.width && video.height)) {
    return { ok: false, reason: 'Not a video: the stream has no frame rate or size (a still image?).' };
  }
  if (!PLAYABLE_VIDEO.has(codec)) {
    return {
      ok: false,
      reason: `Codec ${codec} cannot be played here (Chromium plays H.264, VP8, VP9, AV1). Convert it, e.g. ffmpeg -i in -c:v libx264 -crf 18 out.mp4.`,
    };
  }
  if (!PLAYABLE_CONTAINERS.includes(container)) {
    return { ok: false, reason: `Container ${container} cannot be played here; remux it to MP4 or WebM.` };
  }
  // r_frame_rate is the lowest rate that represents all timestamps; a clear gap to the average means
  // frames are not evenly spaced (variable frame rate), so frame stepping is approximate.
  const variableFps = nominal > 0 && average > 0 && Math.abs(nominal - average) / nominal > 0.01;
  return {
    ok: true,
    info: {
      duration,
      fps,
      fpsRational: video.avg_frame_rate && average > 0 ? video.avg_frame_rate : (video.r_frame_rate ?? String(fps)),
      variableFps,
      width: video.width,
      height: video.height,
      codec,
      audioCodec: audio?.codec_name ?? null,
      container,
    },
  };
}

function firstErrorLine(stderr: string): string {
  const line =
    stderr
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .pop() ?? '';
  return line.replace(/^.*?:\s*/, '');
}

/**
 * Probes a file. A probe that succeeds can still hide a truncated file (the index at the start,
 * the data cut short), so the last second is decoded too and decoding errors are reported.
 */
export async function probeVideo(ffprobe: string, ffmpeg: string, path: string, signal?: AbortSignal): Promise<ProbeResult> {
  const out = await runProcess(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], { signal });
  if (out.code !== 0) {
    const detail = firstErrorLine(out.stderr);
    if (/moov atom not found|Invalid data found|could not find codec parameters|End of file/i.test(out.stderr)) {
      return { ok: false, reason: `Not a playable video, or truncated: ${detail || 'ffprobe could not read it'}.` };
    }
    return { ok: false, reason: `ffprobe could not read the file: ${detail || `exit code ${out.code}`}.` };
  }
  let json: unknown;
  try {
    json = JSON.parse(out.stdout);
  } catch {
    return { ok: false, reason: 'ffprobe returned output Tidemark does not understand.' };
  }
  const result = interpretProbe(json);
  if (!result.ok) return result;
  const tail = await checkTail(ffmpeg, path, result.info.duration, signal);
  return tail ? { ok: false, reason: tail } : result;
}

async function checkTail(ffmpeg: string, path: string, duration: number, signal?: AbortSignal): Promise<string | null> {
  const start = Math.max(0, duration - 1.5);
  const out = await runProcess(ffmpeg, ['-v', 'error', '-xerror', '-ss', start.toFixed(3), '-i', path, '-map', '0:v:0', '-f', 'null', '-'], { signal });
  if (out.code === 0 && !/partial file|truncat|Invalid NAL|error while decoding/i.test(out.stderr)) return null;
  return `The file looks truncated: its last second cannot be decoded (${firstErrorLine(out.stderr) || `ffmpeg exit ${out.code}`}).`;
}
