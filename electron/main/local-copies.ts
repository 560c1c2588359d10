// The desktop's own copies of a team server's videos (no electron import, so it is unit-tested under
// Node). The "Local video folders" setting names folders on this computer; their videos are indexed
// by content fingerprint (fingerprintFile), kept in a cache file by path, size and modification time
// so a restart reads only new or changed files. A team window asks the server for a video's
// fingerprint (a HEAD, as the signed-in member) and plays the local file when there is one.
import { existsSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { mediaTypeFor } from '../../shared/range';
import { describeZodIssue } from '../../shared/zod-issue';
import { writeFileAtomic } from '../services/files/atomic-write';
import { fingerprintFile } from '../services/media/fingerprint';

const cachedFile = z.object({
  size: z.number().int().nonnegative(),
  mtimeMs: z.number().nonnegative(),
  fingerprint: z.string().regex(/^[0-9a-f]{32}$/),
});
type CachedFile = z.infer<typeof cachedFile>;
const cacheSchema = z.object({ version: z.literal(1), files: z.record(z.string(), cachedFile) });

/** What a server may send as a fingerprint; anything else is no fingerprint (never a path, never long). */
const FINGERPRINT = /^[A-Za-z0-9_:-]{8,128}$/;

/** A GET of one of its own server's videos by id: the only request a team window may answer locally. */
export function isTeamVideoRequest(method: string, url: string, serverOrigin: string): boolean {
  if (method !== 'GET') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.origin === serverOrigin && /^\/p\/[^/]+\/media\/video\/[^/]+$/.test(parsed.pathname);
}

/** The fingerprint a server's HEAD answer gives, if it answered as to a member (a refusal gives none). */
export function fingerprintFromHead(status: number, header: string | null): string | null {
  return (status === 200 || status === 206) && header !== null && FINGERPRINT.test(header) ? header : null;
}

export interface LocalCopiesOptions {
  /** The cache file (in the data folder). */
  cachePath: string;
  /** The setting's folders, read at each scan: a changed setting is followed. */
  folders: () => string[];
  fingerprint?: (path: string) => { fingerprint: string; size: number };
  warn?: (message: string) => void;
  now?: () => number;
  /** After a miss, the folders are searched again once the last scan is this old (a file copied in since). */
  rescanAfterMs?: number;
}

export class LocalCopies {
  private readonly fingerprint: (path: string) => { fingerprint: string; size: number };
  private readonly warn: (message: string) => void;
  private readonly now: () => number;
  private readonly rescanAfterMs: number;
  /** path → what was read of it; null until the cache file is read. */
  private files: Map<string, CachedFile> | null = null;
  /** fingerprint → the paths holding that content. */
  private byFingerprint = new Map<string, string[]>();
  private lastScan: { folders: string; at: number } | null = null;
  private scanning: Promise<void> | null = null;

  constructor(private readonly options: LocalCopiesOptions) {
    this.fingerprint = options.fingerprint ?? fingerprintFile;
    this.warn = options.warn ?? ((message) => console.warn(`[tidemark] ${message}`));
    this.now = options.now ?? Date.now;
    this.rescanAfterMs = options.rescanAfterMs ?? 30_000;
  }

  /** The path of a file on this computer with content `fingerprint`, checked just now; or null. */
  async find(fingerprint: string): Promise<string | null> {
    const folders = JSON.stringify(this.options.folders());
    if (this.lastScan?.folders !== folders) await this.scan();
    const found = await this.check(fingerprint);
    if (found !== null || this.lastScan === null || this.now() - this.lastScan.at < this.rescanAfterMs) return found;
    await this.scan();
    return this.check(fingerprint);
  }

  /** The first candidate still there with the size and time it was read at (or, touched, the same content). */
  private async check(fingerprint: string): Promise<string | null> {
    for (const path of this.byFingerprint.get(fingerprint) ?? []) {
      const known = this.files?.get(path);
      const now = await stat(path).catch(() => null);
      if (!known || !now?.isFile()) continue;
      if (now.size === known.size && now.mtimeMs === known.mtimeMs) return path;
      const read = this.read(path, now.size, now.mtimeMs);
      if (read?.fingerprint === fingerprint) return path;
    }
    return null;
  }

  /** Fingerprints a file and indexes it; null when it cannot be read (gone, no permission). */
  private read(path: string, size: number, mtimeMs: number): CachedFile | null {
    let entry: CachedFile;
    try {
      entry = { size, mtimeMs, fingerprint: this.fingerprint(path).fingerprint };
    } catch {
      return null;
    }
    this.files?.set(path, entry);
    this.index(path, entry.fingerprint);
    return entry;
  }

  private index(path: string, fingerprint: string): void {
    for (const [key, paths] of this.byFingerprint) {
      const rest = paths.filter((p) => p !== path);
      if (rest.length === 0) this.byFingerprint.delete(key);
      else if (rest.length !== paths.length) this.byFingerprint.set(key, rest);
    }
    this.byFingerprint.set(fingerprint, [...(this.byFingerprint.get(fingerprint) ?? []), path]);
  }

  /** One scan at a time: callers during a scan wait for it. */
  private scan(): Promise<void> {
    this.scanning ??= this.scanFolders().finally(() => (this.scanning = null));
    return this.scanning;
  }

  private async scanFolders(): Promise<void> {
    const folderList = this.options.folders();
    const known = (this.files ??= this.readCache());
    const seen = new Map<string, CachedFile>();
    const byFingerprint = new Map<string, string[]>();
    for (const path of await this.videosIn(folderList)) {
      // awaited file by file: the main process (windows, IPC) runs between two files, each
      // fingerprint being two MiB read, so a scan of thousands of videos never holds it for long
      const now = await stat(path).catch(() => null);
      if (!now?.isFile()) continue;
      const cached = known.get(path);
      let entry: CachedFile | null = cached && cached.size === now.size && cached.mtimeMs === now.mtimeMs ? cached : null;
      if (!entry) {
        try {
          entry = { size: now.size, mtimeMs: now.mtimeMs, fingerprint: this.fingerprint(path).fingerprint };
        } catch {
          continue; // unreadable: not a copy this time
        }
      }
      seen.set(path, entry);
      byFingerprint.set(entry.fingerprint, [...(byFingerprint.get(entry.fingerprint) ?? []), path]);
    }
    this.files = seen;
    this.byFingerprint = byFingerprint;
    this.lastScan = { folders: JSON.stringify(folderList), at: this.now() };
    try {
      writeFileAtomic(this.options.cachePath, JSON.stringify({ version: 1, files: Object.fromEntries(seen) }));
    } catch (error) {
      this.warn(`${this.options.cachePath}: the local copies' fingerprints were not saved (${error instanceof Error ? error.message : String(error)}); they are read again at the next start`);
    }
  }

  /** Every file with a video's name under the folders (symlinked folders are not followed: no loops). */
  private async videosIn(folders: string[]): Promise<string[]> {
    const found: string[] = [];
    const pending = [...folders];
    for (let folder = pending.shift(); folder !== undefined; folder = pending.shift()) {
      const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        // a top folder missing is worth saying (an unplugged drive); a subfolder vanishing mid-scan is not
        if (folders.includes(folder!)) this.warn(`Local video folder ${folder} could not be read (${error.code ?? error.message}); its videos are streamed from the server`);
        return [];
      });
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) pending.push(path);
        else if ((entry.isFile() || entry.isSymbolicLink()) && mediaTypeFor(entry.name)?.startsWith('video/')) found.push(path);
      }
    }
    return found;
  }

  /** The cache file's entries; one that cannot be read is rebuilt (it only saves time), and says so. */
  private readCache(): Map<string, CachedFile> {
    const path = this.options.cachePath;
    if (!existsSync(path)) return new Map();
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      this.warn(`${path}: not JSON (${error instanceof Error ? error.message : String(error)}); the local copies' fingerprints are rebuilt`);
      return new Map();
    }
    const parsed = cacheSchema.safeParse(json);
    if (!parsed.success) {
      this.warn(`${describeZodIssue(path, parsed.error)}; the local copies' fingerprints are rebuilt`);
      return new Map();
    }
    return new Map(Object.entries(parsed.data.files));
  }
}
