import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThumbnailManifest } from '../../../shared/domain';
import { COUNTING_DEMO } from '../demo';
import { JobRegistry } from '../jobs/registry';
import { Project } from '../projects/project';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { importVideos } from '../videos/service';
import { perSecondFrameCount } from './per-second-frames';
import { generateThumbnails, readThumbnailManifest, sheetFileName, thumbnailDir, TILE_HEIGHT } from './thumbnails';
import { listVideos, videoPath } from '../videos/library';

const dir = tempDir();
const jobs = new JobRegistry();
let project: Project;

beforeAll(async () => {
  await renderClip(join(dir.path, 'clip.mp4'), { width: 320, height: 180, fps: 25, scenes: [], testPattern: { seconds: 12 } });
  project = await Project.open(join(dir.path, 'p.tidemark'), { create: true });
  const job = jobs.start({ kind: 'import', label: 'x' }, (c) => importVideos(project, { person: 'ann', role: 'annotator' }, tools, [join(dir.path, 'clip.mp4')], c));
  await jobs.wait(job.id);
});
afterAll(async () => {
  await project.close();
  dir.remove();
});

describe('1-FPS thumbnails', () => {
  it('counts one thumbnail per whole second that has a frame', () => {
    expect(perSecondFrameCount({ duration: 12, fps: 25 })).toBe(12);
    expect(perSecondFrameCount({ duration: 12.5, fps: 25 })).toBe(13);
    expect(perSecondFrameCount({ duration: 3600, fps: 30 })).toBe(3600);
  });

  it('extracts sprite sheets with progress and caches a manifest', async () => {
    const video = (await listVideos(project))[0]!;
    expect(readThumbnailManifest(project.cacheDir, video)).toBeNull();
    const progress: number[] = [];
    const job = jobs.start({ kind: 'thumbnails', label: 'thumbnails', videoId: video.id }, (control) =>
      generateThumbnails(tools.ffmpeg, videoPath(project, video), video, project.cacheDir, {
        signal: control.signal,
        progress: (f, m) => {
          if (f !== null) progress.push(f);
          control.progress(f, m);
        },
      }),
    );
    const done = await jobs.wait(job.id);
    expect(done.state).toBe('done');
    const manifest = readThumbnailManifest(project.cacheDir, video);
    expect(manifest).toMatchObject({ count: 12, sheets: 1, columns: 10, rows: 10, tileHeight: 72, tileWidth: 128, complete: true });
    expect(existsSync(join(thumbnailDir(project.cacheDir, video.id), sheetFileName(0)))).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(project.cacheDir).toBe(join(dir.path, 'p.tidemark-cache'));
    // sheets made by the earlier frame choice (no version) are not reused
    const manifestPath = join(thumbnailDir(project.cacheDir, video.id), 'manifest.json');
    const { version: _version, ...older } = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestPath, JSON.stringify(older));
    expect(readThumbnailManifest(project.cacheDir, video)).toBeNull();
  });

  it('can be cancelled', async () => {
    const video = (await listVideos(project))[0]!;
    const job = jobs.start({ kind: 'thumbnails', label: 'cancel', videoId: 'other' }, (control) =>
      generateThumbnails(tools.ffmpeg, videoPath(project, video), { ...video, id: 'other' }, project.cacheDir, control),
    );
    jobs.cancel(job.id);
    expect((await jobs.wait(job.id)).state).toBe('cancelled');
    expect(readThumbnailManifest(project.cacheDir, { ...video, id: 'other' })).toBeNull();
  });
});

