// The app's worker threads, bundled into the entries that start them. A worker runs from its own
// source text (Worker with eval), so it needs no file of its own beside the app — none to find
// inside an asar archive. Its code is bundled whole except better-sqlite3, which it loads from the
// very copy its parent loaded (see electron/services/workers/bundled.ts).
import { build } from 'esbuild';
import { join } from 'node:path';

/** Worker name → entry (under the repository root). */
export const WORKERS = {
  'import-edit-thread': 'electron/services/exchange/import-edit-thread.worker.ts',
};

/** better-sqlite3, as the parent thread loaded it (the path comes in the worker's workerData). */
const sqliteFromParent = {
  name: 'sqlite-from-parent',
  setup(build) {
    build.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: 'better-sqlite3', namespace: 'sqlite-from-parent' }));
    build.onLoad({ filter: /.*/, namespace: 'sqlite-from-parent' }, () => ({
      contents: "module.exports = require(require('node:worker_threads').workerData.sqlite);",
      loader: 'js',
    }));
  },
};

/** esbuild/vite `define` entries carrying every worker's bundled source. */
export async function workerDefines(root) {
  const sources = {};
  for (const [name, entry] of Object.entries(WORKERS)) {
    const result = await build({
      entryPoints: [join(root, entry)],
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      write: false,
      minify: !process.env.TM_NO_MINIFY,
      plugins: [sqliteFromParent],
      logLevel: 'warning',
    });
    sources[name] = result.outputFiles[0].text;
  }
  return { __TIDEMARK_WORKERS__: JSON.stringify(sources) };
}
