// `npm run bench [open|thumbnails|step|timeline|annotation|…|drafting|runs]` (sections in bench/run.ts): builds the app and the
// bench script, then runs it (with --expose-gc, so a section can measure the heap after a full GC).
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerDefines } from './workers.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await build({
  entryPoints: [join(root, 'bench/run.ts')],
  outfile: join(root, 'dist/bench/run.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  define: await workerDefines(root),
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, ['--expose-gc', join(root, 'dist/bench/run.mjs'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
