// The runs store on both engines, through its interface (RunStore, and RunWrites inside an edit).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ModelResponse } from '../../../shared/runs/types';
import { Pacer } from '../pacer';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { judgmentFieldsSchema } from '../runs/store';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, newProjectEachTest, rawEdit } from '../test-support/project';
import { PgProjectStore } from './postgres/project-store';
import { SLICE } from './postgres/runs';

const ovo = builtinProfileId('ovo-s-bench');
const response = (id: string, runId: string, questionId: string, t: number | null, extra: Partial<ModelResponse> = {}): ModelResponse => ({
  id,
  runId,
  questionId,
  query: 0,
  t,
  text: `answer ${id}`,
  latency: null,
  ...extra,
});
const run = (id: string, model: string, label: string, createdAt: string) => ({
  id,
  model,
  label,
  source: `${label}.jsonl`,
  protocol: null,
  settings: { temperature: 0 },
  createdBy: 'Lee',
  createdAt,
});
const fields = (reason: string, model = 'judge-1') => judgmentFieldsSchema.parse({ reason, model, template: 't', version: 1, raw: null, inputTokens: 1, outputTokens: 2, costUsd: 0.5 });

/** A video and questions on it written as rows (the videos' and questions' stores are another feature's). */
async function addVideoWithQuestions(project: Project, questionIds: readonly string[]): Promise<string> {
  const videoId = randomUUID();
  await rawEdit(project, 'test', 'Video and questions', async (tx) => {
    await tx.put('videos', {
      id: videoId,
      name: 'v.mp4',
      rel_path: 'v.mp4',
      fingerprint: randomUUID(),
      file_size: 1,
      duration: 60,
      fps: 30,
      fps_rational: '30/1',
      variable_fps: 0,
      width: 640,
      height: 360,
      codec: 'h264',
      audio_codec: null,
      container: 'mp4',
      added_at: '2026-01-01T00:00:00.000Z',
    });
    for (const id of questionIds)
      await tx.put('questions', { id, video_id: videoId, profile_id: ovo, fields: JSON.stringify({ text: id }), provenance: '{}', created_by: 'ann', created_at: 't', updated_at: 't' });
  });
  return videoId;
}

/** Runs and responses whose order tells byte order from a language's ('B' < 'a' or not), NULL first or last, and each tie's next column. */
async function expectSqliteOrder(project: Project): Promise<void> {
  await addVideoWithQuestions(project, ['Qz', 'qa']);
  await project.edit('Lee', 'Import', async (w) => {
    await w.runs.addRun(run('r1', 'alpha', 'b', '2026-02-01'));
    await w.runs.addRun(run('r2', 'Zeta', 'a', '2026-02-01'));
    await w.runs.addRun(run('r3', 'alpha', 'B', '2026-02-01'));
    await w.runs.addRun(run('r4', 'alpha', 'a', '2026-01-31'));
    for (const [id, q, query, t] of [
      ['sa', 'qa', 0, 2],
      ['sB', 'qa', 0, 2],
      ['sn', 'qa', 0, null],
      ['s1', 'qa', 1, 0],
      ['sQ', 'Qz', 5, 9],
    ] as const)
      await w.runs.addResponse(response(id, 'r1', q, t, { query }));
  });
  expect((await project.stores.runs.list()).map((r) => r.id)).toEqual(['r4', 'r2', 'r3', 'r1']);
  expect((await project.stores.runs.responsesOfRun('r1')).map((r) => r.id)).toEqual(['sQ', 'sn', 'sB', 'sa', 's1']);
}

