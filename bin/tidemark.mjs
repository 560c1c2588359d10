#!/usr/bin/env node
// `tidemark` CLI: runs the built CLI, building it first when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, 'dist', 'cli', 'tidemark.mjs');
if (!existsSync(cli)) {
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(cli);