// Tile k must be the frame a player presents paused at k: the last frame whose pts ≤ k (the first
// frame when none is). The reference is decoded independently of the thumbnail filter: ffprobe lists
// every frame's pts, the frame is chosen by that rule and decoded by its index with select=eq(n,i).
// (`-ss k` would not do: it gives the first frame at or after k, counted from the file's start time.)
describe('tile k shows the frame a player presents at k seconds', () => {
  const media = tempDir();
  let frames: Project;
  // Every frame is one flat grey; consecutive frames differ by ≥ 83 levels (40 + 97·N mod 180).
  const greyPerFrame = "geq=lum='40+mod(N*97,180)':cb=128:cr=128";
  const x264 = ['-c:v', 'libx264', '-crf', '12', '-pix_fmt', 'yuv420p'];
  const neighbours = (i: number): number[] => [i - 1, i + 1];
  // Mean absolute difference per RGB byte: JPEG leaves ≤ 1 on flat greys; neighbours differ by ~100.
  const flatGrey = { match: 3, rival: 20 };

  function ffmpeg(args: string[]): Buffer {
    return execFileSync(tools.ffmpeg, ['-hide_banner', '-v', 'error', ...args], { maxBuffer: 256 * 1024 * 1024 });
  }

  function framePts(path: string): number[] {
    const out = execFileSync(tools.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', path], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((line) => parseFloat(line))
      .filter((t) => Number.isFinite(t));
  }

  /** Index of the frame a player shows at time k. */
  function playerFrame(pts: number[], k: number): number {
    let index = 0;
    pts.forEach((t, i) => {
      if (t <= k + 1e-6) index = i;
    });
    return index;
  }

  /** Decoded frames by index, scaled as the thumbnails are, as RGB bytes. */
  function decodeFrames(path: string, indices: number[], width: number): Map<number, Buffer> {
    const unique = [...new Set(indices)].sort((a, b) => a - b);
    const select = unique.map((i) => `eq(n,${i})`).join('+');
    const raw = ffmpeg([
      '-i',
      path,
      '-map',
      '0:v:0',
      '-vf',
      `select='${select}',scale=${width}:${TILE_HEIGHT}:flags=fast_bilinear`,
      '-vsync',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]);
    const size = width * TILE_HEIGHT * 3;
    expect(raw.length).toBe(size * unique.length);
    return new Map(unique.map((i, j) => [i, raw.subarray(j * size, (j + 1) * size)]));
  }

  /** Tile k cut out of its sprite sheet, as RGB bytes. */
  function tile(manifest: ThumbnailManifest, k: number): Buffer {
    const perSheet = manifest.columns * manifest.rows;
    const slot = k % perSheet;
    const sheet = join(thumbnailDir(frames.cacheDir, manifest.videoId), sheetFileName(Math.floor(k / perSheet)));
    const x = (slot % manifest.columns) * manifest.tileWidth;
    const y = Math.floor(slot / manifest.columns) * manifest.tileHeight;
    return ffmpeg(['-i', sheet, '-vf', `crop=${manifest.tileWidth}:${manifest.tileHeight}:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  }

  function meanAbsDiff(a: Buffer, b: Buffer): number {
    expect(a.length).toBe(b.length);
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    return sum / a.length;
  }

  /**
   * Extracts thumbnails with the real code and checks every tile against the player's frame at k,
   * and that the rival frames (wrong answers a buggy filter would give) are clearly not a match.
   */
  async function checkTiles(name: string, expectedCount: number, limits: { match: number; rival: number }, rivals: (shown: number, k: number, pts: number[]) => number[]): Promise<void> {
    const video = (await listVideos(frames)).find((v) => v.name === name);
    if (!video) throw new Error(`${name} was not imported`);
    const path = videoPath(frames, video);
    const manifest = await generateThumbnails(tools.ffmpeg, path, video, frames.cacheDir, { signal: new AbortController().signal, progress: () => undefined });
    expect(manifest.count).toBe(expectedCount);
    const pts = framePts(path);
    const seconds = Array.from({ length: manifest.count }, (_, k) => k);
    const shown = seconds.map((k) => playerFrame(pts, k));
    const others = seconds.map((k) => rivals(shown[k]!, k, pts).filter((i) => i >= 0 && i < pts.length && i !== shown[k]));
    const decoded = decodeFrames(path, [...shown, ...others.flat()], manifest.tileWidth);
    for (const k of seconds) {
      const thumb = tile(manifest, k);
      const i = shown[k]!;
      expect(meanAbsDiff(thumb, decoded.get(i)!), `${name}: tile ${k} against frame ${i} (pts ${pts[i]})`).toBeLessThan(limits.match);
      for (const n of others[k]!) {
        // the comparison tells frames apart: a wrong frame is clearly above the match limit
        expect(meanAbsDiff(thumb, decoded.get(n)!), `${name}: tile ${k} against frame ${n} (pts ${pts[n]})`).toBeGreaterThan(limits.rival);
      }
    }
  }

  beforeAll(async () => {
    const lavfi = (rate: number, seconds: number): string[] => ['-f', 'lavfi', '-i', `color=c=black:s=128x72:r=${rate}:d=${seconds}`];
    // 30 fps, 4.5 s: tiles 0–4, the last one in a second the video does not finish.
    ffmpeg([...lavfi(30, 4.5), '-vf', greyPerFrame, ...x264, '-y', join(media.path, 'cfr.mp4')]);
    // Variable frame rate: frames just before and after whole seconds, one exactly on 2 s with
    // another 40 ms later, and no frame at all between 2.5 s and 4.2 s.
    const times = [0, 0.3, 0.96, 1.06, 1.5, 2, 2.04, 2.5, 4.2, 4.6, 5, 5.3];
    const keep = times.map((t) => `eq(n,${Math.round(t * 50)})`).join('+');
    ffmpeg([...lavfi(50, 6), '-vf', `select='${keep}',${greyPerFrame}`, '-vsync', 'vfr', ...x264, '-y', join(media.path, 'vfr.mp4')]);
    // The first frame at 0.5 s (an empty edit at the start), as cut or re-timed files have.
    ffmpeg([...lavfi(30, 4), '-vf', greyPerFrame, ...x264, '-output_ts_offset', '0.5', '-y', join(media.path, 'late-start.mp4')]);
    // B-frames without an edit list: the first frame is presented at 2/30 s.
    ffmpeg([...lavfi(30, 4), '-vf', greyPerFrame, ...x264, '-bf', '2', '-use_editlist', '0', '-y', join(media.path, 'no-edit-list.mp4')]);
    await renderClip(join(media.path, 'counting-objects.mp4'), COUNTING_DEMO);
    frames = await Project.open(join(media.path, 'frames.tidemark'), { create: true });
    const files = ['cfr.mp4', 'vfr.mp4', 'late-start.mp4', 'no-edit-list.mp4', 'counting-objects.mp4'].map((f) => join(media.path, f));
    const job = jobs.start({ kind: 'import', label: 'frames' }, (c) => importVideos(frames, { person: 'ann', role: 'annotator' }, tools, files, c));
    await jobs.wait(job.id);
    expect(await listVideos(frames)).toHaveLength(files.length);
  }, 120_000);
  afterAll(async () => {
    await frames.close();
    media.remove();
  });

  it('at a constant frame rate, including second 0 and the last second', async () => {
    await checkTiles('cfr.mp4', 5, flatGrey, neighbours);
  });

  it('at a variable frame rate, with frames near whole seconds and a gap of more than a second', async () => {
    expect(framePts(join(media.path, 'vfr.mp4'))).toEqual([0, 0.3, 0.96, 1.06, 1.5, 2, 2.04, 2.5, 4.2, 4.6, 5, 5.3]);
    await checkTiles('vfr.mp4', 6, flatGrey, neighbours);
  });

  it('when the first frame is at 0.5 s: tile 0 is the first frame and tile k the frame at k', async () => {
    expect(framePts(join(media.path, 'late-start.mp4'))[0]).toBeCloseTo(0.5, 6);
    await checkTiles('late-start.mp4', 4, flatGrey, neighbours);
  });

  it('when B-frames without an edit list put the first frame at 2/30 s', async () => {
    expect(framePts(join(media.path, 'no-edit-list.mp4'))[0]).toBeCloseTo(2 / 30, 6);
    await checkTiles('no-edit-list.mp4', 4, flatGrey, neighbours);
  });

  it("on the demo's counting-objects video, whose orange square enters just after 0 s", async () => {
    // Objects move a few pixels a frame, too little to tell neighbouring frames apart in a tile; the
    // rival is the last frame of the second (≈ k + 0.97 s), which the old filter showed.
    await checkTiles('counting-objects.mp4', 24, { match: 4, rival: 6 }, (_i, k, pts) => [pts.filter((t) => t < k + 1).length - 1]);
  });
});
