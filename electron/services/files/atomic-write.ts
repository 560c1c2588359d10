// Writing a file so that a crash at any moment leaves either the old file or the new one, never a
// truncated mix: a temporary file in the same folder, flushed to disk, then renamed over the target.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** `mode` sets the new file's permissions from its creation (0o600: readable by its owner only). */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode = 0o666): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = tempPath(path);
  writing.add(temp);
  try {
    const fd = openSync(temp, 'w', mode);
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    writing.delete(temp);
  }
  syncDir(dir);
}

// the process, the time and a random part: two writers of one target never share a temporary file
const tempPath = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}.tmp`);

/** The temporary files this process is writing now: a cleanup never takes one of them. */
const writing = new Set<string>();

/** A day: no write takes that long, so an older temporary file's process number belongs to another process by now. */
const ABANDONED_AFTER_MS = 24 * 3600_000;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of `names` (a folder's entries) are temporary files of `target` left behind by a writer that
 * was killed (an export of 20 MB leaves 20 MB): those of a process no longer running, those older
 * than a day, and this process's own that it is not writing (a pid reused after a crash).
 */
export function staleTemporaries(target: string, names: readonly string[], at: { now: number; pid: number; alive: (pid: number) => boolean; writing: ReadonlySet<string> }): string[] {
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(target))}\\.(\\d+)\\.(\\d+)\\.[0-9a-f]{8}\\.tmp$`);
  return names.filter((name) => {
    const match = pattern.exec(name);
    if (!match || at.writing.has(name)) return false;
    const [pid, madeAt] = [Number(match[1]), Number(match[2])];
    return pid === at.pid || at.now - madeAt > ABANDONED_AFTER_MS || !at.alive(pid);
  });
}

/** Whether a process with this number is running (one of another user's counts: it cannot be signalled, but it is there). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed writer left beside `target` (see staleTemporaries) and
 * returns their names. Called as an export starts, so a crashed export's space comes back.
 */
export async function removeStaleTemporaries(target: string): Promise<string[]> {
  const dir = dirname(target);
  const names = await readdir(dir).catch(() => []);
  const inUse = new Set([...writing].filter((temp) => dirname(temp) === dir).map((temp) => basename(temp)));
  const stale = staleTemporaries(target, names, { now: Date.now(), pid: process.pid, alive: processAlive, writing: inUse });
  for (const name of stale) await rm(join(dir, name), { force: true });
  return stale;
}

/**
 * writeFileAtomic for a long text in parts (an export), written a part at a time and synced on the
 * thread pool: the server's thread never waits on the disk, nor encodes the whole text at once.
 * With `overwrite: false` an existing file is never replaced, even one made while this was writing
 * (the error's code is then EEXIST).
 */
export async function writeFileAtomicParts(path: string, parts: readonly string[], options: { overwrite?: boolean } = {}): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = tempPath(path);
  writing.add(temp);
  try {
    const file = await open(temp, 'w');
    try {
      for (const part of parts) {
        const bytes = Buffer.from(part);
        // a write may take fewer bytes than asked (a full disk says so on the next one)
        for (let offset = 0; offset < bytes.length;) offset += (await file.write(bytes, offset, bytes.length - offset)).bytesWritten;
      }
      await file.sync();
    } finally {
      await file.close();
    }
    if (options.overwrite === false) await placeNew(temp, path);
    else await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    writing.delete(temp);
  }
  await syncDirAsync(dir);
}

/**
 * Gives the written file its name only if no file has it: a hard link fails on an existing name
 * where a rename would replace it. Where links are not possible (some file systems), a check and a
 * rename.
 */
async function placeNew(temp: string, path: string): Promise<void> {
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      throw Object.assign(new Error(`${path} already exists`), { code: 'EEXIST' });
    await rename(temp, path);
    return;
  }
  await rm(temp, { force: true });
}

async function syncDirAsync(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // as syncDir
  }
}

/** The rename itself is durable once the folder's entry is flushed (not possible on every platform). */
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a folder for syncing; its rename is already durable enough there
  }
}
