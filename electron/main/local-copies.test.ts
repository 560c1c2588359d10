import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintFile } from '../services/media/fingerprint';
import { tempDir } from '../services/test-support/fixtures';
import { fingerprintFromHead, isTeamVideoRequest, LocalCopies } from './local-copies';

const dir = tempDir();
afterAll(() => dir.remove());

let folderCount = 0;
/** A folder of "videos" (any bytes do: the fingerprint reads bytes, not frames) and its cache file. */
function dataset(files: Record<string, string>): { folder: string; cache: string } {
  const folder = join(dir.path, `set-${++folderCount}`);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(folder, name, '..'), { recursive: true });
    writeFileSync(join(folder, name), content);
  }
  return { folder, cache: join(dir.path, `cache-${folderCount}.json`) };
}

/** LocalCopies with its fingerprinting counted and its warnings kept. */
function copiesOf(cache: string, folders: string[]) {
  const fingerprinted: string[] = [];
  const warnings: string[] = [];
  const copies = new LocalCopies({
    cachePath: cache,
    folders: () => folders,
    fingerprint: (path) => {
      fingerprinted.push(path);
      return fingerprintFile(path);
    },
    warn: (message) => warnings.push(message),
  });
  return { copies, fingerprinted, warnings };
}

describe('LocalCopies', () => {
  it('finds a video by its content fingerprint in the folders and their subfolders, and nothing else', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA', 'deep/er/b.webm': 'BBBB', 'notes.txt': 'CCCC' });
    const { copies, fingerprinted } = copiesOf(cache, [folder]);
    expect(await copies.find(fingerprintFile(join(folder, 'deep/er/b.webm')).fingerprint)).toBe(join(folder, 'deep/er/b.webm'));
    expect(await copies.find(fingerprintFile(join(folder, 'a.mp4')).fingerprint)).toBe(join(folder, 'a.mp4'));
    // not a video by its name: never fingerprinted, never found
    expect(await copies.find(fingerprintFile(join(folder, 'notes.txt')).fingerprint)).toBeNull();
    expect(fingerprinted.sort()).toEqual([join(folder, 'a.mp4'), join(folder, 'deep/er/b.webm')]);
  });

  it('re-checks the file before answering: a changed file is no copy, a touched one with the same content still is', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA', 'b.mp4': 'BBBB', 'c.mp4': 'CCCC' });
    const { copies } = copiesOf(cache, [folder]);
    const [a, b, c] = ['a.mp4', 'b.mp4', 'c.mp4'].map((name) => fingerprintFile(join(folder, name)).fingerprint);
    expect(await copies.find(a!)).toBe(join(folder, 'a.mp4'));
    writeFileSync(join(folder, 'a.mp4'), 'AAAA-and-more');
    expect(await copies.find(a!)).toBeNull();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(folder, 'b.mp4'), later, later);
    expect(await copies.find(b!)).toBe(join(folder, 'b.mp4'));
    rmSync(join(folder, 'c.mp4'));
    expect(await copies.find(c!)).toBeNull();
  });

  it('keeps fingerprints in a cache file by path, size and modification time: a second start reads only what changed', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA', 'b.mp4': 'BBBB' });
    const first = copiesOf(cache, [folder]);
    const a = fingerprintFile(join(folder, 'a.mp4')).fingerprint;
    expect(await first.copies.find(a)).toBe(join(folder, 'a.mp4'));
    expect(first.fingerprinted).toHaveLength(2);
    expect(Object.keys(JSON.parse(readFileSync(cache, 'utf8')).files).sort()).toEqual([join(folder, 'a.mp4'), join(folder, 'b.mp4')]);

    writeFileSync(join(folder, 'b.mp4'), 'BBBB-changed');
    const second = copiesOf(cache, [folder]);
    expect(await second.copies.find(a)).toBe(join(folder, 'a.mp4'));
    expect(second.fingerprinted).toEqual([join(folder, 'b.mp4')]);
    expect(second.warnings).toEqual([]);
  });

  it('rebuilds a cache file it cannot read, saying which file and why, instead of failing', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA' });
    const a = fingerprintFile(join(folder, 'a.mp4')).fingerprint;
    writeFileSync(cache, '{not json');
    const broken = copiesOf(cache, [folder]);
    expect(await broken.copies.find(a)).toBe(join(folder, 'a.mp4'));
    expect(broken.warnings).toEqual([expect.stringMatching(new RegExp(`^${cache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not JSON .*rebuilt`))]);

    writeFileSync(cache, JSON.stringify({ version: 1, files: { [join(folder, 'a.mp4')]: { size: -1, mtimeMs: 0, fingerprint: 'x' } } }));
    const wrong = copiesOf(cache, [folder]);
    expect(await wrong.copies.find(a)).toBe(join(folder, 'a.mp4'));
    expect(wrong.warnings).toEqual([expect.stringMatching(/a\.mp4.*size.*rebuilt/)]);
    // and the file is good again
    const again = copiesOf(cache, [folder]);
    expect(await again.copies.find(a)).toBe(join(folder, 'a.mp4'));
    expect(again.fingerprinted).toEqual([]);
    expect(again.warnings).toEqual([]);
  });

  it('follows the setting: a folder added later is searched, a missing folder is skipped with a warning', async () => {
    const one = dataset({ 'a.mp4': 'AAAA' });
    const two = dataset({ 'b.mp4': 'BBBB' });
    const folders = [one.folder, join(dir.path, 'unplugged-drive')];
    const { copies, warnings } = copiesOf(one.cache, folders);
    const b = fingerprintFile(join(two.folder, 'b.mp4')).fingerprint;
    expect(await copies.find(b)).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('unplugged-drive')]);
    folders.push(two.folder);
    expect(await copies.find(b)).toBe(join(two.folder, 'b.mp4'));
  });

  it('scans a new file after a miss only once the last scan is old enough', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA' });
    let now = 0;
    const copies = new LocalCopies({ cachePath: cache, folders: () => [folder], now: () => now, rescanAfterMs: 30_000, warn: () => {} });
    await copies.find('0'.repeat(32));
    writeFileSync(join(folder, 'new.mp4'), 'NEW!');
    const added = fingerprintFile(join(folder, 'new.mp4')).fingerprint;
    now = 10_000;
    expect(await copies.find(added)).toBeNull();
    now = 40_000;
    expect(await copies.find(added)).toBe(join(folder, 'new.mp4'));
  });

  it('lets the main process run between any two files it fingerprints, however many there are', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`clip-${i}.mp4`] = `content ${i}`;
    const { folder, cache } = dataset(files);
    // the event loop's turns, counted by a callback that queues itself again each turn
    let turns = 0;
    let counting = true;
    const count = (): void => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // the turn each fingerprint was made in: two in one turn would be work held back-to-back
    const madeIn: number[] = [];
    const fingerprint = (path: string) => {
      madeIn.push(turns);
      return fingerprintFile(path);
    };
    try {
      const copies = new LocalCopies({ cachePath: cache, folders: () => [folder], fingerprint, warn: () => {} });
      expect(await copies.find(fingerprintFile(join(folder, 'clip-39.mp4')).fingerprint)).toBe(join(folder, 'clip-39.mp4'));
    } finally {
      counting = false;
    }
    expect(madeIn).toHaveLength(40);
    expect(new Set(madeIn).size).toBe(40);
  });

  it('scans once for callers that ask at the same time', async () => {
    const { folder, cache } = dataset({ 'a.mp4': 'AAAA', 'b.mp4': 'BBBB' });
    const { copies, fingerprinted } = copiesOf(cache, [folder]);
    const [a, b] = await Promise.all(['a.mp4', 'b.mp4'].map((name) => copies.find(fingerprintFile(join(folder, name)).fingerprint)));
    expect([a, b]).toEqual([join(folder, 'a.mp4'), join(folder, 'b.mp4')]);
    expect(fingerprinted).toHaveLength(2);
  });
});

