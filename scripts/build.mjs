// Builds everything `npm start` runs: the renderer (vite) and the Node/Electron entries (esbuild).
import { build as esbuild } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { workerDefines } from './workers.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const quiet = process.argv.includes('--quiet');

await viteBuild({ configFile: join(root, 'vite.config.ts'), logLevel: quiet ? 'warn' : 'info' });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  packages: 'external', // node_modules stay external: native better-sqlite3, ffmpeg installers, electron
  define: { 'process.env.TIDEMARK_VERSION': JSON.stringify(pkg.version), ...(await workerDefines(root)) },
  logLevel: quiet ? 'warning' : 'info',
};
await Promise.all([
  esbuild({ ...common, entryPoints: [join(root, 'electron/main/index.ts')], outfile: join(root, 'dist/electron/main.cjs'), format: 'cjs' }),
  // the sandboxed preload can require only 'electron': everything else is bundled in
  esbuild({ ...common, packages: undefined, external: ['electron'], entryPoints: [join(root, 'electron/preload/index.ts')], outfile: join(root, 'dist/electron/preload.cjs'), format: 'cjs' }),
  esbuild({ ...common, entryPoints: [join(root, 'electron/server/web.ts')], outfile: join(root, 'dist/server/web.mjs'), format: 'esm' }),
  esbuild({ ...common, entryPoints: [join(root, 'electron/cli/main.ts')], outfile: join(root, 'dist/cli/tidemark.mjs'), format: 'esm' }),
]);
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/.build-stamp'), new Date().toISOString());
if (!quiet) console.log('[tidemark] build complete → dist/');
