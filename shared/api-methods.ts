// The allow-list of calls: the preload and the HTTP server accept these names and nothing else. Read
// from the contract's declarations (shared/contract), which the sandboxed preload bundles in whole
// (esbuild; zod and the schemas come along).
import { declarations, methods, type ApiMethod, type ReadMethod } from './contract';

export type { ApiMethod, ReadMethod } from './contract';

export const apiMethods = Object.keys(methods) as readonly ApiMethod[];

/**
 * The calls that change nothing — not the project, the settings, a job or a file: they only read
 * (declared `access: 'read'`). The renderer's client sends them at once, where every other call
 * waits its turn behind the writes sent before it; the services answer them from the project's read
 * connection (or a snapshot of their own), so they never wait for an edit — not even a large
 * import's. Checked by electron/services/read-methods.test.ts: each runs against a project opened
 * for reading only, and every other call is refused there or changes something outside the project.
 */
export const readMethods: readonly ReadMethod[] = apiMethods.filter((m): m is ReadMethod => declarations[m].access === 'read');

const methodSet: ReadonlySet<string> = new Set(apiMethods);

export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && methodSet.has(name);
}
