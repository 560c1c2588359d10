// Pure URL logic of the desktop shell (no electron import, so it is unit-tested under Node).
import { posix } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'tidemark';
export const MEDIA_SCHEME = 'media';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** `media://video/<id>` → `video/<id>`; anything that is not our scheme → null. */
export function mediaRouteFromUrl(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed || parsed.protocol !== `${MEDIA_SCHEME}:`) return null;
  return `${parsed.hostname}${parsed.pathname}`;
}

/** The renderer file an `app://tidemark/...` URL asks for, relative to the renderer folder, or null. */
export function appFileFromUrl(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed || parsed.protocol !== `${APP_SCHEME}:` || parsed.hostname !== APP_HOST) return null;
  const path = posix.normalize(decodeURIComponent(parsed.pathname));
  if (path.includes('\0')) return null;
  const relative = path.replace(/^\/+/, '');
  if (relative.startsWith('..')) return null;
  return relative === '' ? 'index.html' : relative;
}

/** Navigation stays inside the app; everything else is blocked (and maybe opened externally). */
export function isInternalNavigation(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}
