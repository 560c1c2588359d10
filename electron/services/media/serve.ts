// Media by opaque id, with Range: the same answer for Electron's media:// protocol and browser mode.
import { createReadStream, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { mediaTypeFor, parseRange, rangeResponseHeaders } from '../../../shared/range';
import type { RequestContext } from '../context';
import { videoOf, videoPath } from '../videos/library';
import { isPathInside } from './paths';
import { sheetFileName, thumbnailDir } from './thumbnails';

/**
 * A video's content fingerprint on every answer for it (HEAD too): a desktop holding a file with
 * that fingerprint plays its own copy instead of streaming (electron/main/local-copies.ts).
 */
export const FINGERPRINT_HEADER = 'X-Tidemark-Fingerprint';

export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
}

function fail(status: number): MediaAnswer {
  return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: null };
}

/**
 * Where media is looked up: the project open now (media is by id, and needs no caller); on a team
 * server, `confinedTo` its media folder — a video row's path (a pushed or imported file's) leading
 * anywhere else is not served.
 */
type MediaSource = Pick<RequestContext, 'currentProject'> & { confinedTo?: string };

/** Resolves `video/<id>` or `thumbs/<id>/<sheet>` to a file the project owns; never a raw path. */
async function resolveMediaFile(source: MediaSource, route: string): Promise<{ path: string; fingerprint?: string } | { status: number; reason: string }> {
  const project = source.currentProject();
  if (!project) return { status: 404, reason: 'No project is open.' };
  let parts: string[];
  try {
    parts = route.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { status: 400, reason: 'Malformed media address.' };
  }
  const [kind, id, sheet] = parts;
  if (!id || !/^[A-Za-z0-9-]{1,64}$/.test(id)) return { status: 404, reason: 'Unknown media id.' };
  if (kind === 'video' && parts.length === 2) {
    const video = await videoOf(project, id);
    if (!video) return { status: 404, reason: 'Unknown video id.' };
    const path = videoPath(project, video);
    if (source.confinedTo !== undefined && !isPathInside(path, source.confinedTo)) return { status: 403, reason: "Outside the server's media folder." };
    return video.fingerprint === null ? { path } : { path, fingerprint: video.fingerprint };
  }
  if (kind === 'thumbs' && parts.length === 3 && sheet && /^\d{1,5}$/.test(sheet)) {
    const root = thumbnailDir(project.cacheDir, id);
    const path = join(root, sheetFileName(Number(sheet)));
    // ids and sheet numbers are pattern-checked above; containment guards against symlinks too
    if (!isPathInside(path, project.cacheDir)) return { status: 403, reason: 'Outside the project cache.' };
    return { path };
  }
  return { status: 404, reason: 'Unknown media route.' };
}

export async function answerMedia(source: MediaSource, route: string, rangeHeader: string | null | undefined): Promise<MediaAnswer> {
  const resolved = await resolveMediaFile(source, route);
  if ('status' in resolved) return fail(resolved.status);
  const answer = answerFile(resolved.path, rangeHeader);
  if (resolved.fingerprint !== undefined && answer.status !== 404 && answer.status !== 415) answer.headers[FINGERPRINT_HEADER] = resolved.fingerprint;
  return answer;
}

/** A media file on this computer (a project's video, or a desktop's own copy of a server's), with Range. */
export function answerFile(path: string, rangeHeader: string | null | undefined): MediaAnswer {
  const contentType = mediaTypeFor(basename(path));
  if (!contentType) return fail(415);
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return fail(404);
    size = stat.size;
  } catch {
    return fail(404);
  }
  const answer = rangeResponseHeaders(parseRange(rangeHeader, size), size, contentType);
  const body = answer.status === 416 || size === 0 ? null : createReadStream(path, { start: answer.start, end: answer.end });
  return { status: answer.status, headers: answer.headers, body };
}
