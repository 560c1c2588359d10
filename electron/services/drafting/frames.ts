// Frames for drafting: one JPEG per whole second of a video (the frame shown at that second, never a
// later one — the thumbnails' own rule), downscaled to a chosen height, extracted by ffmpeg in one
// pass and cached beside the project per video and size. A draft of second t asks for the seconds
// its memory policy picks; each comes back as a data URL for the model's request.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Video } from '../../../shared/domain';
import { writeFileAtomic } from '../files/atomic-write';
import type { JobControl } from '../jobs/registry';
import { extractPerSecondFrames, perSecondFrameCount } from '../media/per-second-frames';

const manifestSchema = z.object({ fingerprint: z.string(), height: z.number(), count: z.number(), complete: z.literal(true) });

export interface DraftFrames {
  count: number;
  /** The frame shown at whole second `second`, as a JPEG data URL. */
  dataUrl(second: number): string;
}

const frameFile = (dir: string, second: number): string => join(dir, `${String(second + 1).padStart(6, '0')}.jpg`);

function cached(dir: string, count: number): DraftFrames {
  return {
    count,
    dataUrl: (second) => {
      if (!Number.isInteger(second) || second < 0 || second >= count) throw new RangeError(`No frame at ${second} s (0–${count - 1}).`);
      return `data:image/jpeg;base64,${readFileSync(frameFile(dir, second)).toString('base64')}`;
    },
  };
}

/** The video's per-second frames at `height` pixels, extracted once and reused while the file is the same. */
export async function draftFrames(ffmpeg: string, videoPath: string, video: Video, cacheDir: string, height: number, control: JobControl): Promise<DraftFrames> {
  if (video.duration === null || video.fingerprint === null) throw new Error(`${video.name} is a placeholder; relink it to its file first.`);
  const dir = join(cacheDir, 'frames', video.id, String(height));
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = manifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
    if (manifest.success && manifest.data.fingerprint === video.fingerprint && manifest.data.height === height) return cached(dir, manifest.data.count);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const count = perSecondFrameCount({ duration: video.duration, fps: video.fps });
  const out = await extractPerSecondFrames(ffmpeg, videoPath, {
    then: `scale=-2:${height}`,
    images: count,
    quality: 4,
    output: join(dir, '%06d.jpg'),
    duration: video.duration,
    label: `Extracting frames of ${video.name}`,
    control,
  });
  const made = existsSync(dir) ? readdirSync(dir).filter((f) => /^\d{6}\.jpg$/.test(f)).length : 0;
  if (out.code !== 0 || made < count) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`ffmpeg could not extract the frames of ${video.name}: ${out.stderr.trim().split('\n').pop() || `${made} of ${count} frames`}`);
  }
  writeFileAtomic(manifestPath, JSON.stringify({ fingerprint: video.fingerprint, height, count, complete: true }));
  return cached(dir, count);
}
