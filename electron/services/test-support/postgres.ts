// A throwaway PostgreSQL cluster for the tests that run on both engines: initdb in a temporary
// folder, listening on 127.0.0.1 (a free port) and a socket in that folder, stopped and removed after.
// PostgreSQL refuses to run as root: as root (CI) the cluster belongs to the `postgres` user Debian's
// package creates and its commands run as that user. No PostgreSQL installed is an error that says
// what to install — never a skipped test.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** postgres://… of a database of its own (each call of `database()` makes another). */
  url: string;
  database(): Promise<string>;
  /** Stops the server at once, as a crash would (no shutdown of its clients). */
  crash(): Promise<void>;
  /** Starts it again on the same folder (after a crash). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin');
  throw new Error('PostgreSQL is not installed: the tests of the team server run on it too. Install it (Debian: apt-get install postgresql) and run the tests again.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'tidemark-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]): string => {
    const command = root ? 'runuser' : join(bin, tool);
    const full = root ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
  run('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  const start = (): void => {
    run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=on`, 'start']);
  };
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    database: async () => {
      const name = `tidemark_test_${++databases}`;
      run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-qc', `CREATE DATABASE ${name}`]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    crash: async () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start: async () => start(),
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let databases = 0;

/** A new empty database in the cluster at `url` (the test run's, see postgres-global.ts), for a suite of its own: postgres://… */
export async function freshDatabase(url: string): Promise<string> {
  const name = `tidemark_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
