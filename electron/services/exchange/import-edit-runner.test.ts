import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { JobRegistry } from '../jobs/registry';
import { Project } from '../projects/project';
import { tempDir, tools } from '../test-support/fixtures';
import { sqliteOf } from '../test-support/project';
import { importWriter } from './import-edit-runner';
import { importBenchmarkFile } from './service';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { workerDefines } from '../../../scripts/workers.mjs';

const caller: Caller = { person: 'ann', role: 'lead' };
const dir = tempDir();
const nowhere = join(dir.path, 'nowhere');

/** An OVO-S line (its video is not there: its questions come in on a placeholder). */
const line = (id: number): string =>
  JSON.stringify({
    id,
    category_index: `1.1.1_${id}`,
    source_dataset: 's',
    video_id: 'v',
    video_path: `v${id % 3}.mp4`,
    level: 1,
    task_main_category: '1.1',
    task_subcategory: '1.1.1',
    task_type_name: 't',
    question: `q${id}`,
    options: { A: 'a', B: 'b' },
    query_times: [id % 50],
    evidence_times: [[0, 1]],
    answers: ['A'],
  });

function ovoFile(name: string, records: number, badLast = false): string {
  const lines = Array.from({ length: records }, (_, i) => line(i));
  if (badLast) lines[records - 1] = lines[records - 1]!.replace(/"question":"[^"]*"/, '"question":5');
  const path = join(dir.path, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const count = (project: Project, table: string): number => sqliteOf(project).db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;

/** The imported questions as a person sees them, without the ids and times each import makes anew. */
const questionsOf = (project: Project) =>
  sqliteOf(project)
    .db.query<{ fields: string; provenance: string; created_by: string; video: string; points: string }>(
      `SELECT q.fields, q.provenance, q.created_by, v.rel_path AS video, (SELECT group_concat(p.time || ' ' || p.fields, '|') FROM query_points p WHERE p.question_id = q.id) AS points
       FROM questions q JOIN videos v ON v.id = q.video_id ORDER BY q.created_at, q.rowid`,
    )
    .all();

let big: string;
beforeAll(() => {
  big = ovoFile('big.jsonl', 12_000);
});
afterAll(() => dir.remove());

describe("an import's writer thread", () => {
  it('is what this build writes imports with', async () => {
    const project = await Project.open(join(dir.path, 'which.tidemark'), { create: true });
    const writer = await importWriter(project);
    expect(writer.where).toBe('thread');
    await writer.abort();
    await project.close();
  });

  it('writes the same questions as the edit written in the server thread, as one undoable step', async () => {
    const [inThread, here] = await Promise.all(['thread', 'here'].map((name) => Project.open(join(dir.path, `${name}.tidemark`), { create: true })));
    const imported = await importBenchmarkFile(inThread!, caller, tools, { path: big, format: 'ovo-s', mediaDir: nowhere });
    expect(imported).toMatchObject({
      importedQuestions: 12_000,
      refused: false,
      missingMedia: [
        { videoPath: 'v0.mp4', questions: 4000 },
        { videoPath: 'v1.mp4', questions: 4000 },
        { videoPath: 'v2.mp4', questions: 4000 },
      ],
    });
    // the same file with the edit written here
    const viaLocal = await importBenchmarkFile(here!, caller, tools, { path: big, format: 'ovo-s', mediaDir: nowhere }, undefined, (project) => importWriter(project, false));
    expect(viaLocal).toEqual(imported);
    expect(questionsOf(inThread!)).toEqual(questionsOf(here!));
    // one step back, and forward again
    expect((await inThread!.store.undo('ann'))?.label).toBe('Import big.jsonl');
    expect(count(inThread!, 'questions')).toBe(0);
    expect(count(inThread!, 'videos')).toBe(0);
    expect((await inThread!.store.redo('ann'))?.label).toBe('Import big.jsonl');
    expect(questionsOf(inThread!)).toEqual(questionsOf(here!));
    await Promise.all([inThread!.close(), here!.close()]);
  });

  it('lets edits asked for meanwhile wait their turn, and writes nothing of a file refused after it began', async () => {
    const project = await Project.open(join(dir.path, 'refused.tidemark'), { create: true });
    const bad = ovoFile('bad-last.jsonl', 12_000, true);
    let meanwhile: Promise<void> | null = null;
    const outcome = await importBenchmarkFile(
      project,
      caller,
      tools,
      { path: bad, format: 'ovo-s', mediaDir: nowhere },
      {
        signal: new AbortController().signal,
        // half the file read: its writer has begun (the first thousand items went to it long ago); an
        // edit asked for now waits for the import to roll back, and is then done, not lost
        progress: (_, message) => {
          if (message?.endsWith(': 50%'))
            meanwhile = sqliteOf(project).editRows('ann', 'Add Bo', (tx) => tx.put('people', { id: 'bo', name: 'Bo', roles: '["annotator"]', created_at: new Date().toISOString() }));
        },
      },
    );
    expect(outcome.refused).toBe(true);
    expect(outcome.problems).toEqual([expect.objectContaining({ line: 12_000, field: 'question' })]);
    expect(outcome.missingMedia).toEqual([]);
    expect(meanwhile).not.toBeNull();
    await meanwhile;
    expect(count(project, 'questions')).toBe(0);
    expect(count(project, 'videos')).toBe(0);
    expect(count(project, 'people')).toBeGreaterThan(0);
    expect((await project.store.history('ann')).map((h) => h.label)).toEqual(['Add Bo']);
    await project.close();
  });

  it.each([
    ['while the file is read', (message: string) => message.endsWith(': 50%')],
    ['while the last items are written', (message: string) => message.startsWith('Writing')],
  ])('rolls back when cancelled %s, or (too late) says it imported: never half, never silently', async (when, cancelOn) => {
    const project = await Project.open(join(dir.path, `cancelled-${when.length}.tidemark`), { create: true });
    const jobs = new JobRegistry();
    const job = jobs.start({ kind: 'exchange', label: 'import', format: 'ovo-s' }, (control) =>
      importBenchmarkFile(
        project,
        caller,
        tools,
        { path: big, format: 'ovo-s', mediaDir: nowhere },
        {
          signal: control.signal,
          progress: (fraction, message) => (message && cancelOn(message) ? jobs.cancel(job.id) : control.progress(fraction, message)),
        },
      ),
    );
    const finished = await jobs.wait(job.id);
    expect(finished.state).toBe('cancelled');
    // what the job says agrees with the project: nothing (no outcome), or all of it (its outcome)
    const written = count(project, 'questions');
    if (finished.result === undefined) expect([written, await project.store.history('ann')]).toEqual([0, []]);
    else expect([written, (finished.result as { importedQuestions: number }).importedQuestions]).toEqual([12_000, 12_000]);
    if (when === 'while the file is read') expect(written).toBe(0);
    const again = await importBenchmarkFile(project, caller, tools, { path: big, format: 'ovo-s', mediaDir: nowhere });
    expect(again.importedQuestions + again.alreadyPresent).toBe(12_000);
    await project.close();
  });

  it('where the edit is written in the server thread, a cancel while it writes rolls it all back', async () => {
    const project = await Project.open(join(dir.path, 'cancelled-here.tidemark'), { create: true });
    const jobs = new JobRegistry();
    const job = jobs.start({ kind: 'exchange', label: 'import', format: 'ovo-s' }, (control) =>
      importBenchmarkFile(
        project,
        caller,
        tools,
        { path: big, format: 'ovo-s', mediaDir: nowhere },
        { signal: control.signal, progress: (fraction, message) => (message?.startsWith('Writing') ? jobs.cancel(job.id) : control.progress(fraction, message)) },
        (project) => importWriter(project, false),
      ),
    );
    const finished = await jobs.wait(job.id);
    expect([finished.state, finished.result]).toEqual(['cancelled', undefined]);
    expect(count(project, 'questions')).toBe(0);
    expect(count(project, 'videos')).toBe(0);
    expect(await project.store.history('ann')).toEqual([]);
    await project.close();
  });

  it('refuses a project opened for reading before it reads the file', async () => {
    const path = join(dir.path, 'read-only.tidemark');
    await (await Project.open(path, { create: true })).close();
    const project = await Project.open(path, { create: false, readOnly: true });
    await expect(importBenchmarkFile(project, caller, tools, { path: big, format: 'ovo-s', mediaDir: nowhere })).rejects.toMatchObject({ code: 'forbidden' });
    await project.close();
  });

  it('writes nothing when its thread dies mid-write, and says so', async () => {
    const project = await Project.open(join(dir.path, 'died.tidemark'), { create: true });
    const writer = await importWriter(project);
    writer.begin({ person: 'ann', label: 'Import x', existing: 'skip', now: new Date().toISOString(), projectDir: dir.path, profile: 'ovo-s-bench', customProfile: null });
    writer.videos({ known: [], probed: [], placeholders: [[join(nowhere, 'v.mp4'), 'video-1']] });
    writer.items([{ identity: '1', fields: JSON.stringify({ text: 'q' }), points: [[1, '{}']], marks: [], video: join(nowhere, 'v.mp4'), videoPath: 'v.mp4' }]);
    // the first item written (inside the open transaction), then the thread ends as a crash would end it
    await vi.waitFor(() => expect(writer.written).toBe(1));
    await (writer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(writer.commit()).rejects.toThrow(/stopped before it finished; nothing was written/);
    expect(count(project, 'questions')).toBe(0);
    expect(count(project, 'videos')).toBe(0);
    // the project's other writes go on
    await sqliteOf(project).editRows('ann', 'After', (tx) => tx.put('people', { id: 'cy', name: 'Cy', roles: '["annotator"]', created_at: new Date().toISOString() }));
    expect((await project.store.history('ann')).map((h) => h.label)).toEqual(['After']);
    await project.close();
  });

  it('leaves all of an import or none of it when the process is killed while it writes', async () => {
    const driver = join(dir.path, 'import-driver.cjs');
    writeFileSync(
      join(dir.path, 'import-driver.ts'),
      `import { Project } from ${JSON.stringify(join(__dirname, '..', 'projects', 'project.ts'))};
import { importBenchmarkFile } from ${JSON.stringify(join(__dirname, 'service.ts'))};
import { tools } from ${JSON.stringify(join(__dirname, '..', 'test-support', 'fixtures.ts'))};
import { sqliteOf } from '../test-support/project';
const [path, file, nowhere] = process.argv.slice(2);
void (async () => {
  const project = await Project.open(path, { create: false });
  const say = (line: string) => process.stdout.write(line + '\\n');
  await importBenchmarkFile(project, { person: 'ann', role: 'lead' }, tools, { path: file, format: 'ovo-s', mediaDir: nowhere }, { signal: new AbortController().signal, progress: (_, message) => message && say(message) });
  say('done');
  await project.close();
})();
`,
    );
    await build({
      entryPoints: [join(dir.path, 'import-driver.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      define: await workerDefines(join(__dirname, '..', '..', '..')),
      outfile: driver,
      logLevel: 'silent',
    });
    // killed when it says this (the writer has begun at the first thousand items), and what the project then holds
    const rounds: Array<[when: RegExp, holds: number[]]> = [
      [/Reading big\.jsonl: [2-4]\d%/, [0]],
      [/Reading big\.jsonl: [5-9]\d%/, [0]],
      [/^Writing/, [0, 12_000]],
      [/^done$/, [12_000]],
    ];
    for (const [round, [when, holds]] of rounds.entries()) {
      const path = join(dir.path, `killed-${round}.tidemark`);
      await (await Project.open(path, { create: true })).close();
      const child = spawn(process.execPath, [driver, path, big, nowhere], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, NODE_PATH: join(__dirname, '..', '..', '..', 'node_modules') },
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      let said = '';
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.split('\n').some((line) => when.test(line))) resolve();
        }),
      );
      child.kill('SIGKILL');
      await exited;
      const db = new Database(path);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const questions = (db.prepare('SELECT count(*) AS n FROM questions').get() as { n: number }).n;
      const logged = (db.prepare("SELECT count(*) AS n FROM edit_log WHERE label = 'Import big.jsonl'").get() as { n: number }).n;
      expect(holds).toContain(questions);
      expect(logged).toBe(questions === 0 ? 0 : 1);
      expect((db.prepare('SELECT count(*) AS n FROM query_points').get() as { n: number }).n).toBe(questions);
      db.close();
    }
  }, 120_000);
});
