// Starting a worker thread from the source the build bundled for it (scripts/workers.mjs).
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Set by the build (and by the test runner's config): each worker's bundled source, by name. */
declare const __TIDEMARK_WORKERS__: Readonly<Record<string, string>> | undefined;

/**
 * Where this process loaded better-sqlite3 from, so a worker loads the very same copy wherever the
 * app keeps it (a bundle's node_modules, an asar archive); null if it cannot be found.
 */
export function sqliteModule(): string | null {
  for (const module of Object.values(createRequire(process.execPath).cache)) if (module?.exports === Database) return module.filename;
  return null;
}

/** Whether this build carries the worker `name` and can give it better-sqlite3. */
export function canStartWorker(name: string): boolean {
  return typeof __TIDEMARK_WORKERS__ !== 'undefined' && typeof __TIDEMARK_WORKERS__[name] === 'string' && sqliteModule() !== null;
}

/** Starts the bundled worker `name`; its workerData also carries `sqlite` (see scripts/workers.mjs). */
export function startWorker(name: string, workerData: Record<string, unknown>): Worker {
  const source = typeof __TIDEMARK_WORKERS__ === 'undefined' ? undefined : __TIDEMARK_WORKERS__[name];
  const sqlite = sqliteModule();
  if (!source || !sqlite) throw new Error(`This build cannot start the ${name} worker.`);
  return new Worker(source, { eval: true, workerData: { ...workerData, sqlite } });
}
