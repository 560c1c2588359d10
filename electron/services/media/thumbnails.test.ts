import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRegistry } from '../jobs/registry';
import { Project } from '../projects/project';
import { renderClip, tempDir, tools } from '../test-support/fixtures';
import { importVideos } from '../videos/service';
import { generateThumbnails, readThumbnailManifest, sheetFileName, thumbnailCount, thumbnailDir } from './thumbnails';

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
    expect(thumbnailCount({ duration: 12, fps: 25 })).toBe(12);
    expect(thumbnailCount({ duration: 12.5, fps: 25 })).toBe(13);
    expect(thumbnailCount({ duration: 3600, fps: 30 })).toBe(3600);
  });

  it('extracts sprite sheets with progress and caches a manifest', async () => {
    const video = project.videos.list()[0]!;
    expect(readThumbnailManifest(project.cacheDir, video)).toBeNull();
    const progress: number[] = [];
    const job = jobs.start({ kind: 'thumbnails', label: 'thumbnails', videoId: video.id }, (control) =>
      generateThumbnails(tools.ffmpeg, project.videos.absolutePath(video), video, project.cacheDir, {
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
  });

  it('can be cancelled', async () => {
    const video = project.videos.list()[0]!;
    const job = jobs.start({ kind: 'thumbnails', label: 'cancel', videoId: 'other' }, (control) =>
      generateThumbnails(tools.ffmpeg, project.videos.absolutePath(video), { ...video, id: 'other' }, project.cacheDir, control),
    );
    jobs.cancel(job.id);
    expect((await jobs.wait(job.id)).state).toBe('cancelled');
    expect(readThumbnailManifest(project.cacheDir, { ...video, id: 'other' })).toBeNull();
  });
});