describe('which requests of a team window may be answered from a local copy', () => {
  it('is a GET of one of its server’s videos, not a filmstrip, not another origin', () => {
    const origin = 'https://team.example.org';
    expect(isTeamVideoRequest('GET', 'https://team.example.org/p/alpha/media/video/0b6f-42', origin)).toBe(true);
    expect(isTeamVideoRequest('GET', 'https://team.example.org/p/alpha/media/video/0b6f-42?t=1', origin)).toBe(true);
    expect(isTeamVideoRequest('HEAD', 'https://team.example.org/p/alpha/media/video/0b6f-42', origin)).toBe(false);
    expect(isTeamVideoRequest('GET', 'https://team.example.org/p/alpha/media/thumbs/0b6f-42/0', origin)).toBe(false);
    expect(isTeamVideoRequest('GET', 'https://team.example.org/p/alpha/api/videos.list', origin)).toBe(false);
    expect(isTeamVideoRequest('GET', 'https://other.example.org/p/alpha/media/video/0b6f-42', origin)).toBe(false);
    expect(isTeamVideoRequest('GET', 'not a url', origin)).toBe(false);
  });

  it('takes the fingerprint from a member’s HEAD answer only', () => {
    const fingerprint = '0123456789abcdef0123456789abcdef';
    expect(fingerprintFromHead(200, fingerprint)).toBe(fingerprint);
    expect(fingerprintFromHead(206, fingerprint)).toBe(fingerprint);
    expect(fingerprintFromHead(401, fingerprint)).toBeNull();
    expect(fingerprintFromHead(403, fingerprint)).toBeNull();
    expect(fingerprintFromHead(200, null)).toBeNull();
    expect(fingerprintFromHead(200, '../../etc/passwd')).toBeNull();
  });
});
