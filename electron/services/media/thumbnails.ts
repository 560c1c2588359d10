// 1-FPS filmstrip thumbnails: ffmpeg decodes the video once and packs one tile per whole second
// into JPEG sprite sheets (COLUMNS×ROWS tiles each), cached beside the project.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ThumbnailManifest, Video } from '../../../shared/domain';
import { lastFrameTime } from '../../../shared/timecode';
import type { JobControl } from '../jobs/registry';
import { writeFileAtomic } from '../files/atomic-write';
import { runProcess } from './run-process';

export const TILE_HEIGHT = 72;
const COLUMNS = 10;
const ROWS = 10;

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

/** Sheets made by an earlier way of picking frames are made again (2: tile k is the frame shown at k). */
const SHEETS_VERSION = 2;

const manifestSchema = z.object({
  version: z.literal(SHEETS_VERSION),
  videoId: z.string(),
  fingerprint: z.string(),
  tileWidth: z.number(),
  tileHeight: z.number(),
  columns: z.number(),
  rows: z.number(),
  count: z.number(),
  sheets: z.number(),
  complete: z.boolean(),
});

export function thumbnailDir(cacheDir: string, videoId: string): string {
  return join(cacheDir, 'thumbs', videoId);
}

export function sheetFileName(index: number): string {
  return `sheet-${String(index + 1).padStart(4, '0')}.jpg`;
}

/** The cached manifest, or null when absent or made from a different file. */
export function readThumbnailManifest(cacheDir: string, video: Video): ThumbnailManifest | null {
  const path = join(thumbnailDir(cacheDir, video.id), 'manifest.json');
  if (!existsSync(path)) return null;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success || parsed.data.fingerprint !== video.fingerprint || !parsed.data.complete) return null;
    const { fingerprint: _fingerprint, version: _version, ...manifest } = parsed.data;
    return manifest;
  } catch {
    return null;
  }
}

export function thumbnailCount(video: { duration: number; fps: number }): number {
  return Math.floor(lastFrameTime(video.duration, video.fps) + 1e-9) + 1;
}

function tileWidthFor(video: Pick<Video, 'width' | 'height'>): number {
  return Math.max(2, Math.round((TILE_HEIGHT * video.width) / video.height / 2) * 2);
}

export async function generateThumbnails(ffmpeg: string, videoPath: string, video: Video, cacheDir: string, control: JobControl): Promise<ThumbnailManifest> {
  if (video.duration === null) throw new Error(`${video.name} is a placeholder; relink it to its file first.`);
  const duration = video.duration;
  const dir = thumbnailDir(cacheDir, video.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tileWidth = tileWidthFor(video);
  const count = thumbnailCount({ duration, fps: video.fps });
  // tile k is the frame shown at k (see PER_SECOND_FRAMES); scale then tile packs them row by row
  const filter = `${PER_SECOND_FRAMES},scale=${tileWidth}:${TILE_HEIGHT}:flags=fast_bilinear,tile=${COLUMNS}x${ROWS}`;
  const totalUs = duration * 1e6;
  const out = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-nostats',
      '-v',
      'error',
      '-threads',
      '0',
      '-copyts',
      '-i',
      videoPath,
      '-map',
      '0:v:0',
      '-an',
      '-vf',
      filter,
      '-frames:v',
      String(Math.ceil(count / (COLUMNS * ROWS))),
      '-q:v',
      '5',
      '-progress',
      'pipe:1',
      '-y',
      join(dir, 'sheet-%04d.jpg'),
    ],
    {
      signal: control.signal,
      onStdoutLine: (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) control.progress(Number(match[1]) / totalUs, `Extracting thumbnails for ${video.name}`);
      },
    },
  );
  if (out.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`ffmpeg could not extract thumbnails: ${out.stderr.trim().split('\n').pop() ?? `exit ${out.code}`}`);
  }
  const sheets = readdirSync(dir).filter((f) => /^sheet-\d{4}\.jpg$/.test(f)).length;
  const manifest: ThumbnailManifest = { videoId: video.id, tileWidth, tileHeight: TILE_HEIGHT, columns: COLUMNS, rows: ROWS, count, sheets, complete: true };
  writeFileAtomic(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, fingerprint: video.fingerprint, version: SHEETS_VERSION }));
  return manifest;
}
