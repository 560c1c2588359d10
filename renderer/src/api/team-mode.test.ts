// The app served as one project of a team server (/p/<project>/): every call, the session and the
// media go under that path, each POST or DELETE carries the CSRF token, and a 401 means signed out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, thumbnailSheetUrl, videoUrl } from './client';
import { signOut } from './session';

interface Asked {
  url: string;
  method: string;
  headers: Record<string, string>;
}

function stubFetch(status: number, body: unknown): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string> | undefined) } });
    return { status, json: async () => body };
  });
  return asked;
}

let assigned: string[];
function servedAt(pathname: string, search = '', cookie = ''): void {
  assigned = [];
  vi.stubGlobal('location', { pathname, search, assign: (url: string) => assigned.push(url) });
  vi.stubGlobal('document', { cookie });
}

beforeEach(() => servedAt('/'));
afterEach(() => vi.unstubAllGlobals());

describe('the app under /p/<project>/ on a team server', () => {
  it('calls /p/<project>/api/<method> with the CSRF token from the cookie', async () => {
    servedAt('/p/cats/', '', 'tidemark-csrf=tok123');
    const asked = stubFetch(200, { ok: true, value: null });
    await call('projects.current');
    expect(asked).toEqual([{ url: '/p/cats/api/projects.current', method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'tok123' } }]);
  });

  it('signs out with DELETE /p/<project>/session, the token sent', async () => {
    servedAt('/p/cats/', '', 'tidemark-csrf=tok123');
    const asked = stubFetch(200, { ok: true, value: null });
    await signOut();
    expect(asked).toEqual([{ url: '/p/cats/session', method: 'DELETE', headers: { 'X-CSRF-Token': 'tok123' } }]);
  });

  it('a 401 (the session ended or was revoked) sends the page to the sign-in page, to come back here after', async () => {
    servedAt('/p/cats/', '?v=1', 'tidemark-csrf=tok123');
    stubFetch(401, { ok: false, error: { code: 'unauthenticated', message: 'Sign in.' } });
    await expect(call('projects.current')).rejects.toThrow(/sign in/i);
    expect(assigned).toEqual(['/login?next=/p/cats/%3Fv%3D1']);
  });

  it('a 401 of /session does the same', async () => {
    servedAt('/p/cats/');
    stubFetch(401, { ok: false, error: { code: 'unauthenticated', message: 'Sign in.' } });
    expect((await signOut()).ok).toBe(false);
    expect(assigned).toEqual(['/login?next=/p/cats/']);
  });

  it('serves videos and thumbnails from /p/<project>/media/', () => {
    servedAt('/p/cats/');
    expect(videoUrl('v1')).toBe('/p/cats/media/video/v1');
    expect(thumbnailSheetUrl('v1', 2)).toBe('/p/cats/media/thumbs/v1/2');
  });
});

describe('browser mode (served at the root) is as before', () => {
  it('calls /api/<method> with no CSRF header, and a 401 says to open the printed URL without leaving the page', async () => {
    const asked = stubFetch(401, 'Tidemark: open the URL printed at start.');
    await expect(call('projects.current')).rejects.toThrow(/open the URL printed/);
    expect(asked).toEqual([{ url: '/api/projects.current', method: 'POST', headers: { 'Content-Type': 'application/json' } }]);
    expect(assigned).toEqual([]);
    expect(videoUrl('v1')).toBe('/media/video/v1');
  });
});
