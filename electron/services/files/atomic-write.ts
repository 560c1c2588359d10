// Writing a file so that a crash at any moment leaves either the old file or the new one, never a
// truncated mix: a temporary file in the same folder, flushed to disk, then renamed over the target.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
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

const tempPath = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);

/**
 * writeFileAtomic for a long text in parts (an export), written a part at a time and synced on the
 * thread pool: the server's thread never waits on the disk, nor encodes the whole text at once.
 */
export async function writeFileAtomicParts(path: string, parts: readonly string[]): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = tempPath(path);
  try {
    const file = await open(temp, 'w');
    try {
      for (const part of parts) await file.write(part);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  syncDir(dir);
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
