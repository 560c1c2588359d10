// The preload (sandboxed): exposes the contract's calls, and only for its method names, the
// desktop session's own steps (signing in and out is outside the contract: shared/session.ts) and
// connecting to a team server (shared/team-connect.ts). Each is a fixed channel; main parses every payload.
import { contextBridge, ipcRenderer } from 'electron';
import { isApiMethod } from '../../shared/api-methods';
import type { SessionBridge } from '../../shared/session';
import type { TeamConnectBridge } from '../../shared/team-connect';

const session: SessionBridge = {
  signIn: (request) => ipcRenderer.invoke('session:signIn', request),
  signOut: () => ipcRenderer.invoke('session:signOut'),
  current: () => ipcRenderer.invoke('session:current'),
};

const team: TeamConnectBridge = {
  connect: (address) => ipcRenderer.invoke('team:connect', address),
  recent: () => ipcRenderer.invoke('team:recent'),
};

contextBridge.exposeInMainWorld('tidemark', {
  invoke(method: unknown, payload: unknown): Promise<unknown> {
    if (!isApiMethod(method)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `Unknown call ${String(method)}.` } });
    return ipcRenderer.invoke(`api:${method}`, payload);
  },
  session,
  team,
});
