import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectToTeamServer, recentTeamServers, teamBridge } from './team-servers';

const server = { url: 'https://team.example.org', connectedAt: '2026-11-26T18:00:00.000Z' };

/** A desktop window: `window.tidemark.team` answering as given, recording what it was asked. */
function desktop(team: { connect?: (address: string) => unknown; recent?: () => unknown }): string[] {
  const asked: string[] = [];
  vi.stubGlobal('window', {
    tidemark: {
      team: {
        connect: async (address: string) => {
          asked.push(address);
          return team.connect?.(address);
        },
        recent: async () => team.recent?.(),
      },
    },
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('connecting to a team server from the start screen', () => {
  it('there is no bridge in a browser (browser mode, a team server’s own pages)', () => {
    vi.stubGlobal('window', {});
    expect(teamBridge()).toBeUndefined();
    vi.stubGlobal('window', { tidemark: { invoke: () => undefined, session: {} } });
    expect(teamBridge()).toBeUndefined();
  });

  it('asks the desktop to open the address pasted (an invitation link opens its page) and answers the recent servers after', async () => {
    const asked = desktop({ connect: (address) => ({ ok: true, value: { url: 'https://team.example.org', recent: [server] } }) });
    expect(await connectToTeamServer(' https://team.example.org/invite?token=abc ')).toEqual({ ok: true, recent: [server] });
    expect(asked).toEqual(['https://team.example.org/invite?token=abc']);
  });

  it('an address over plain http to another machine is refused here, with the reason, and never sent', async () => {
    const asked = desktop({ connect: () => ({ ok: true, value: { url: 'x', recent: [] } }) });
    const answer = await connectToTeamServer('http://team.example.org');
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.message).toMatch(/^http:\/\/ would send your password across the network unencrypted/);
    expect(asked).toEqual([]);
  });

  it('the desktop’s refusal (the server did not answer) is shown as it says', async () => {
    desktop({
      connect: () => ({
        ok: false,
        error: { code: 'unavailable', message: 'https://team.example.org did not open (ERR_CONNECTION_REFUSED): is tidemark serve running there, and is the address right?' },
      }),
    });
    expect(await connectToTeamServer('https://team.example.org')).toEqual({
      ok: false,
      message: 'https://team.example.org did not open (ERR_CONNECTION_REFUSED): is tidemark serve running there, and is the address right?',
    });
  });

  it('an answer of another shape is not believed: the message names the channel and the field', async () => {
    desktop({ connect: () => ({ ok: true, value: { url: 'https://team.example.org', recent: [{ url: 'https://team.example.org', connectedAt: 'now' }] } }) });
    expect(await connectToTeamServer('https://team.example.org')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^team:connect gave an answer Tidemark cannot read: value\.recent\.0\.connectedAt: /),
    });
  });

  it('a bridge that throws is reported, not left pending', async () => {
    desktop({
      connect: () => {
        throw new Error('No handler registered for team:connect');
      },
    });
    expect(await connectToTeamServer('https://team.example.org')).toEqual({ ok: false, message: 'No handler registered for team:connect' });
  });

  it('reads the recent servers, and says why when the desktop cannot', async () => {
    desktop({ recent: () => ({ ok: true, value: [server] }) });
    expect(await recentTeamServers()).toEqual({ ok: true, recent: [server] });
    desktop({ recent: () => ({ ok: false, error: { code: 'failed', message: 'The recent team servers could not be read: /data/team-servers.json: not JSON' } }) });
    expect(await recentTeamServers()).toEqual({ ok: false, message: 'The recent team servers could not be read: /data/team-servers.json: not JSON' });
    desktop({ recent: () => ({ ok: true, value: 'nope' }) });
    expect(await recentTeamServers()).toMatchObject({ ok: false, message: expect.stringMatching(/^team:recent gave an answer Tidemark cannot read: value: /) });
  });
});
