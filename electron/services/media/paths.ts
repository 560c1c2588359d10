import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** True when `child` is `parent` or lies inside it, after resolving symlinks and `..`. */
export function isPathInside(child: string, parent: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync.native(p);
    } catch {
      return resolve(p);
    }
  };
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
