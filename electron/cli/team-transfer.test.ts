// tidemark push and pull against a running team server: a local project with people, marks,
// questions, a review round, reviews, drafts and a run goes into a team project and comes back as a
// new project file with every row as it was (its lossless export byte for byte the same) — on both
// engines: the team project a file in the server's data folder, or a schema on PostgreSQL.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTeamServer, type TeamServer } from '../server/team-server';
import { exportTidemarkJsonl } from '../services/exchange/tidemark-jsonl';
import { createHandlers } from '../services/handlers';
import { Project } from '../services/projects/project';
import { submitReview } from '../services/review/reviewing';
import { openTeamData, type TeamData } from '../services/team/data';
import { tempDir } from '../services/test-support/fixtures';
import { freshDatabase } from '../services/test-support/postgres';
import { addDraftsAndRun, lead, openRoundOfAnns, populateForReview, rita } from '../services/test-support/review';
import { runCli } from './cli';

async function run(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...process.env, ...env } });
  return { code, out, err };
}

const lossless = async (path: string): Promise<string[]> => {
  const project = await Project.open(path, { create: false, readOnly: true });
  try {
    // every row, as a lead sees it; the header line names the project (its name differs)
    return (await exportTidemarkJsonl(project, lead)).parts.join('').split('\n').slice(1);
  } finally {
    await project.close();
  }
};

describe.each(['the embedded engine', 'PostgreSQL'] as const)('tidemark push and pull, the team project on %s', (engine) => {
  const dir = tempDir();
  let data: TeamData;
  let server: TeamServer;
  const local = join(dir.path, 'local.tidemark');
  const PASSWORD = 'correct horse battery';

  beforeAll(async () => {
    let url = '';
    data = await openTeamData(join(dir.path, 'server'), { version: 'test', publicUrl: () => url, ...(engine === 'PostgreSQL' ? { database: await freshDatabase(inject('postgres')) } : {}) });
    server = await startTeamServer({ host: data.host, accounts: data.accounts, handlers: createHandlers(), staticDir: dir.path });
    url = server.url;
    await data.host.create('team');
    for (const [name, roles] of [
      ['Lee', ['lead']],
      ['Ann', ['annotator']],
    ] as const) {
      await data.accounts.addAccount(name);
      await data.host.setRoles('team', name, [...roles], 'Lee');
      await data.accounts.acceptInvitation(new URL((await data.accounts.invitation(name)).link).searchParams.get('token')!, PASSWORD);
    }
    // the local project: what a person made on their own machine
    const project = await Project.open(local, { create: true, name: 'Local work' });
    const fx = await populateForReview(project);
    await addDraftsAndRun(project, fx, join(dir.path, 'run.jsonl'));
    await openRoundOfAnns(project, 'R1', ['Rita']);
    const point = (await project.stores.annotation.queryPointsOfVideo(fx.videoId)).find((p) => p.questionId === fx.plainId)!;
    await submitReview(project, rita, { questionId: fx.plainId, round: 1, answers: [{ queryPointId: point.id, answer: 'A' }], verdict: 'accept', reason: null, notes: '', secondsSpent: 30 });
    await project.close();
  }, 60_000);

  afterAll(async () => {
    await server.close();
    await data.close();
    dir.remove();
  });

  it('round-trips a project through a team server without losing a row', async () => {
    const env = { TIDEMARK_PASSWORD: PASSWORD };
    // (accepting the invitation signed Lee in: that session is not the commands')
    await data.accounts.revoke('Lee');
    expect((await run({}, 'push', local, '--server', server.url, '--project', 'team', '--user', 'Lee')).err[0]).toMatch(/Set TIDEMARK_PASSWORD/);
    expect((await run(env, 'push', local, '--server', 'http://tidemark.example.org', '--project', 'team', '--user', 'Lee')).err[0]).toMatch(/plain http to another machine/);
    // only a lead of the team project
    const refused = await run(env, 'push', local, '--server', server.url, '--project', 'team', '--user', 'Ann');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/Only a lead of team/);
    const pushed = await run(env, 'push', local, '--server', server.url, '--project', 'team', '--user', 'Lee');
    expect(pushed.err.slice(0, 5)).toEqual([]);
    expect(pushed.code).toBe(0);
    expect(pushed.out[0]).toMatch(/^Pushed .*local\.tidemark into team: \d+ rows imported/);
    // again: everything is there already
    expect((await run(env, 'push', local, '--server', server.url, '--project', 'team', '--user', 'Lee')).out[0]).toMatch(/: 0 rows imported, \d+ already there\.$/);

    const pulledPath = join(dir.path, 'pulled.tidemark');
    const pulled = await run(env, 'pull', '--server', server.url, '--project', 'team', '--user', 'Lee', '--out', pulledPath);
    expect(pulled.code).toBe(0);
    expect((await run(env, 'pull', '--server', server.url, '--project', 'team', '--user', 'Lee', '--out', pulledPath)).err[0]).toMatch(/already exists/);
    const before = await lossless(local);
    const after = await lossless(pulledPath);
    // people are matched by name: the team project's members (Lee, Ann) stand for the pushed ones of those names
    const people = (lines: string[]) => lines.filter((l) => l.startsWith('{"table":"people"')).map((l) => (JSON.parse(l) as { row: { name: string } }).row.name);
    expect(after.filter((l) => !l.startsWith('{"table":"people"'))).toEqual(before.filter((l) => !l.startsWith('{"table":"people"')));
    expect(people(after).sort()).toEqual(people(before).sort());
    expect(before.some((l) => l.startsWith('{"table":"reviews"'))).toBe(true);
    expect(before.some((l) => l.startsWith('{"table":"responses"'))).toBe(true);
    // each signed out after: no session left behind
    expect(await data.accounts.revoke('Lee')).toBe(0);
    // the audit log says who pushed and pulled
    const log = await data.accounts.store.auditOf('team', 10);
    expect(log.map((e) => `${e.person} ${e.what}`)).toEqual(expect.arrayContaining(['Lee push', 'Lee pull']));
  }, 60_000);
});