describe.each(ENGINES)('the runs store (%s)', (engine) => {
  let project: Project;
  let videoId: string;
  const store = () => project.stores.runs;

  newProjectEachTest(async (p) => {
    project = p;
    videoId = await addVideoWithQuestions(project, ['q1']);
    await addVideoWithQuestions(project, ['q2']);
  }, engine);

  it('adds runs and responses in one undoable edit, lists them with their counts, and reads them back typed', async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('rb', 'gpt', 'second', '2026-02-02'));
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addResponse(response('s2', 'ra', 'q2', 3));
      await w.runs.addResponse(response('s1', 'ra', 'q1', null, { frames: [0, 1], meta: { temperature: 0 } }));
      // what the edit has written so far is read inside it
      expect(await w.runs.hasRunNamed('gemini', 'first')).toBe(true);
      expect((await w.runs.get('ra'))?.responses).toBe(2);
    });
    expect((await store().list()).map((r) => [r.id, r.responses])).toEqual([
      ['ra', 2],
      ['rb', 0],
    ]);
    expect(await store().get('ra')).toEqual({ ...run('ra', 'gemini', 'first', '2026-02-01'), responses: 2 });
    expect(await store().get('nope')).toBeNull();
    expect(await store().hasRunNamed('gemini', 'first')).toBe(true);
    expect(await store().hasRunNamed('gemini', 'second')).toBe(false);
    expect(await store().responsesOfRun('ra')).toEqual([response('s1', 'ra', 'q1', null, { frames: [0, 1], meta: { temperature: 0 } }), response('s2', 'ra', 'q2', 3)]);
    await project.store.undo('Lee');
    expect(await store().list()).toEqual([]);
  });

  it('orders as SQLite does: text by its bytes (capitals first), a missing time first, ties by the next column', () => expectSqliteOrder(project));

  it("reads a run's responses paced, all of them or one video's, on a snapshot", async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addRun(run('rb', 'gemini', 'other', '2026-02-01'));
      for (const [i, q] of ['q1', 'q2', 'q1'].entries()) await w.runs.addResponse(response(`s${i}`, 'ra', q, i));
      await w.runs.addResponse(response('other', 'rb', 'q1', 0));
    });
    const [all, ofVideo] = await project.snapshot(async (stores) => {
      const { scan } = stores.runs;
      return [await scan.responsesOfRun('ra', new Pacer()), await scan.responsesOfVideo('ra', videoId, new Pacer())];
    });
    expect(all.map((r) => r.id).sort()).toEqual(['s0', 's1', 's2']);
    expect(ofVideo.map((r) => r.id).sort()).toEqual(['s0', 's2']);
    expect(ofVideo.find((r) => r.id === 's0')).toEqual(response('s0', 'ra', 'q1', 0));
  });

  it('reads and removes a run larger than a slice: every response once, undone as one step', async () => {
    const count = SLICE + 7;
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      for (let i = 0; i < count; i++) await w.runs.addResponse(response(`s${i}`, 'ra', i % 2 ? 'q1' : 'q2', i));
    });
    const [all, ofVideo] = await project.snapshot(async (stores) => [await stores.runs.scan.responsesOfRun('ra', new Pacer()), await stores.runs.scan.responsesOfVideo('ra', videoId, new Pacer())]);
    expect(new Set(all.map((r) => r.id)).size).toBe(count);
    expect(all).toHaveLength(count);
    expect(all[count - 1]).toEqual(response(`s${count - 1}`, 'ra', 'q2', count - 1));
    expect(ofVideo).toHaveLength((count - 1) / 2);
    await project.edit('Lee', 'Remove', (w) => w.runs.removeRun('ra'));
    expect(await store().list()).toEqual([]);
    await project.store.undo('Lee');
    expect((await store().get('ra'))?.responses).toBe(count);
  });

  it("keeps a model's answer with U+0000 in it (PostgreSQL's text cannot hold one) as it was", async () => {
    const odd = response('s1', 'ra', 'q1', 1, { text: 'a\u0000b \u0001 \\0 end' });
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addResponse(odd);
    });
    expect(await store().responsesOfRun('ra')).toEqual([odd]);
    expect(await project.snapshot((stores) => stores.runs.scan.responsesOfVideo('ra', videoId, new Pacer()))).toEqual([odd]);
  });

  it('removes a run with its responses, undone as one step', async () => {
    await project.edit('Lee', 'Import', async (w) => {
      await w.runs.addRun(run('ra', 'gemini', 'first', '2026-02-01'));
      await w.runs.addResponse(response('s1', 'ra', 'q1', 1));
    });
    await project.edit('Lee', 'Remove', (w) => w.runs.removeRun('ra'));
    expect(await store().list()).toEqual([]);
    expect(await store().responsesOfRun('ra')).toEqual([]);
    await project.store.undo('Lee');
    expect((await store().responsesOfRun('ra')).map((r) => r.id)).toEqual(['s1']);
  });

  it("stores judgments by key and repeat, replaces a person's, and finds them by key prefix", async () => {
    await project.edit('Lee', 'Judgments', async (w) => {
      await w.runs.addJudgment('k1', 1, { score: 2, reason: 'second', verdict: 'no' }, fields('second'));
      await w.runs.addJudgment('k1', 0, { score: 4, reason: 'first', verdict: 'yes' }, fields('first'));
      await w.runs.addJudgment('person:Ann\u0000k1', 0, { score: 1, reason: 'mine' }, fields('mine', 'person:Ann'));
    });
    expect(await store().judgments(['k1', 'k1', 'missing'])).toEqual(
      new Map([
        [
          'k1',
          [
            { score: 4, reason: 'first', verdict: 'yes' },
            { score: 2, reason: 'second', verdict: 'no' },
          ],
        ],
      ]),
    );
    expect([await store().isJudged('k1'), await store().isJudged('k1', 1), await store().isJudged('k1', 2), await store().isJudged('k2')]).toEqual([true, true, false, false]);
    await project.edit('Ann', 'Again', (w) => w.runs.replaceJudgment('person:Ann\u0000k1', { score: 5, reason: 'changed' }, fields('changed', 'person:Ann')));
    const people = await store().judgmentsKeyedFrom('person:');
    expect(people).toEqual([{ key: 'person:Ann\u0000k1', repeat: 0, judgment: { score: 5, reason: 'changed' }, fields: fields('changed', 'person:Ann') }]);
    // a prefix is matched as written: a judge's key is not a person's
    expect(await store().judgmentsKeyedFrom('Person:')).toEqual([]);
  });

  it('keeps keys with U+0000 and U+0001 apart and whole; answers for more keys than one query asks, in the order asked', async () => {
    const keys = ['a\u0000b', 'a\u0001b', 'a\u00010b', 'a\u0001\u0001b', 'a0b', 'a\\0b'];
    const many = Array.from({ length: 2_500 }, (_, i) => `["judge",${i}]`);
    await project.edit('Lee', 'Judgments', async (w) => {
      for (const [i, key] of [...keys, ...many].entries()) await w.runs.addJudgment(key, 0, { score: i, reason: key }, fields(key));
    });
    const asked = [...many].reverse().concat(keys);
    const found = await store().judgments(asked);
    expect([...found.keys()]).toEqual(asked);
    expect(keys.map((k) => found.get(k)?.[0]?.reason)).toEqual(keys);
    for (const key of keys) expect(await store().isJudged(key)).toBe(true);
    expect(await store().isJudged('a\u0000')).toBe(false);
    expect((await store().judgmentsKeyedFrom('a\u0001')).map((j) => j.key).sort()).toEqual(['a\u0001\u0001b', 'a\u00010b', 'a\u0001b']);
    await project.edit('Ann', 'Again', (w) => w.runs.replaceJudgment('a\u0000b', { score: 9, reason: 'again' }, fields('again')));
    expect((await store().judgments(['a\u0000b', 'a\u00010b'])).get('a\u0000b')).toEqual([{ score: 9, reason: 'again' }]);
    expect((await store().judgments(['a\u00010b'])).get('a\u00010b')?.[0]?.reason).toBe('a\u00010b');
  });
});

describe('the runs store on a PostgreSQL database whose locale orders text by a language', () => {
  // a team server's database may sort text as English does ('a' < 'B'); runs and responses must
  // still come in a project file's order
  const name = `tidemark_runs_icu_${process.pid}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: inject('postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  let project: Project;
  let dir: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`);
    const url = new URL(inject('postgres'));
    url.pathname = `/${name}`;
    dir = tempDir();
    project = await Project.over(join(dir.path, 'p.tidemark'), await PgProjectStore.open({ database: url.toString(), project: 'icu', create: true }));
  });

  afterAll(async () => {
    await project.close();
    dir.remove();
    await admin(`DROP DATABASE ${name}`);
  });

  it('orders runs and responses byte by byte, not by the locale', () => expectSqliteOrder(project));
});
