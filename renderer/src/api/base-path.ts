// Where the app is served from. Browser mode and the desktop serve it at the root; a team server
// (`tidemark serve`) serves each project's app under /p/<project>/, and that app must call its own
// project's /p/<project>/api, /session and /media — the path is the only place the page learns which
// project it is. The team server also wants the session's CSRF token (its readable cookie) back in a
// header on every request that changes something.
import { CSRF_COOKIE, teamProjectName } from '../../../shared/team';

/** The project a page at `pathname` belongs to on a team server, or null when served at the root. */
export function projectOfPath(pathname: string): string | null {
  const segment = /^\/p\/([^/]+)\//.exec(pathname)?.[1];
  // only a name a project can have: anything else would be pasted into every URL the app asks
  return segment !== undefined && teamProjectName.safeParse(segment).success ? segment : null;
}

/** What every URL of the app starts with: '/p/<project>' on a team server, '' at the root. */
export function basePath(pathname: string): string {
  const project = projectOfPath(pathname);
  return project === null ? '' : `/p/${project}`;
}

/** One cookie's value out of `document.cookie`'s "a=1; b=2", decoded; null when it is not set. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The header a team server checks on a POST or DELETE; none where there is no such cookie (browser mode). */
export function csrfHeaders(cookies: string): Record<string, string> {
  const token = cookieValue(cookies, CSRF_COOKIE);
  return token ? { 'X-CSRF-Token': token } : {};
}

/** The team server's sign-in page, coming back to `next` (a path on this server) after. */
export function loginUrl(next: string): string {
  // '/' may stand as it is in a query: /login?next=/p/cats/ reads as what it is
  return `/login?next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;
}

/** The page's own location and cookies (absent under Node, where the tests stub them). */
export const page = {
  pathname: (): string => globalThis.location?.pathname ?? '',
  /** Path and query: where a sign-in comes back to. */
  here: (): string => `${globalThis.location?.pathname ?? '/'}${globalThis.location?.search ?? ''}`,
  cookies: (): string => globalThis.document?.cookie ?? '',
  base: (): string => basePath(globalThis.location?.pathname ?? ''),
};

/** A team server said this session is not signed in (any more): to the sign-in page, back here after. */
export function leaveForSignIn(): void {
  globalThis.location?.assign(loginUrl(page.here()));
}
