import { describe, expect, it } from 'vitest';
import { MAX_RECENT_TEAM_SERVERS, recentTeamServersSchema, rememberTeamServer, sameServerPath, teamServerAddress, teamServerOrigin, teamServerStart } from './team-connect';

describe('which team server addresses the desktop opens', () => {
  it('accepts https anywhere, as the server’s origin (a path pasted from the browser is dropped)', () => {
    expect(teamServerOrigin('https://team.example.org')).toEqual({ ok: true, origin: 'https://team.example.org' });
    expect(teamServerOrigin('  https://Team.Example.org:8443/p/cats/?x=1#y ')).toEqual({ ok: true, origin: 'https://team.example.org:8443' });
  });

  it('reads an address typed without a scheme as https, or as http on this computer', () => {
    expect(teamServerOrigin('team.example.org')).toEqual({ ok: true, origin: 'https://team.example.org' });
    expect(teamServerOrigin('team.example.org:8443')).toEqual({ ok: true, origin: 'https://team.example.org:8443' });
    expect(teamServerOrigin('localhost:4100')).toEqual({ ok: true, origin: 'http://localhost:4100' });
    expect(teamServerOrigin('127.0.0.1:4100/login')).toEqual({ ok: true, origin: 'http://127.0.0.1:4100' });
  });

  it('accepts plain http only on this computer', () => {
    expect(teamServerOrigin('http://127.0.0.1:4100')).toEqual({ ok: true, origin: 'http://127.0.0.1:4100' });
    expect(teamServerOrigin('http://localhost:4100/login')).toEqual({ ok: true, origin: 'http://localhost:4100' });
    expect(teamServerOrigin('http://[::1]:4100')).toEqual({ ok: true, origin: 'http://[::1]:4100' });
  });

  it('refuses plain http to another machine, saying the password would cross the network in clear', () => {
    for (const address of ['http://team.example.org', 'http://192.168.1.20:4100', 'http://127.0.0.2:4100', 'http://localhost.example.org']) {
      const answer = teamServerOrigin(address);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.reason).toMatch(/^http:\/\/ would send your password across the network unencrypted: use the server’s https:\/\/ address/);
    }
  });

  it('refuses other schemes, names and passwords in the address, and what is not an address', () => {
    expect(teamServerOrigin('ftp://team.example.org')).toEqual({ ok: false, reason: 'ftp: is not a web address: a team server is at https://… (or http://127.0.0.1:… on this computer).' });
    expect(teamServerOrigin('file:///etc/passwd')).toMatchObject({ ok: false, reason: expect.stringMatching(/^file: is not a web address/) });
    expect(teamServerOrigin('javascript:alert(1)')).toMatchObject({ ok: false });
    expect(teamServerOrigin('https://lee:secret@team.example.org')).toEqual({
      ok: false,
      reason: 'Leave your name and password out of the address: you sign in on the server’s own page.',
    });
    expect(teamServerOrigin('https://')).toMatchObject({ ok: false, reason: expect.stringMatching(/^“https:\/\/” is not a web address/) });
    expect(teamServerOrigin('')).toEqual({ ok: false, reason: 'Type the server’s address, e.g. https://team.example.org.' });
  });

  it('is one zod schema at the IPC boundary: the origin out, the reason as the issue', () => {
    expect(teamServerAddress.parse('https://team.example.org/')).toEqual({ origin: 'https://team.example.org', path: '/login?next=/' });
    const refused = teamServerAddress.safeParse('http://team.example.org');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/unencrypted/);
    expect(teamServerAddress.safeParse(42).success).toBe(false);
  });
});

describe('which of the server’s pages a pasted address opens', () => {
  const origin = 'https://team.example.org';

  it('an invitation link opens the invitation (its token only; the rest of the address is dropped)', () => {
    expect(teamServerStart('https://team.example.org/invite?token=Ab_-9z')).toEqual({ ok: true, origin, path: '/invite?token=Ab_-9z' });
    expect(teamServerStart(' team.example.org/invite?x=1&token=a%2Bb#top ')).toEqual({ ok: true, origin, path: '/invite?token=a%2Bb' });
    expect(teamServerStart('https://team.example.org/invite')).toEqual({ ok: true, origin, path: '/login?next=/' });
  });

  it('the sign-in page keeps its next page (a path on that server only); another page is where a sign-in goes on to', () => {
    expect(teamServerStart('127.0.0.1:4100/login?next=/p/cats/')).toEqual({ ok: true, origin: 'http://127.0.0.1:4100', path: '/login?next=/p/cats/' });
    expect(teamServerStart('https://team.example.org/login?next=//elsewhere.example/')).toEqual({ ok: true, origin, path: '/login?next=/' });
    expect(teamServerStart('https://team.example.org/login?next=https://elsewhere.example/')).toEqual({ ok: true, origin, path: '/login?next=/' });
    expect(teamServerStart('https://team.example.org/p/cats/?v=1')).toEqual({ ok: true, origin, path: '/login?next=/p/cats/%3Fv%3D1' });
    expect(teamServerStart('https://team.example.org')).toEqual({ ok: true, origin, path: '/login?next=/' });
  });

  it('an address refused as a server is refused here too, for the same reason', () => {
    expect(teamServerStart('http://team.example.org/invite?token=x')).toEqual({ ok: false, reason: (teamServerOrigin('http://team.example.org') as { reason: string }).reason });
    expect(teamServerAddress.safeParse('https://team.example.org/invite?token=x').data).toEqual({ origin, path: '/invite?token=x' });
  });

  it('a next page is a path on the same server, never the sign-in page itself', () => {
    expect(sameServerPath('/p/cats/?v=1', origin)).toBe('/p/cats/?v=1');
    for (const next of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'p/cats/', '/login?next=/']) {
      expect(sameServerPath(next, origin), String(next)).toBe('/');
    }
  });
});

describe('recent team servers', () => {
  const at = (minute: number): string => new Date(Date.UTC(2026, 10, 26, 18, minute)).toISOString();

  it('puts the server just connected to first, once', () => {
    const before = [
      { url: 'https://a.example.org', connectedAt: at(2) },
      { url: 'https://b.example.org', connectedAt: at(1) },
    ];
    expect(rememberTeamServer(before, 'https://b.example.org', at(3))).toEqual([
      { url: 'https://b.example.org', connectedAt: at(3) },
      { url: 'https://a.example.org', connectedAt: at(2) },
    ]);
  });

  it(`keeps at most ${MAX_RECENT_TEAM_SERVERS}, dropping the oldest`, () => {
    let list = rememberTeamServer([], 'https://s0.example.org', at(0));
    for (let i = 1; i < 12; i++) list = rememberTeamServer(list, `https://s${i}.example.org`, at(i));
    expect(list).toHaveLength(MAX_RECENT_TEAM_SERVERS);
    expect(list[0]?.url).toBe('https://s11.example.org');
    expect(list.at(-1)?.url).toBe('https://s2.example.org');
  });

  it('the stored list is parsed: each entry an address the desktop would open, at most ten', () => {
    expect(recentTeamServersSchema.safeParse({ servers: [{ url: 'https://a.example.org', connectedAt: at(1) }] }).success).toBe(true);
    expect(recentTeamServersSchema.safeParse({ servers: [{ url: 'http://a.example.org', connectedAt: at(1) }] }).success).toBe(false);
    expect(recentTeamServersSchema.safeParse({ servers: [{ url: 'https://a.example.org', connectedAt: 'yesterday' }] }).success).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `https://s${i}.example.org`, connectedAt: at(i) }));
    expect(recentTeamServersSchema.safeParse({ servers: eleven }).success).toBe(false);
  });
});
