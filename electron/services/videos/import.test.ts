import { copyFileSync, cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { JobRegistry } from '../jobs/registry';
import { Project } from '../projects/project';
import { renderClip, renderUnplayableClip, tempDir, tools, truncateFile } from '../test-support/fixtures';
import { ENGINES, openTestProject } from '../test-support/project';
import { relinkVideo } from './relink';
import { importVideos } from './service';
import { listVideos } from '../videos/library';

const dir = tempDir();
const jobs = new JobRegistry();
const ann: Caller = { person: 'ann', role: 'annotator' };
/** The media every engine's run starts from, copied beside its project (the tests move them). */
const source = join(dir.path, 'source');

beforeAll(async () => {
  const media = join(source, 'media');
  mkdirSync(join(media, 'day1', 'cam'), { recursive: true });
  await renderClip(join(media, 'a.mp4'));
  await renderClip(join(media, 'day1', 'cam', 'b.webm'), { width: 320, height: 180, fps: 30, scenes: [{ background: 'black', seconds: 2, objects: [] }], codec: 'vp9' });
  copyFileSync(join(media, 'a.mp4'), join(media, 'day1', 'a-copy.mp4'));
  truncateFile(join(media, 'a.mp4'), join(media, 'day1', 'broken.mp4'));
  await renderUnplayableClip(join(media, 'day1', 'old.avi'));
  writeFileSync(join(media, 'day1', 'fake.mkv'), 'not a video');
  writeFileSync(join(media, 'day1', 'notes.txt'), 'ignored when walking a folder');
});
afterAll(() => dir.remove());

describe.each(ENGINES)('importing videos (%s)', (engine) => {
  const root = join(dir.path, engine);
  let project: Project;
  beforeAll(async () => {
    cpSync(source, root, { recursive: true });
    project = await openTestProject(join(root, 'p.tidemark'), engine, { name: 'Test' });
  });
  afterAll(() => project.close());

  async function runImport(paths: string[]) {
    const job = jobs.start({ kind: 'import', label: 'test' }, (control) => importVideos(project, ann, tools, paths, control));
    const done = await jobs.wait(job.id);
    if (done.kind !== 'import' || !done.result) throw new Error(`import ${done.state}: ${done.message}`);
    return done.result;
  }

  it('imports a folder recursively, one message per bad file, duplicates skipped', async () => {
    const report = await runImport([join(root, 'media')]);
    expect(report.imported.map((v) => v.relPath).sort()).toEqual(['media/a.mp4', 'media/day1/cam/b.webm']);
    expect(report.duplicates.map((d) => d.path)).toEqual([join(root, 'media', 'day1', 'a-copy.mp4')]);
    const reasons = Object.fromEntries(report.failed.map((f) => [f.path.split('/').pop(), f.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['broken.mp4', 'fake.mkv', 'old.avi']);
    expect(reasons['broken.mp4']).toMatch(/truncated/i);
    expect(reasons['old.avi']).toMatch(/cannot be played/);
    expect(reasons['fake.mkv']).toMatch(/not a (playable )?video/i);
  });

  it('never imports the same file twice', async () => {
    const report = await runImport([join(root, 'media', 'a.mp4')]);
    expect(report.imported).toHaveLength(0);
    expect(report.duplicates[0]?.reason).toMatch(/Already in the project as a.mp4/);
    expect(await listVideos(project)).toHaveLength(2);
  });

  it('reports paths that do not exist', async () => {
    const report = await runImport([join(root, 'nowhere.mp4')]);
    expect(report.failed[0]?.reason).toBe('No such file or folder.');
  });

  it('imports a batch as one undoable edit', async () => {
    const [edit] = await project.store.history('ann');
    expect(edit?.label).toBe('Import 2 videos');
  });

  it('relinks a moved folder from one file, as one undoable edit', async () => {
    renameSync(join(root, 'media'), join(root, 'moved'));
    expect((await listVideos(project)).map((v) => v.status)).toEqual(['missing', 'missing']);
    const a = (await listVideos(project)).find((v) => v.name === 'a.mp4')!;
    const relinked = await relinkVideo(project, ann, tools, a.id, join(root, 'moved', 'a.mp4'));
    expect(relinked.map((v) => v.relPath).sort()).toEqual(['moved/a.mp4', 'moved/day1/cam/b.webm']);
    expect((await listVideos(project)).every((v) => v.status === 'ok')).toBe(true);
    expect((await project.store.undo('ann'))?.label).toBe('Relink 2 videos');
    expect((await listVideos(project)).map((v) => v.status)).toEqual(['missing', 'missing']);
    await project.store.redo('ann');
    expect((await listVideos(project)).every((v) => v.status === 'ok')).toBe(true);
  });

  it('refuses to relink to a different file', async () => {
    const b = (await listVideos(project)).find((v) => v.name === 'b.webm')!;
    await expect(relinkVideo(project, ann, tools, b.id, join(root, 'moved', 'a.mp4'))).rejects.toThrow(/not the same file/);
  });

  it('stops between files when cancelled', async () => {
    const before = (await listVideos(project)).length;
    writeFileSync(join(root, 'moved', 'day1', 'late.mp4'), 'x'); // something new to probe
    const job = jobs.start({ kind: 'import', label: 'cancel' }, (control) => importVideos(project, ann, tools, [join(root, 'moved')], control));
    jobs.cancel(job.id);
    const done = await jobs.wait(job.id);
    expect(done.state).toBe('cancelled');
    expect(await listVideos(project)).toHaveLength(before);
  });
});
