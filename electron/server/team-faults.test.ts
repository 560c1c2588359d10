// The team server as a process of its own, killed without warning (SIGKILL) while annotators write:
// every edit it acknowledged is there after a restart; and a client that drops in the middle of
// sending a call leaves nothing of it. On both engines.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '../../shared/team';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { workerDefines } from '../../scripts/workers.mjs';
import { openTeamData } from '../services/team/data';
import { tempDir } from '../services/test-support/fixtures';
import { insertTestVideo } from '../services/test-support/project';
import { startTestPostgres, type TestPostgres } from '../services/test-support/postgres';

const root = join(__dirname, '..', '..');
const dir = tempDir();
/** The CLI bundled as the build bundles it, inside the repository so that its packages resolve. */
const cli = join(root, 'node_modules', '.cache', 'tidemark-team-faults', 'tidemark.mjs');
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  mkdirSync(join(root, 'node_modules', '.cache', 'tidemark-team-faults'), { recursive: true });
  await build({
    entryPoints: [join(root, 'electron/cli/main.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'external',
    define: await workerDefines(root),
    logLevel: 'silent',
  });
}, 60_000);
afterAll(() => dir.remove());

/** `tidemark serve` as a child process: its address once it listens. */
async function serve(dataDir: string, database: string | null): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--data-dir', dataDir, '--listen', '127.0.0.1:0', ...(database ? ['--database', database] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`tidemark serve exited (${code}): ${err}`)));
  });
  return { child, url };
}

async function signIn(url: string, name: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${url}/team/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: PASSWORD }) });
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return { cookie: cookies.join('; '), csrf: cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!.split('=')[1]! };
}

describe.each(['the embedded engine', 'PostgreSQL'] as const)('the team server on %s, killed', (engine) => {
  let postgres: TestPostgres | null = null;
  let database: string | null = null;
  let dataDir: string;
  let videoId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(dir.path, 'server-'));
    if (engine === 'PostgreSQL') {
      postgres = await startTestPostgres();
      database = await postgres.database();
    }
    const data = await openTeamData(dataDir, { version: 'test', publicUrl: () => 'http://127.0.0.1', ...(database ? { database } : {}) });
    try {
      await data.host.create('p');
      videoId = await insertTestVideo((await data.host.open('p')).project);
      for (const name of ['Ann', 'Bo', 'Cy']) {
        await data.accounts.addAccount(name);
        await data.host.setRoles('p', name, ['annotator'], name);
        const token = new URL((await data.accounts.invitation(name)).link).searchParams.get('token')!;
        await data.accounts.acceptInvitation(token, PASSWORD);
      }
    } finally {
      await data.close();
    }
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it('loses no acknowledged edit when SIGKILLed during writes, and keeps nothing of a call cut off mid-body', async () => {
    const first = await serve(dataDir, database);
    const acknowledged: string[] = [];
    let stopped = false;
    try {
      const people = await Promise.all(['Ann', 'Bo', 'Cy'].map((name) => signIn(first.url, name)));
      // three annotators writing marks as fast as the server answers; the server is killed under them
      const writers = people.map(async (who, w) => {
        for (let i = 0; !stopped; i++) {
          try {
            const response = await fetch(`${first.url}/p/p/api/marks.create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrf-token': who.csrf },
              body: JSON.stringify({ videoId, marks: [{ type: 'event', start: w * 1000 + i / 10, end: null, target: 'events', data: {} }] }),
            });
            const answer = (await response.json()) as { ok: boolean; value?: Array<{ id: string }> };
            if (answer.ok) acknowledged.push(...answer.value!.map((m) => m.id));
          } catch {
            return; // the server is gone: this call was not acknowledged
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      first.child.kill('SIGKILL');
      stopped = true;
      await Promise.all(writers);
    } finally {
      first.child.kill('SIGKILL');
    }
    expect(acknowledged.length).toBeGreaterThan(10);

    const second = await serve(dataDir, database);
    try {
      const ann = await signIn(second.url, 'Ann');
      const call = async (method: string, body: unknown) =>
        (await (
          await fetch(`${second.url}/p/p/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: ann.cookie, 'x-csrf-token': ann.csrf }, body: JSON.stringify(body) })
        ).json()) as {
          ok: boolean;
          value: { marks: Array<{ id: string }> };
        };
      const stored = new Set((await call('annotations.load', { videoId })).value.marks.map((m) => m.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

      // a call whose body stops halfway (the client's connection dropped) writes nothing
      const before = stored.size;
      const body = JSON.stringify({ videoId, marks: [{ type: 'event', start: 9999, end: null, target: 'events', data: {} }] });
      const { port } = new URL(second.url);
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST /p/p/api/marks.create HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nCookie: ${ann.cookie}\r\nX-CSRF-Token: ${ann.csrf}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, body.length >> 1)}`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await call('annotations.load', { videoId })).value.marks).toHaveLength(before);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 120_000);
});
