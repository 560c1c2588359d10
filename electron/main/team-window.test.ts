import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPage, loadFailure, RecentTeamServersFile, teamNavigation, teamPartition } from './team-window';

describe('a team server window’s navigation', () => {
  const origin = 'https://team.example.org';

  it('stays on the server’s origin', () => {
    expect(teamNavigation('https://team.example.org/p/cats/', origin)).toBe('stay');
    expect(teamNavigation('https://team.example.org/login?next=/', origin)).toBe('stay');
    expect(teamNavigation('http://127.0.0.1:4100/', 'http://127.0.0.1:4100')).toBe('stay');
  });

  it('hands other https pages to the system browser, and denies the rest', () => {
    expect(teamNavigation('https://github.com/tidemark', origin)).toBe('external');
    // same host, another scheme or port, is another origin
    expect(teamNavigation('http://team.example.org/p/cats/', origin)).toBe('deny');
    expect(teamNavigation('https://team.example.org:8443/', origin)).toBe('external');
    expect(teamNavigation('https://team.example.org.evil.net/', origin)).toBe('external');
    expect(teamNavigation('https://lee:pw@elsewhere.org/', origin)).toBe('deny');
    expect(teamNavigation('http://elsewhere.org/', origin)).toBe('deny');
    expect(teamNavigation('file:///etc/passwd', origin)).toBe('deny');
    expect(teamNavigation('app://tidemark/index.html', origin)).toBe('deny');
    expect(teamNavigation('javascript:alert(1)', origin)).toBe('deny');
    expect(teamNavigation('not a url', origin)).toBe('deny');
  });

  it('opens first the page pasted (the server’s invitation or sign-in page), never one of another origin', () => {
    expect(firstPage(origin, '/invite?token=abc')).toBe('https://team.example.org/invite?token=abc');
    expect(firstPage(origin, '/login?next=/p/cats/')).toBe('https://team.example.org/login?next=/p/cats/');
    for (const elsewhere of ['//evil.example/login', 'https://evil.example/', '/\\evil.example/', 'invite?token=abc']) {
      expect(firstPage(origin, elsewhere), elsewhere).toBe('https://team.example.org/login?next=/');
    }
  });

  it('each server has its own persistent session, named after its host', () => {
    expect(teamPartition('https://team.example.org')).toBe('persist:team-team.example.org');
    expect(teamPartition('http://127.0.0.1:4100')).toBe('persist:team-127.0.0.1_4100');
    expect(teamPartition('http://[::1]:4100')).toBe('persist:team-___1__4100');
    expect(teamPartition('http://localhost:4100')).not.toBe(teamPartition('http://localhost:4200'));
  });

  it('a page that did not load is described; one that navigated on before it finished is not a failure', () => {
    expect(loadFailure('https://team.example.org', Object.assign(new Error("ERR_CONNECTION_REFUSED (-102) loading 'https://team.example.org/login?next=/'"), { code: 'ERR_CONNECTION_REFUSED' }))).toBe(
      'https://team.example.org did not open (ERR_CONNECTION_REFUSED): is tidemark serve running there, and is the address right?',
    );
    expect(loadFailure('https://team.example.org', Object.assign(new Error('ERR_CERT_AUTHORITY_INVALID (-202)'), { code: 'ERR_CERT_AUTHORITY_INVALID' }))).toMatch(
      /^https:\/\/team\.example\.org did not open \(ERR_CERT_AUTHORITY_INVALID\): its certificate is not trusted/,
    );
    expect(loadFailure('https://team.example.org', Object.assign(new Error('ERR_ABORTED (-3)'), { code: 'ERR_ABORTED' }))).toBeNull();
    expect(loadFailure('https://team.example.org', 'weird')).toBe('https://team.example.org did not open (weird): is tidemark serve running there, and is the address right?');
  });
});

describe('the recent team servers file', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (): RecentTeamServersFile => {
    dir = mkdtempSync(join(tmpdir(), 'tidemark-team-'));
    return new RecentTeamServersFile(join(dir, 'team-servers.json'));
  };

  it('is empty before the first connection, then lists each server once, newest first', () => {
    const recent = file();
    expect(recent.read()).toEqual({ ok: true, servers: [] });
    recent.remember('https://a.example.org', '2026-11-26T18:00:00.000Z');
    recent.remember('http://127.0.0.1:4100', '2026-11-26T18:01:00.000Z');
    recent.remember('https://a.example.org', '2026-11-26T18:02:00.000Z');
    expect(recent.read()).toEqual({
      ok: true,
      servers: [
        { url: 'https://a.example.org', connectedAt: '2026-11-26T18:02:00.000Z' },
        { url: 'http://127.0.0.1:4100', connectedAt: '2026-11-26T18:01:00.000Z' },
      ],
    });
    expect(JSON.parse(readFileSync(join(dir, 'team-servers.json'), 'utf8'))).toEqual({ servers: expect.any(Array) });
  });

  it('a file Tidemark cannot read is reported with its path and field, and the next connection starts it afresh', () => {
    const recent = file();
    const path = join(dir, 'team-servers.json');
    writeFileSync(path, JSON.stringify({ servers: [{ url: 'http://team.example.org', connectedAt: '2026-11-26T18:00:00.000Z' }] }));
    const bad = recent.read();
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problem).toBe(`${path}: servers.0.url: not a team server address the desktop opens (https://…, or http:// on this computer)`);
    writeFileSync(path, '{"servers": [');
    const notJson = recent.read();
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.problem).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not JSON \\(`));
    expect(recent.remember('https://b.example.org', '2026-11-26T18:03:00.000Z')).toEqual([{ url: 'https://b.example.org', connectedAt: '2026-11-26T18:03:00.000Z' }]);
    expect(recent.read()).toEqual({ ok: true, servers: [{ url: 'https://b.example.org', connectedAt: '2026-11-26T18:03:00.000Z' }] });
  });
});
