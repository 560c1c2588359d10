// `npm start`: build if the sources changed, then open the desktop app — or, where the Electron
// binary is unavailable (offline build machines), serve the same app in browser mode.
// `npm run web` (--web) always serves browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childExit, nodeVersionProblem } from './runtime-checks.mjs';

// first of all: on an older Node everything below seems to work until the server crashes
const tooOld = nodeVersionProblem(process.version, process.execPath);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

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
  if (result.status !== 0) {
    const { code, message } = childExit(result.status, result.signal, 'build');
    if (message) console.error(message);
    process.exit(code);
  }
}

function electronBinary() {
  // electron's own module downloads the binary on first use; quietly, in a child, so a machine
  // without network falls back to browser mode with one clear line instead of a stack trace
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const path = probe.status === 0 ? probe.stdout.trim() : '';
  return path && existsSync(path) ? path : null;
}

/** Runs the app as a child and ends as it ends: a child killed by a signal (a crash) is a failure, said. */
function run(command, commandArgs, what, afterCrash = '') {
  const child = spawn(command, commandArgs, { stdio: 'inherit', cwd: root });
  let forwarded = null;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      forwarded = signal;
      child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error(`[tidemark] Could not start the ${what}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (status, signal) => {
    const { code, message } = childExit(status, signal, what, forwarded);
    if (message) console.error(`${message}${afterCrash}`);
    process.exit(code);
  });
}

const require = createRequire(import.meta.url);
const electron = web
  ? null
  : (() => {
      try {
        require.resolve('electron');
        return electronBinary();
      } catch {
        return null;
      }
    })();
if (electron) {
  run(electron, [root, ...passThrough], 'desktop app');
} else {
  if (!web) console.log('[tidemark] The Electron binary is not available here (it downloads on first start when online). Serving browser mode instead.');
  run(process.execPath, [join(root, 'dist/server/web.mjs'), ...passThrough], 'server', ' The address printed above no longer answers.');
}
