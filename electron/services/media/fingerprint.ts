import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const SAMPLE = 1024 * 1024;

/**
 * A content fingerprint that stays fast on multi-gigabyte files: SHA-256 over the size, the first
 * and the last MiB. It identifies the same file after a move or rename; it is not a security hash.
 */
export function fingerprintFile(path: string): { fingerprint: string; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const hash = createHash('sha256').update(`tidemark-v1:${size}:`);
    const buffer = Buffer.alloc(Math.min(SAMPLE, size));
    const headBytes = readSync(fd, buffer, 0, buffer.length, 0);
    hash.update(buffer.subarray(0, headBytes));
    if (size > SAMPLE) {
      const tailStart = Math.max(SAMPLE, size - SAMPLE);
      const tail = Buffer.alloc(size - tailStart);
      const tailBytes = readSync(fd, tail, 0, tail.length, tailStart);
      hash.update(tail.subarray(0, tailBytes));
    }
    return { fingerprint: hash.digest('hex').slice(0, 32), size };
  } finally {
    closeSync(fd);
  }
}
