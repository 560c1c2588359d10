import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { workerDefines } from './scripts/workers.mjs';

export default defineConfig({
  // the worker threads' bundled sources, as the build gives the app (scripts/workers.mjs)
  define: await workerDefines(import.meta.dirname),
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // the PostgreSQL cluster the suites that run on both engines share
    globalSetup: ['electron/services/test-support/postgres-global.ts'],
  },
});
