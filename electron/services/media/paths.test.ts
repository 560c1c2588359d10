import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { fromStoredPath, isPathInside, toStoredPath } from './paths';

const dir = tempDir();
afterAll(() => dir.remove());

describe('path containment', () => {
  const root = join(dir.path, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(dir.path, 'outside.txt'), 'x');
  symlinkSync(join(dir.path, 'outside.txt'), join(root, 'link.txt'));

  it('accepts paths inside and the folder itself', () => {
    expect(isPathInside(join(root, 'sub', 'a.jpg'), root)).toBe(true);
    expect(isPathInside(root, root)).toBe(true);
  });
  it('rejects .. escapes, siblings with a common prefix and symlinks leading out', () => {
    expect(isPathInside(join(root, '..', 'outside.txt'), root)).toBe(false);
    expect(isPathInside(`${root}-other/a`, root)).toBe(false);
    expect(isPathInside(join(root, 'link.txt'), root)).toBe(false);
  });
  it('stores paths relative to the project with forward slashes', () => {
    expect(toStoredPath('/p/proj', '/p/proj/media/a.mp4')).toBe('media/a.mp4');
    expect(toStoredPath('/p/proj', '/p/videos/a.mp4')).toBe('../videos/a.mp4');
    expect(fromStoredPath('/p/proj', '../videos/a.mp4')).toBe('/p/videos/a.mp4');
  });
});
