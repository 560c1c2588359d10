// The team server's administration from the command line: projects and accounts in a data folder,
// invitation links, and what `serve` refuses before it listens.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTeamData } from '../services/team/data';
import { tempDir } from '../services/test-support/fixtures';
import { runCli } from './cli';

const dir = tempDir();
afterAll(() => dir.remove());
const dataDir = join(dir.path, 'server');

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...process.env, TIDEMARK_TEAM_DIR: dataDir } });
  return { code, out, err };
}

describe('tidemark projects and users', () => {
  it('adds a project with its lead, invites people with roles, lists, resets and revokes', async () => {
    expect((await run('projects', 'add', 'Bad Name')).code).toBe(1);
    // a lead who has no account yet: nothing is made
    expect((await run('projects', 'add', 'early', '--lead', 'Nobody')).err[0]).toMatch(/No account named Nobody: add it first/);
    expect((await run('projects', 'list')).out).toEqual([]);
    // a link needs the server's address: from `serve`, or --url
    expect(await run('users', 'add', 'Lena')).toMatchObject({ code: 2, err: [expect.stringMatching(/No server address known/), expect.any(String)] });
    expect((await run('users', 'list')).out).toEqual([]);
    const lead = await run('users', 'add', 'Lena', '--email', 'lena@example.org', '--url', 'https://tidemark.example.org/');
    expect(lead.code).toBe(0);
    expect(lead.out.join('\n')).toMatch(/^Invitation for Lena \(valid until .*\):\nhttps:\/\/tidemark\.example\.org\/invite\?token=[\w-]{43}$/);
    expect((await run('projects', 'add', 'ovo-s', '--lead', 'Lena')).code).toBe(0);
    expect((await run('projects', 'add', 'ovo-s')).code).toBe(1);
    const ann = await run('users', 'add', 'Ann', '--project', 'ovo-s', '--roles', 'annotator,reviewer', '--url', 'http://127.0.0.1:8741');
    expect(ann.code).toBe(0);
    expect((await run('users', 'add', 'Ann', '--url', 'http://x')).err[0]).toMatch(/already an account named Ann/);
    expect((await run('users', 'add', 'Bo', '--roles', 'nope', '--project', 'ovo-s', '--url', 'http://x')).code).toBe(2);
    expect((await run('users', 'add', 'Bo', '--project', 'nowhere', '--url', 'http://x')).err[0]).toMatch(/No project nowhere/);
    expect((await run('projects', 'list')).out).toEqual([expect.stringMatching(/^ovo-s \(2 members\) — .*ovo-s\.tidemark$/)]);
    expect((await run('projects', 'members', 'ovo-s')).out).toEqual(['Ann: annotator, reviewer (invited)', 'Lena: lead (invited)']);
    expect((await run('projects', 'roles', 'ovo-s', 'Ann', 'reviewer')).code).toBe(0);
    expect((await run('users', 'list')).out).toEqual(['Ann — invited; ovo-s: reviewer', 'Lena <lena@example.org> — invited; ovo-s: lead']);
    // the project lists them as its people, so review rounds can assign them
    const data = await openTeamData(dataDir, { version: 'test', publicUrl: () => 'http://x' });
    try {
      const { project } = await data.host.open('ovo-s');
      expect((await project.stores.review.people()).map((p) => [p.name, p.roles])).toEqual([
        ['Ann', ['reviewer']],
        ['Lena', ['lead']],
      ]);
    } finally {
      await data.close();
    }
    const reset = await run('users', 'reset', 'Ann', '--url', 'http://x');
    expect(reset.out.join('\n')).toMatch(/Ann's password is cleared and their sessions ended/);
    expect((await run('users', 'revoke', 'Ann')).out).toEqual(['Ann: 0 session(s) ended.']);
  });

  it('refuses to serve beyond loopback without TLS, and a database address that is not PostgreSQL', async () => {
    const open = await run('serve', '--listen', '0.0.0.0:8741');
    expect(open.code).toBe(2);
    expect(open.err[0]).toMatch(/Refusing to serve 0\.0\.0\.0 without TLS/);
    expect((await run('serve', '--listen', 'nowhere')).code).toBe(2);
    expect((await run('serve', '--tls-cert', 'a.pem')).err[0]).toMatch(/--tls-cert and --tls-key go together/);
    expect((await run('serve', '--database', 'mysql://localhost/tidemark')).code).toBe(2);
  });
});
