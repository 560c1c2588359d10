import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamApi } from './api';

interface Asked {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

function stubFetch(status: number, body: unknown, cookie = ''): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, ...(init.body === undefined ? {} : { body: JSON.parse(String(init.body)) }) });
    return { status, json: async () => body };
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const me = { name: 'Lee', email: null, csrf: 'tok', projects: [{ name: 'cats', roles: ['lead'] }] };

describe('the team routes as the sign-in pages call them', () => {
  it('signs in with a JSON POST and reads who I am', async () => {
    const asked = stubFetch(200, { ok: true, value: me });
    expect(await teamApi.login('Lee', 'correct horse battery')).toEqual({ ok: true, value: me });
    expect(asked).toEqual([{ url: '/team/login', method: 'POST', headers: { 'Content-Type': 'application/json' }, body: { name: 'Lee', password: 'correct horse battery' } }]);
  });

  it('a refusal (throttled) is data with the server’s message and the status', async () => {
    stubFetch(429, { ok: false, error: { code: 'throttled', message: 'Too many attempts: try again at 18:05.' } });
    expect(await teamApi.login('Lee', 'x')).toEqual({ ok: false, status: 429, error: { code: 'throttled', message: 'Too many attempts: try again at 18:05.' } });
  });

  it('a lead’s step carries the CSRF token from the cookie', async () => {
    const asked = stubFetch(200, { ok: true, value: { name: 'Ann', link: '/invite?token=t', expiresAt: '2026-11-27T18:00:00Z' } }, 'tidemark-csrf=tok');
    await teamApi.resetPassword('cats', 'Ann');
    expect(asked[0]).toEqual({ url: '/team/projects/cats/reset', method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': 'tok' }, body: { name: 'Ann' } });
  });

  it('reads the audit log with its limit, and an answer of another shape names the route and the field', async () => {
    const asked = stubFetch(200, { ok: true, value: [{ at: 'now', person: 'Ann', role: 'annotator', kind: 'delete', what: 'x', subject: '{}', ok: true }] });
    await expect(teamApi.audit('cats', 200)).rejects.toThrow(/^GET \/team\/projects\/cats\/audit gave an answer Tidemark cannot read \(value\.0\.kind: /);
    expect(asked[0]?.url).toBe('/team/projects/cats/audit?limit=200');
  });

  it('an answer that is not JSON says so', async () => {
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('fetch', async () => ({ status: 502, json: async () => JSON.parse('<html>') }));
    await expect(teamApi.me()).rejects.toThrow('GET /team/me answered 502 without a JSON result.');
  });

  it('an invitation is answered with the name whose it is, and a link that no longer works with the server’s reason', async () => {
    const asked = stubFetch(404, { ok: false, error: { code: 'not-found', message: 'This invitation has expired or was used.' } });
    expect(await teamApi.invitation('a b&c')).toMatchObject({ ok: false, status: 404, error: { message: 'This invitation has expired or was used.' } });
    expect(asked[0]?.url).toBe('/team/invitation?token=a%20b%26c');
  });
});
