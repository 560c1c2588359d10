// `npm start`: build if the sources changed, then open the desktop app — or, where the Electron
// binary is unavailable (offline build machines), serve the same app in browser mode.
// `npm run web` (--web) always serves browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const web = args.includes('--web');
const passThrough = args.filter((a) => a !== '--web');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stamp = join(root, 'dist/.build-stamp');
const sources = ['renderer', 'shared', 'electron'].map((d) => newestMtime(join(root, d)));
if (!existsSync(stamp) || Math.max(...sources) > statSync(stamp).mtimeMs) {
  console.log('[tidemark] building…');
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function electronBinary() {
  // electron's own module downloads the binary on first use; quietly, in a child, so a machine
  // without network falls back to browser mode with one clear line instead of a stack trace
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const path = probe.status === 0 ? probe.stdout.trim() : '';
  return path && existsSync(path) ? path : null;
}

function run(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const require = createRequire(import.meta.url);
const electron = web ? null : (() => { try { require.resolve('electron'); return electronBinary(); } catch { return null; } })();
if (electron) {
  run(electron, [root, ...passThrough]);
} else {
  if (!web) console.log('[tidemark] The Electron binary is not available here (it downloads on first start when online). Serving browser mode instead.');
  run(process.execPath, [join(root, 'dist/server/web.mjs'), ...passThrough]);
}
