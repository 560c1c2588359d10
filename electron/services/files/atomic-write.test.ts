import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures';
import { removeStaleTemporaries, staleTemporaries, writeFileAtomic, writeFileAtomicParts } from './atomic-write';
import { LineParts } from './text-parts';

const dir = tempDir();
const driver = join(dir.path, 'driver.mjs');

beforeAll(async () => {
  // a child process that rewrites the target with the real writer, so it can be killed mid-write
  writeFileSync(
    join(dir.path, 'driver.ts'),
    `import { writeFileAtomic, writeFileAtomicParts } from ${JSON.stringify(join(__dirname, 'atomic-write.ts'))};
const [target, letter, inParts] = process.argv.slice(2);
process.stdout.write('ready\\n');
if (inParts) for (;;) await writeFileAtomicParts(target, Array.from({ length: 24 }, () => letter.repeat(1024 * 1024)));
for (;;) writeFileAtomic(target, letter.repeat(24 * 1024 * 1024));
`,
  );
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

  it.each([
    ['whole', ''],
    ['in parts', 'parts'],
  ])(
    'leaves the old file or the new one, never a truncated mix, when the writer is killed mid-write (%s)',
    async (_, inParts) => {
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
    },
    60_000,
  );
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

describe('temporary files left by a writer that was killed', () => {
  const HOUR = 3600_000;
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('are those of the target whose process is gone, or older than a day, and never one being written', () => {
    const names = [
      '.out.jsonl.100.' + (now - HOUR) + '.0a1b2c3d.tmp', // its process is gone
      '.out.jsonl.200.' + (now - HOUR) + '.0a1b2c3d.tmp', // its process is still writing it
      '.out.jsonl.200.' + (now - 25 * HOUR) + '.0a1b2c3d.tmp', // older than a day: the number is another process's by now
      '.out.jsonl.300.' + (now - HOUR) + '.ffffffff.tmp', // this process's, not being written: left by a write that failed
      '.out.jsonl.300.' + (now - HOUR) + '.00000000.tmp', // this process is writing it
      '.other.jsonl.100.' + (now - HOUR) + '.0a1b2c3d.tmp', // another target's
      '.out.jsonl.100.notes.tmp',
      'out.jsonl',
    ];
    const alive = (pid: number): boolean => pid !== 100;
    const writing = new Set(['.out.jsonl.300.' + (now - HOUR) + '.00000000.tmp']);
    expect(staleTemporaries('out.jsonl', names, { now, pid: 300, alive, writing })).toEqual([names[0], names[2], names[3]]);
  });

  it('are removed beside the target, others left alone', async () => {
    const folder = join(dir.path, 'stale');
    const target = join(folder, 'export.jsonl');
    await writeFileAtomicParts(target, ['kept\n']);
    // a process that has ended, and one that is running (this test's parent)
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const left = `.export.jsonl.${gone}.${Date.now() - 60_000}.0a1b2c3d.tmp`;
    const running = `.export.jsonl.${process.ppid}.${Date.now() - 60_000}.0a1b2c3d.tmp`;
    const ancient = `.export.jsonl.${process.ppid}.${Date.now() - 48 * 3600_000}.0a1b2c3d.tmp`;
    for (const name of [left, running, ancient, 'notes.txt']) writeFileSync(join(folder, name), 'x'.repeat(1000));
    utimesSync(join(folder, ancient), new Date(Date.now() - 48 * 3600_000), new Date(Date.now() - 48 * 3600_000));
    expect((await removeStaleTemporaries(target)).sort()).toEqual([ancient, left].sort());
    expect(readdirSync(folder).sort()).toEqual([running, 'export.jsonl', 'notes.txt'].sort());
    expect(await removeStaleTemporaries(join(dir.path, 'no-such-folder', 'x.jsonl'))).toEqual([]);
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
