// The video store on both engines, through its interface (VideoStore, and VideoWrites inside an edit).
import { describe, expect, it } from 'vitest';
import type { Project } from '../projects/project';
import { ENGINES, newProjectEachTest } from '../test-support/project';
import { newLocaleProjectEachTest } from '../test-support/postgres-locale';
import type { NewVideo } from '../videos/store';

const probed = (id: string, name: string, fingerprint = `fp-${id}`): NewVideo => ({
  id,
  name,
  relPath: `media/${name}`,
  fingerprint,
  fileSize: 100,
  duration: 12.5,
  fps: 29.97,
  fpsRational: '30000/1001',
  variableFps: true,
  width: 640,
  height: 360,
  codec: 'h264',
  audioCodec: null,
  container: 'mp4',
});
const stored = (v: NewVideo, addedAt: string) => ({ ...v, sourceDataset: null, licenceNote: null, segmentOffset: 0, tags: [], addedAt });

/** The library's order, as SQLite's `name COLLATE NOCASE, added_at` gives it. */
async function namesInByteOrder(project: Project): Promise<void> {
  const names = ['B.mp4', 'a.mp4', '_b.mp4', '9.mp4', 'a-1.mp4', '10.mp4'];
  await project.edit('ann', 'Import', (w) =>
    w.videos.add(
      names.map((name, i) => probed(`v${i}`, name)),
      't',
    ),
  );
  // `_` (0x5f) sorts before `b` (folded from `B`), `-` before `.`, `1` before `9`: no locale's rules
  expect((await project.stores.videos.list()).map((v) => v.name)).toEqual(['10.mp4', '9.mp4', '_b.mp4', 'a-1.mp4', 'a.mp4', 'B.mp4']);
  await project.edit('ann', 'Import twins', (w) => w.videos.add([probed('z', 'twin.mp4'), probed('y', 'Twin.mp4'), probed('x', 'twin.mp4')], 't'));
  await project.edit('ann', 'Tag', (w) => w.videos.update('z', { tags: ['first'] }));
  expect((await project.stores.videos.list()).slice(-3).map((v) => v.id)).toEqual(['z', 'y', 'x']);
}

describe.each(ENGINES)('the video store (%s)', (engine) => {
  let project: Project;
  newProjectEachTest((p) => void (project = p), engine);

  it('adds probed videos and lists them by name (case aside), then by when added; gets one by id, fingerprint or path', async () => {
    const [b, a, a2] = [probed('1', 'b.mp4'), probed('2', 'A.mp4'), probed('3', 'a.mp4')];
    await project.edit('ann', 'Import', (w) => w.videos.add([b, a], 't1'));
    await project.edit('ann', 'Import', (w) => w.videos.add([a2], 't2'));
    expect((await project.stores.videos.list()).map((v) => v.id)).toEqual(['2', '3', '1']);
    expect(await project.stores.videos.get('1')).toEqual(stored(b, 't1'));
    expect((await project.stores.videos.byFingerprint('fp-3'))?.id).toBe('3');
    expect((await project.stores.videos.atPath('media/A.mp4'))?.id).toBe('2');
    expect(await project.stores.videos.get('none')).toBeNull();
    expect(await project.stores.videos.byFingerprint('none')).toBeNull();
    expect(await project.stores.videos.count()).toBe(3);
  });

  it("orders names byte by byte after folding ASCII case (SQLite's NOCASE), ties in the order added, an update keeping its place", () => namesInByteOrder(project));

  it('adds a placeholder: nothing known of it but its name and path', async () => {
    await project.edit('ann', 'Import file', (w) => w.videos.addPlaceholder({ id: 'p', name: 'gone.mp4', relPath: 'media/gone.mp4' }, 't'));
    expect(await project.stores.videos.get('p')).toMatchObject({ fingerprint: null, duration: null, fileSize: 0, fps: 0, relPath: 'media/gone.mp4' });
  });

  it('updates the fields it is given (typed: a flag, a list), undone and redone', async () => {
    await project.edit('ann', 'Import', (w) => w.videos.add([probed('1', 'b.mp4')], 't'));
    const before = await project.stores.videos.get('1');
    expect(await project.edit('ann', 'Tag', (w) => w.videos.update('1', { relPath: 'moved/b.mp4', variableFps: false, tags: ['kitchen', 'day 1'] }))).toBe(true);
    expect(await project.stores.videos.get('1')).toEqual({ ...before, relPath: 'moved/b.mp4', variableFps: false, tags: ['kitchen', 'day 1'] });
    expect((await project.store.undo('ann'))?.label).toBe('Tag');
    expect(await project.stores.videos.get('1')).toEqual(before);
    await project.store.redo('ann');
    expect((await project.stores.videos.get('1'))?.tags).toEqual(['kitchen', 'day 1']);
    expect(await project.edit('ann', 'Tag', (w) => w.videos.update('none', { tags: [] }))).toBe(false);
  });

  it('removes a video with where it was left; undo brings both back', async () => {
    await project.edit('ann', 'Import', (w) => w.videos.add([probed('1', 'b.mp4')], 't'));
    await project.store.saveViewState('1', { position: 3, viewStart: 1, pxPerSec: 40 });
    expect(await project.stores.videos.views()).toEqual({ 1: { position: 3, viewStart: 1, pxPerSec: 40 } });
    await project.edit('ann', 'Remove', (w) => w.videos.remove('1'));
    expect(await project.stores.videos.list()).toEqual([]);
    expect(await project.stores.videos.views()).toEqual({});
    await project.store.undo('ann');
    expect((await project.stores.videos.get('1'))?.name).toBe('b.mp4');
    expect(await project.stores.videos.views()).toEqual({ 1: { position: 3, viewStart: 1, pxPerSec: 40 } });
  });

  it('undoes an import of videos: they go with one undo', async () => {
    await project.edit('ann', 'Import 2 videos', (w) => w.videos.add([probed('1', 'a.mp4'), probed('2', 'b.mp4')], 't'));
    expect((await project.store.undo('ann'))?.label).toBe('Import 2 videos');
    expect(await project.stores.videos.count()).toBe(0);
  });

  it('copies a video as another project keeps it, every field as it is', async () => {
    const kept = { ...stored(probed('1', 'b.mp4'), 't0'), sourceDataset: 'Ego4D', licenceNote: 'CC BY 4.0', segmentOffset: 12.5, tags: ['kitchen'] };
    await project.edit('ann', 'Package', (w) => w.videos.copy([kept]));
    expect(await project.stores.videos.get('1')).toEqual(kept);
    await project.store.undo('ann');
    expect(await project.stores.videos.get('1')).toBeNull();
  });

  it('reads inside an edit see its writes', async () => {
    await project.edit('ann', 'Import', async (w) => {
      await w.videos.add([probed('1', 'a.mp4')], 't');
      expect((await w.videos.byFingerprint('fp-1'))?.id).toBe('1');
      expect(await project.stores.videos.count()).toBe(0);
    });
  });
});

describe('the video store on a database that orders text by a language (ICU en-US)', () => {
  let project: Project;
  newLocaleProjectEachTest((p) => void (project = p));

  it('still orders names byte by byte after folding ASCII case', () => namesInByteOrder(project));
});
