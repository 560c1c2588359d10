import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Where a path leads once `..` and every symlink on the way are followed — also for a file not there
 * yet: its deepest existing folder's real path, and the rest (a symlinked folder cannot smuggle a new
 * file out).
 */
export function physical(path: string): string {
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  try {
    return join(realpathSync.native(existing), ...rest);
  } catch {
    return resolve(path);
  }
}

/** True when `child` is `parent` or lies inside it, after resolving symlinks and `..`. */
export function isPathInside(child: string, parent: string): boolean {
  const real = physical;
  const fold = (p: string): string => (process.platform === 'win32' ? p.toLowerCase() : p);
  const rel = relative(fold(real(parent)), fold(real(child)));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.startsWith(`..${sep}`));
}

/** Stored video paths are relative to the project folder with forward slashes, portable across OSes. */
export function toStoredPath(projectDir: string, absolutePath: string): string {
  return relative(projectDir, absolutePath).split(sep).join('/');
}

export function fromStoredPath(projectDir: string, storedPath: string): string {
  return resolve(projectDir, ...storedPath.split('/'));
}
