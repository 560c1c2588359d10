// package-lock.json is committed as npm writes it: a fresh `npm install` must leave it unchanged
// (before, it added the root's `bin` and better-sqlite3's `hasInstallScript`, dirtying the checkout).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const manifest = readJson(join(root, 'package.json'));
const lock = readJson(join(root, 'package-lock.json')) as { packages: Record<string, Record<string, unknown>> };

describe('package-lock.json', () => {
  it("copies the root package's fields as npm does", () => {
    const own = lock.packages['']!;
    for (const field of ['name', 'version', 'license', 'bin', 'dependencies', 'devDependencies', 'engines']) expect(own[field], field).toEqual(manifest[field]);
  });

  it('marks exactly the installed packages that have install scripts (or a binding.gyp npm builds)', () => {
    const differing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const dir = join(root, path);
      if (path === '' || entry.link || !existsSync(join(dir, 'package.json'))) continue;
      const scripts = (readJson(join(dir, 'package.json')).scripts ?? {}) as Record<string, string>;
      const hasInstallScript = ['preinstall', 'install', 'postinstall'].some((s) => s in scripts) || existsSync(join(dir, 'binding.gyp'));
      if (hasInstallScript !== (entry.hasInstallScript === true)) differing.push(path);
    }
    expect(differing).toEqual([]);
  });
});
