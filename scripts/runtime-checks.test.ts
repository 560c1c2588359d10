import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { childExit, nodeVersionProblem } from './runtime-checks.mjs';

const check = nodeVersionProblem as (version: string, execPath: string) => string | null;
const exit = childExit as (code: number | null, signal: string | null, what: string, forwarded?: string | null) => { code: number; message: string | null };

describe('the Node.js version check', () => {
  it('takes 22.12 and newer', () => {
    for (const version of ['v22.12.0', 'v22.23.3', 'v23.0.0', 'v24.1.2', 'v100.0.0']) expect(check(version, '/usr/bin/node')).toBeNull();
  });

  it('refuses older ones, naming the version found and what to install', () => {
    for (const version of ['v20.20.2', 'v22.11.0', 'v22.0.0', 'v18.19.1', 'v9.99.99', 'nonsense']) {
      const message = check(version, '/usr/bin/node');
      expect(message).toContain(`this is Node.js ${version} (/usr/bin/node)`);
      expect(message).toMatch(/needs Node\.js 22\.12 or newer/);
      expect(message).toContain('nvm install 22');
      expect(message).toContain('https://nodejs.org');
    }
  });

  it('stops npm start and the tidemark command before anything else on an old Node', () => {
    // this Node made to say it is 20 (on Node 20 itself the server would crash later, in better-sqlite3)
    const posing = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})';
    for (const script of ['scripts/start.mjs', 'bin/tidemark.mjs']) {
      const run = spawnSync(process.execPath, ['--import', posing, join(__dirname, '..', script), '--help'], { encoding: 'utf8', timeout: 30_000 });
      expect(run.status, script).toBe(1);
      expect(run.stderr).toContain('this is Node.js v20.20.2');
      expect(run.stdout).toBe('');
    }
  });
});

describe('how a child process ends', () => {
  it('passes exit codes on, 0 included', () => {
    expect(exit(0, null, 'server')).toEqual({ code: 0, message: null });
    expect(exit(3, null, 'server')).toEqual({ code: 3, message: null });
  });

  it('makes a death by a signal a failure, with its cause', () => {
    expect(exit(null, 'SIGSEGV', 'server')).toEqual({ code: 139, message: '[tidemark] The server died with SIGSEGV (exit 139): it crashed in native code.' });
    expect(exit(null, 'SIGKILL', 'desktop app')).toEqual({ code: 137, message: '[tidemark] The desktop app died with SIGKILL (exit 137).' });
    // a SIGTERM from elsewhere is said; the Ctrl-C this process passed on is not
    expect(exit(null, 'SIGTERM', 'server').message).toMatch(/died with SIGTERM/);
    expect(exit(null, 'SIGINT', 'server', 'SIGINT')).toEqual({ code: 130, message: null });
  });

  it('never turns a missing status into 0', () => {
    expect(exit(null, null, 'build').code).toBe(1);
  });

  it('npm start ends with 139 and says why when its server crashes', () => {
    // a copy of the start script beside a built "server" that prints its URL and crashes as better-sqlite3 did on Node 20
    const root = mkdtempSync(join(tmpdir(), 'tidemark-start-'));
    try {
      for (const dir of ['scripts', 'dist/server', 'renderer', 'shared', 'electron']) mkdirSync(join(root, dir), { recursive: true });
      for (const file of ['start.mjs', 'runtime-checks.mjs']) copyFileSync(join(__dirname, file), join(root, 'scripts', file));
      writeFileSync(join(root, 'dist/.build-stamp'), '');
      writeFileSync(join(root, 'dist/server/web.mjs'), "console.log('http://127.0.0.1:40123/?token=x'); process.kill(process.pid, 'SIGSEGV');\n");
      const run = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), '--web'], { encoding: 'utf8', timeout: 30_000 });
      expect(run.stdout).toContain('http://127.0.0.1:40123/');
      expect(run.stderr).toContain('[tidemark] The server died with SIGSEGV (exit 139): it crashed in native code. The address printed above no longer answers.');
      expect(run.status).toBe(139);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
