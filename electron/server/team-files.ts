// Which files on the server a team server's call may name: only those inside its media folder
// (--media-root), wherever a symlink in it points — and a call that writes a file (an export, a review
// package) only into its exports/ folder, so no member writes over the team's videos. A relative path
// is taken from the media folder; the call is given the absolute path (the services would otherwise
// take it from the server's working directory). On the way out, a missing video is named by its place
// in the media folder: the server's own paths mean nothing to members, and are not theirs to see.
import { mkdirSync, realpathSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { ApiMethod } from '../../shared/api-methods';
import { isPathInside, physical } from '../services/media/paths';

/** The request fields that name files on the server (checked against every contract method's request). */
const PATH_FIELDS = ['path', 'paths', 'mediaDir'] as const;

/** Methods that write the file their `path` names. */
const WRITES_FILE: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['exchange.export', 'packages.export']);

/** The payload with its file paths made absolute inside the media folder, or why it is refused. */
export function confineFiles(method: ApiMethod, payload: unknown, mediaRoot: string | undefined): { payload: unknown } | { refusal: string } {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { payload };
  const fields = PATH_FIELDS.filter((f) => (payload as Record<string, unknown>)[f] !== undefined);
  if (fields.length === 0) return { payload };
  if (!mediaRoot) return { refusal: 'This server was started without a media folder (--media-root): calls cannot name files on it.' };
  const root = realpathSync(mediaRoot);
  const exports = join(root, 'exports');
  const place = (path: unknown, field: string): string | { refusal: string } => {
    if (typeof path !== 'string') return { refusal: `${field}: a path` };
    const full = physical(resolve(root, path));
    const writes = WRITES_FILE.has(method) && field === 'path';
    if (writes && !isPathInside(full, exports)) return { refusal: `${path}: files are written only into the media folder's exports/ folder on this server (e.g. exports/${basename(path)}).` };
    if (!isPathInside(full, root)) return { refusal: `${path} is outside the server's media folder; name files inside it (a relative path is taken from it).` };
    if (writes) mkdirSync(exports, { recursive: true });
    return full;
  };
  const confined: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  for (const field of fields) {
    const value = confined[field];
    const placed = Array.isArray(value) ? value.map((v) => place(v, field)) : [place(value, field)];
    const refused = placed.find((p): p is { refusal: string } => typeof p === 'object');
    if (refused) return refused;
    confined[field] = Array.isArray(value) ? placed : placed[0];
  }
  return { payload: confined };
}

/**
 * What a team server's member is told of a video whose file is gone: its path in the media folder
 * (or, outside it, its file name — the server's disk is not theirs to see), and the one who can put
 * it back, the server's operator.
 */
export function missingFileForMembers(path: string, mediaRoot: string | undefined): string {
  const inRoot = mediaRoot !== undefined && isPathInside(path, mediaRoot);
  const shown = inRoot ? relative(physical(mediaRoot), physical(path)).split(sep).join('/') : basename(path);
  return `The video file ${shown} is not in the server's media folder: ask the server's operator.`;
}
