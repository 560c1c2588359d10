import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { writeFileAtomic, writeFileAtomicParts } from './atomic-write';
import { LineParts } from './text-parts';

const dir = tempDir();
const driver = join(dir.path, 'driver.mjs');

beforeAll(async () => {
  // a child process that rewrites the target with the real writer, so it can be killed mid-write
  writeFileSync(join(dir.path, 'driver.ts'), `import { writeFileAtomic, writeFileAtomicParts } from ${JSON.stringify(join(__dirname, 'atomic-write.ts'))};
const [target, letter, inParts] = process.argv.slice(2);
process.stdout.write('ready\\n');
if (inParts) for (;;) await writeFileAtomicParts(target, Array.from({ length: 24 }, () => letter.repeat(1024 * 1024)));
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

  it.each([['whole', ''], ['in parts', 'parts']])('leaves the old file or the new one, never a truncated mix, when the writer is killed mid-write (%s)', async (_, inParts) => {
    const target = join(dir.path, `export-${inParts}.jsonl`);
    const old = 'o'.repeat(24 * 1024 * 1024);
    writeFileSync(target, old);
    for (let round = 0; round < 10; round++) {
      const child = spawn(process.execPath, [driver, target, 'n', inParts], { stdio: ['ignore', 'pipe', 'inherit'] });
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

describe('writeFileAtomicParts', () => {
  it('writes the parts one after another over the old file, leaving no temporary file', async () => {
    const target = join(dir.path, 'parts.txt');
    writeFileSync(target, 'old and longer than the new');
    await writeFileAtomicParts(target, ['a line é\n', '', 'and 😀 another\n']);
    expect(readFileSync(target, 'utf8')).toBe('a line é\nand 😀 another\n');
    await writeFileAtomicParts(join(dir.path, 'new-folder', 'empty.txt'), []);
    expect(readFileSync(join(dir.path, 'new-folder', 'empty.txt'), 'utf8')).toBe('');
    // (the killed writers above leave theirs behind, as a crash would)
    expect(readdirSync(dir.path).filter((f) => f.startsWith('.parts.txt'))).toEqual([]);
  });
});

describe('writeFileAtomicParts without overwriting', () => {
  it('writes a new file, and never replaces one that is there (EEXIST), leaving no temporary file', async () => {
    const target = join(dir.path, 'kept.txt');
    await writeFileAtomicParts(target, ['first\n'], { overwrite: false });
    expect(readFileSync(target, 'utf8')).toBe('first\n');
    await expect(writeFileAtomicParts(target, ['second\n'], { overwrite: false })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(target, 'utf8')).toBe('first\n');
    expect(readdirSync(dir.path).filter((f) => f.startsWith('.kept.txt'))).toEqual([]);
  });
});

describe('LineParts', () => {
  it('makes parts of a thousand lines whose concatenation is the lines, a newline after each', () => {
    for (const count of [0, 1, 999, 1000, 1001, 2500]) {
      const lines = Array.from({ length: count }, (_, i) => `{"n": ${i}}`);
      const parts = new LineParts();
      for (const line of lines) parts.push(line);
      const made = parts.done();
      expect(made.join('')).toBe(lines.map((l) => `${l}\n`).join(''));
      expect(made).toHaveLength(Math.ceil(count / 1000));
    }
  });
});
