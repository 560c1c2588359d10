// The preload (sandboxed): exposes the contract's calls, and only for its method names, and the
// desktop session's own steps (signing in and out is outside the contract: shared/session.ts).
import { contextBridge, ipcRenderer } from 'electron';
import { isApiMethod } from '../../shared/api-methods';
import type { SessionBridge } from '../../shared/session';

const session: SessionBridge = {
  signIn: (request) => ipcRenderer.invoke('session:signIn', request),
  signOut: () => ipcRenderer.invoke('session:signOut'),
  current: () => ipcRenderer.invoke('session:current'),
};

contextBridge.exposeInMainWorld('tidemark', {
  invoke(method: unknown, payload: unknown): Promise<unknown> {
    if (!isApiMethod(method)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `Unknown call ${String(method)}.` } });
    return ipcRenderer.invoke(`api:${method}`, payload);
  },
  session,
});
