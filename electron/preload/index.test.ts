// The preload's allow-list: what the page can reach is the contract's methods (api:<method>), the
// desktop session's steps and connecting to a team server — each a fixed channel, nothing the page names.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMethods } from '../../shared/api-methods';

const invoked: { channel: string; args: unknown[] }[] = [];
const exposed: Record<string, unknown> = {};

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push({ channel, args });
      return { ok: true, value: null };
    },
  },
}));

interface Exposed {
  invoke(method: unknown, payload: unknown): Promise<unknown>;
  session: Record<string, (...args: unknown[]) => Promise<unknown>>;
  team: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

let bridge: Exposed;
beforeAll(async () => {
  await import('./index');
  bridge = exposed.tidemark as Exposed;
});

describe('the preload’s channels', () => {
  it('exposes window.tidemark only: invoke, session and team', () => {
    expect(Object.keys(exposed)).toEqual(['tidemark']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'session', 'team']);
    expect(Object.keys(bridge.session).sort()).toEqual(['current', 'signIn', 'signOut']);
    expect(Object.keys(bridge.team).sort()).toEqual(['connect', 'recent']);
  });

  it('sends a contract method on its own channel and refuses a name the contract does not have, without sending it', async () => {
    invoked.length = 0;
    const method = apiMethods[0];
    await bridge.invoke(method, { a: 1 });
    expect(await bridge.invoke('session:signIn', {})).toEqual({ ok: false, error: { code: 'unknown-method', message: 'Unknown call session:signIn.' } });
    expect(await bridge.invoke('../../team:connect', {})).toMatchObject({ ok: false });
    expect(invoked).toEqual([{ channel: `api:${method}`, args: [{ a: 1 }] }]);
  });

  it('connecting to a team server goes on team:connect with the address as typed (main parses it), the list on team:recent', async () => {
    invoked.length = 0;
    await bridge.team.connect?.('https://team.example.org');
    await bridge.team.recent?.();
    expect(invoked).toEqual([
      { channel: 'team:connect', args: ['https://team.example.org'] },
      { channel: 'team:recent', args: [] },
    ]);
  });

  it('the session’s steps go on session:*', async () => {
    invoked.length = 0;
    await bridge.session.signIn?.({ person: 'Lee', role: 'lead' });
    await bridge.session.signOut?.();
    await bridge.session.current?.();
    expect(invoked.map((call) => call.channel)).toEqual(['session:signIn', 'session:signOut', 'session:current']);
  });
});
