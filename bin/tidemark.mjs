#!/usr/bin/env node
// `tidemark` CLI: runs the built CLI, building it first when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childExit, nodeVersionProblem } from '../scripts/runtime-checks.mjs';

// first of all: on an older Node the CLI crashes in better-sqlite3 (SIGSEGV) once it opens a project
const tooOld = nodeVersionProblem(process.version, process.execPath);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, 'dist', 'cli', 'tidemark.mjs');
if (!existsSync(cli)) {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) {
    const { code, message } = childExit(built.status, built.signal, 'build');
    if (message) console.error(message);
    process.exit(code);
  }
}
await import(cli);
