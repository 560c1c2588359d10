import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { writeFileAtomic } from './atomic-write';

const dir = tempDir();
const driver = join(dir.path, 'driver.mjs');

beforeAll(async () => {
  // a child process that rewrites the target with the real writer, so it can be killed mid-write
  writeFileSync(join(dir.path, 'driver.ts'), `import { writeFileAtomic } from ${JSON.stringify(join(__dirname, 'atomic-write.ts'))};
const [target, letter] = process.argv.slice(2);
process.stdout.write('ready\\n');
for (;;) writeFileAtomic(target, letter.repeat(24 * 1024 * 1024));
`);
  await build({ entryPoints: [join(dir.path, 'driver.ts')], bundle: true, platform: 'node', format: 'esm', outfile: driver, logLevel: 'silent' });
});
afterAll(() => dir.remove());

describe('writeFileAtomic', () => {
  it('replaces a file whole', () => {
    const target = join(dir.path, 'a.txt');
    writeFileAtomic(target, 'first');
    writeFileAtomic(target, 'second');
    expect(readFileSync(target, 'utf8')).toBe('second');
    expect(readdirSync(dir.path).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves the old file or the new one, never a truncated mix, when the writer is killed mid-write', async () => {
    const target = join(dir.path, 'export.jsonl');
    const old = 'o'.repeat(24 * 1024 * 1024);
    writeFileSync(target, old);
    for (let round = 0; round < 10; round++) {
      const child = spawn(process.execPath, [driver, target, 'n'], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const text = readFileSync(target, 'utf8');
      expect(text.length).toBe(old.length);
      expect(text === old || text === 'n'.repeat(old.length)).toBe(true);
    }
  }, 60_000);
});
