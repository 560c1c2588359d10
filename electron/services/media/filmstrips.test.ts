// After an import, the filmstrips of the imported videos are made in the background, one at a time;
// a video a person selects goes first.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServices } from '../app-services';
import { renderClip, tempDir } from '../test-support/fixtures';
import { apiClient } from '../test-support/project';
import { readThumbnailManifest } from './thumbnails';
import { listVideos } from '../videos/library';

const dir = tempDir();
let app: AppServices;
const lee = { person: 'Lee', role: 'lead' as const };

beforeAll(async () => {
  app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test', env: {} });
  await app.createProject(join(dir.path, 'p.tidemark'), 'Filmstrips');
  // three different clips (the same content twice would be one video)
  for (const [i, name] of ['a', 'b', 'c'].entries()) await renderClip(join(dir.path, `${name}.mp4`), { width: 160, height: 90, fps: 25, scenes: [], testPattern: { seconds: 2 + i } });
}, 60_000);
afterAll(async () => {
  await app.shutdown();
  dir.remove();
});

describe('filmstrips in the background', () => {
  it('makes every imported video its filmstrip, one at a time, without anyone selecting it', async () => {
    const call = apiClient(app, lee);
    const { jobId } = await call('videos.import', { paths: ['a', 'b', 'c'].map((n) => join(dir.path, `${n}.mp4`)) });
    const done = await app.jobs.wait(jobId);
    expect(done.state, done.message).toBe('done');
    const project = app.requireProject();
    const videos = await listVideos(project);
    // a person selects the last one: it goes first
    app.filmstrips.prioritize(videos[2]!.id);
    await expect.poll(() => videos.every((v) => readThumbnailManifest(project.cacheDir, v) !== null), { timeout: 30_000, interval: 100 }).toBe(true);
    const jobs = app.jobs.list().filter((j) => j.kind === 'thumbnails');
    expect(jobs).toHaveLength(3);
    // one at a time, in order — the first already going when the last was selected, which then came next
    expect(jobs.map((j) => (j.kind === 'thumbnails' ? j.videoId : ''))).toEqual([videos[0]!.id, videos[2]!.id, videos[1]!.id]);
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    expect(app.filmstrips.queued).toEqual([]);
  }, 60_000);
});
