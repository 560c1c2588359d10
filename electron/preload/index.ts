// The preload (sandboxed): exposes one function, and only for the contract's method names.
import { contextBridge, ipcRenderer } from 'electron';
import { isApiMethod } from '../../shared/api-methods';

contextBridge.exposeInMainWorld('tidemark', {
  invoke(method: unknown, payload: unknown): Promise<unknown> {
    if (!isApiMethod(method)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `Unknown call ${String(method)}.` } });
    return ipcRenderer.invoke(`api:${method}`, payload);
  },
});
