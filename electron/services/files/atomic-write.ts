// Writing a file so that a crash at any moment leaves either the old file or the new one, never a
// truncated mix: a temporary file in the same folder, flushed to disk, then renamed over the target.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** `mode` sets the new file's permissions from its creation (0o600: readable by its owner only). */
export function writeFileAtomic(path: string, content: string | Uint8Array, mode = 0o666): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = tempPath(path);
  try {
    const fd = openSync(temp, 'w', mode);
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDir(dir);
}

// the process, the time and a random part: two writers of one target never share a temporary file
const tempPath = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}.tmp`);

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
  try {
    const file = await open(temp, 'w');
    try {
      for (const part of parts) {
        const bytes = Buffer.from(part);
        // a write may take fewer bytes than asked (a full disk says so on the next one)
        for (let offset = 0; offset < bytes.length; ) offset += (await file.write(bytes, offset, bytes.length - offset)).bytesWritten;
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
    if (await stat(path).then(() => true, () => false)) throw Object.assign(new Error(`${path} already exists`), { code: 'EEXIST' });
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
