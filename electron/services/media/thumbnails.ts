// 1-FPS filmstrip thumbnails: ffmpeg decodes the video once and packs one tile per whole second
// into JPEG sprite sheets (COLUMNS×ROWS tiles each), cached beside the project.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ThumbnailManifest, Video } from '../../../shared/domain';
import type { JobControl } from '../jobs/registry';
import { writeFileAtomic } from '../files/atomic-write';
import { extractPerSecondFrames, perSecondFrameCount } from './per-second-frames';

export const TILE_HEIGHT = 72;
const COLUMNS = 10;
const ROWS = 10;

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
  const count = perSecondFrameCount({ duration, fps: video.fps });
  // tile k is the frame shown at k (see PER_SECOND_FRAMES); scale then tile packs them row by row
  const out = await extractPerSecondFrames(ffmpeg, videoPath, {
    then: `scale=${tileWidth}:${TILE_HEIGHT}:flags=fast_bilinear,tile=${COLUMNS}x${ROWS}`,
    images: Math.ceil(count / (COLUMNS * ROWS)),
    quality: 5,
    output: join(dir, 'sheet-%04d.jpg'),
    duration,
    label: `Extracting thumbnails for ${video.name}`,
    control,
  });
  if (out.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`ffmpeg could not extract thumbnails: ${out.stderr.trim().split('\n').pop() ?? `exit ${out.code}`}`);
  }
  const sheets = readdirSync(dir).filter((f) => /^sheet-\d{4}\.jpg$/.test(f)).length;
  const manifest: ThumbnailManifest = { videoId: video.id, tileWidth, tileHeight: TILE_HEIGHT, columns: COLUMNS, rows: ROWS, count, sheets, complete: true };
  writeFileAtomic(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, fingerprint: video.fingerprint, version: SHEETS_VERSION }));
  return manifest;
}
