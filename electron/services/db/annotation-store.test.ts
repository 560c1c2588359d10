// The annotation store on both engines, through its interface (AnnotationStore, and AnnotationWrites inside an edit).
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Mark } from '../../../shared/marks';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question } from '../../../shared/questions';
import { encodeQueryPointFields, encodeQuestionFields } from '../annotation/store';
import { Pacer } from '../pacer';
import { builtinProfileId } from '../profiles/builtin';
import { Project } from '../projects/project';
import { tempDir } from '../test-support/fixtures';
import { ENGINES, insertTestVideo, newProjectEachTest, rawEdit } from '../test-support/project';
import { PgProjectStore } from './postgres/project-store';

let project: Project;
let videoId: string;
const store = () => project.stores.annotation;

const ovo = builtinProfileId('ovo-s-bench');
const question = (id: string, text: string, fields: Record<string, unknown> = {}): Question => ({
  ...questionFieldsSchema.parse({ profileId: ovo, text, ...fields }),
  id,
  videoId,
  provenance: { text: 'human' },
  createdBy: 'ann',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const point = (id: string, questionId: string, time: number, answer: string | null = null): QueryPoint => ({ ...queryPointFieldsSchema.parse({ time, answer }), id, questionId });
const event = (id: string, start: number, target = 'cuts'): Extract<Mark, { type: 'event' }> => ({ id, videoId, type: 'event', start, end: null, target, data: {} });
const span = (id: string, start: number, end: number | null): Extract<Mark, { type: 'span' }> => ({ id, videoId, type: 'span', start, end, target: 'cuts', data: {} });

describe.each(ENGINES)('the annotation store (%s)', (engine) => {
  newProjectEachTest(async (p) => {
    project = p;
    videoId = await insertTestVideo(project);
  }, engine);

  it('lists and gets marks, questions and points, each in its order, typed', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addMarks([event('m2', 5), event('m1', 2), event('m3', 2, 'doors')]);
      await w.addQuestion(question('qb', 'Second', { origin: { format: 'ovo-s-bench', extra: { id: 7 } } }), '2026-01-02');
      await w.addQuestion(question('qa', 'First'), '2026-01-01');
      await w.addQueryPoints([point('p2', 'qa', 20), point('p1', 'qa', 10, 'A'), point('p3', 'qb', 1)]);
    });
    expect((await store().marksOfVideo(videoId)).map((m) => m.id)).toEqual(['m1', 'm3', 'm2']);
    expect(await store().mark('m3')).toEqual(event('m3', 2, 'doors'));
    expect(await store().mark('nowhere')).toBeNull();
    // creation order, not the order written
    expect((await store().questionsOfVideo(videoId)).map((q) => q.id)).toEqual(['qa', 'qb']);
    expect((await store().questionsOfProfile(ovo)).map((q) => q.id)).toEqual(['qa', 'qb']);
    expect((await store().allQuestions()).map((q) => q.id)).toEqual(['qa', 'qb']);
    expect((await store().questionsIn(['qb', 'gone'])).map((q) => q.id)).toEqual(['qb']);
    expect(await store().questionsWrittenBy('ann')).toEqual(new Set(['qa', 'qb']));
    expect(await store().questionsWrittenBy('Ann')).toEqual(new Set());
    expect(await store().question('qa')).toEqual(question('qa', 'First'));
    expect(await store().question('gone')).toBeNull();
    expect(await store().queryPoint('p1')).toEqual(point('p1', 'qa', 10, 'A'));
    expect((await store().queryPointsOfQuestion('qa')).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect((await store().queryPointsOfVideo(videoId)).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect((await store().queryPointsOfQuestions(['qb', 'qa'])).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(await store().benchmarkIds(ovo, 'id')).toEqual(['7']);
    expect(await store().profileHasQuestions(ovo)).toBe(true);
    expect(await store().profileHasQuestions(builtinProfileId('vcbench'))).toBe(false);
    expect(await store().videoOfEveryQuestion()).toEqual(
      new Map([
        ['qa', videoId],
        ['qb', videoId],
      ]),
    );
  });

  it('puts and replaces a question keeping its creation time; each write an undoable edit', async () => {
    const first = question('qa', 'First');
    await project.edit('ann', 'Add', (w) => w.annotation.putQuestion(first, '2026-01-05'));
    await project.edit('ann', 'Add another', (w) => w.annotation.putQuestion(question('qb', 'Earlier'), '2026-01-01'));
    const reworded = { ...first, text: 'Reworded', status: 'in-review' as const };
    await project.edit('ann', 'Reword', (w) => w.annotation.putQuestion(reworded));
    expect(await store().question('qa')).toEqual(reworded);
    // still made after qb
    expect((await store().questionsOfVideo(videoId)).map((q) => q.id)).toEqual(['qb', 'qa']);
    expect((await project.store.undo('ann'))?.label).toBe('Reword');
    expect(await store().question('qa')).toEqual(first);
    await project.store.undo('ann');
    await project.store.undo('ann');
    expect(await store().question('qa')).toBeNull();
    await project.store.redo('ann');
    expect(await store().question('qa')).toEqual(first);
  });

  it("removes a question with its points, and a mark, a point, a target's and a video's marks; undo brings them back", async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addQuestion(question('qa', 'First'), '2026-01-01');
      await w.addQueryPoints([point('p1', 'qa', 1), point('p2', 'qa', 2)]);
      await w.addMarks([event('m1', 1), event('m2', 2), event('m3', 3, 'doors')]);
    });
    expect(await project.edit('ann', 'Ask', (w) => w.annotation.reviewed('qa'))).toBe(false);
    await project.edit('ann', 'Remove question', (w) => w.annotation.removeQuestion('qa'));
    expect(await store().question('qa')).toBeNull();
    expect(await store().queryPointsOfQuestion('qa')).toEqual([]);
    await project.store.undo('ann');
    expect((await store().queryPointsOfQuestion('qa')).map((p) => p.id)).toEqual(['p1', 'p2']);
    await project.edit('ann', 'Remove point', (w) => w.annotation.removeQueryPoint('p1'));
    await project.edit('ann', 'Remove points', (w) => w.annotation.removeQueryPointsOf('qa'));
    expect(await store().queryPointsOfQuestion('qa')).toEqual([]);
    await project.edit('ann', 'Remove mark', (w) => w.annotation.removeMark('m1'));
    await project.edit('ann', 'Remove target', (w) => w.annotation.removeMarksOfTarget(videoId, 'cuts'));
    expect((await store().marksOfVideo(videoId)).map((m) => m.id)).toEqual(['m3']);
    await project.edit('ann', 'Remove video marks', (w) => w.annotation.removeMarksOfVideo(videoId));
    expect(await store().marksOfVideo(videoId)).toEqual([]);
    for (let i = 0; i < 4; i++) await project.store.undo('ann');
    expect((await store().marksOfVideo(videoId)).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect((await store().queryPointsOfQuestion('qa')).map((p) => p.id)).toEqual(['p2']);
  });

  it('puts a mark and a point in place of the stored ones', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addQuestion(question('qa', 'First'), '2026-01-01');
      await w.addQueryPoints([point('p1', 'qa', 1)]);
      await w.addMarks([event('m1', 1)]);
    });
    await project.edit('ann', 'Change', async ({ annotation: w }) => {
      await w.putMark({ ...event('m1', 4), data: { note: 'later' } });
      await w.putQueryPoint(point('p1', 'qa', 3, 'B'));
    });
    expect(await store().mark('m1')).toEqual({ ...event('m1', 4), data: { note: 'later' } });
    expect(await store().queryPoint('p1')).toEqual(point('p1', 'qa', 3, 'B'));
  });

  it('writes encoded questions and points as an import does, and replaces one keeping its place', async () => {
    const head = { id: 'qi', videoId, profileId: ovo, provenance: { text: 'human' as const }, createdBy: 'imp', updatedAt: 'u' };
    const { profileId: _p, id: _i, videoId: _v, provenance: _pr, createdBy: _c, updatedAt: _u, ...fields } = question('qi', 'Imported');
    await project.edit('imp', 'Import', async ({ annotation: w }) => {
      await w.addQuestion(question('qa', 'Later'), '2026-02-01');
      await w.addEncodedQuestion(head, encodeQuestionFields(fields), '2026-01-01');
      await w.addEncodedQueryPoints('qi', [[4, encodeQueryPointFields(point('x', 'qi', 4, 'C'))]]);
    });
    expect(await store().question('qi')).toEqual({ ...question('qi', 'Imported'), ...head });
    expect((await store().queryPointsOfQuestion('qi')).map((p) => [p.time, p.answer])).toEqual([[4, 'C']]);
    await project.edit('imp', 'Import again', (w) => w.annotation.replaceEncodedQuestion({ ...head, updatedAt: 'v' }, encodeQuestionFields({ ...fields, text: 'Again' })));
    expect(await store().question('qi')).toMatchObject({ text: 'Again', updatedAt: 'v' });
    expect((await store().questionsOfVideo(videoId)).map((q) => q.id)).toEqual(['qi', 'qa']);
    await expect(project.edit('imp', 'Replace nothing', (w) => w.annotation.replaceEncodedQuestion({ ...head, id: 'gone' }, '{}'))).rejects.toThrow(/gone is not stored/);
  });

  it('reads inside an edit see its writes; the committed view sees them once it commits', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addQuestion(question('qa', 'First'), '2026-01-01');
      expect((await w.question('qa'))?.text).toBe('First');
      expect(await store().question('qa')).toBeNull();
    });
    expect((await store().question('qa'))?.text).toBe('First');
  });

  it('scans a snapshot with a pacer: what was committed when it began, marks and points unordered, questions in creation order', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addQuestion(question('qb', 'B'), '2026-01-02');
      await w.addQuestion(question('qa', 'A'), '2026-01-01');
      await w.addQuestion({ ...question('qc', 'C'), profileId: builtinProfileId('vcbench') }, '2026-01-01T12:00:00Z');
      await w.addQueryPoints([point('p1', 'qa', 7), point('p2', 'qa', 3), point('p3', 'qb', 5)]);
      await w.addMarks([event('m1', 1)]);
    });
    const pacer = new Pacer();
    const read = await project.snapshot(async (stores) => {
      const { scan } = stores.annotation;
      // (the snapshot's view begins with its first read)
      const questions = (await scan.questionsOfProfile(ovo, pacer)).map((q) => q.id);
      await project.edit('ann', 'Later', (w) => w.annotation.addMarks([event('m2', 2)]));
      return {
        questions,
        all: (await scan.questions(pacer)).map((q) => q.id),
        ofVideo: (await scan.questionsOfVideo(videoId, pacer)).map((q) => q.id),
        points: (await scan.queryPointsOfVideo(videoId, pacer)).map((p) => p.id).sort(),
        of: (await scan.queryPointsOf(new Set(['qb']), pacer)).map((p) => p.id),
        marks: (await scan.marksOfVideo(videoId, pacer)).map((m) => m.id),
        first: [...(await scan.firstQueryTimes(pacer))].sort(),
      };
    });
    expect(read).toEqual({
      questions: ['qa', 'qb'],
      all: ['qa', 'qc', 'qb'],
      ofVideo: ['qa', 'qc', 'qb'],
      points: ['p1', 'p2', 'p3'],
      of: ['p3'],
      marks: ['m1'],
      first: [
        ['qa', 3],
        ['qb', 5],
      ],
    });
    expect(await store().marksOfVideo(videoId)).toHaveLength(2);
  });

  // ── what PostgreSQL must be told to order as SQLite does ──

  it('orders ties as SQLite does: an open end first, ids byte by byte, creation-time ties in the order written', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      // same start: an open span (end NULL) before a closed one, as SQLite sorts NULL first; then ids
      // byte by byte ('B' < 'a'), not by a language's rules
      await w.addMarks([span('ma', 2, 3), span('mc', 2, null), event('mB', 2), event('m0', 1)]);
      // same creation time: the order they were written, not their ids
      for (const id of ['qz', 'qa', 'qZ']) await w.addQuestion(question(id, id), '2026-01-01');
      await w.addQuestion(question('q0', 'earlier'), '2025-12-31');
      await w.addQueryPoints([point('pb', 'qz', 5), point('pB', 'qz', 5), point('pa', 'qa', 5), point('pZ', 'qZ', 1)]);
    });
    expect((await store().marksOfVideo(videoId)).map((m) => m.id)).toEqual(['m0', 'mB', 'mc', 'ma']);
    const creation = ['q0', 'qz', 'qa', 'qZ'];
    expect((await store().questionsOfVideo(videoId)).map((q) => q.id)).toEqual(creation);
    expect((await store().questionsOfProfile(ovo)).map((q) => q.id)).toEqual(creation);
    expect((await store().allQuestions()).map((q) => q.id)).toEqual(creation);
    const pacer = new Pacer();
    expect((await store().scan.questions(pacer)).map((q) => q.id)).toEqual(creation);
    expect((await store().scan.questionsOfVideo(videoId, pacer)).map((q) => q.id)).toEqual(creation);
    expect((await store().scan.questionsOfProfile(ovo, pacer)).map((q) => q.id)).toEqual(creation);
    // by question id byte by byte ('qZ' < 'qa' < 'qz'), then time, then id
    expect((await store().queryPointsOfVideo(videoId)).map((p) => p.id)).toEqual(['pZ', 'pa', 'pB', 'pb']);
    expect((await store().queryPointsOfQuestions(['qz', 'qa', 'qZ'])).map((p) => p.id)).toEqual(['pZ', 'pa', 'pB', 'pb']);
    expect((await store().queryPointsOfQuestion('qz')).map((p) => p.id)).toEqual(['pB', 'pb']);
    expect([...(await store().scan.firstQueryTimes(pacer))].sort()).toEqual([
      ['qZ', 1],
      ['qa', 5],
      ['qz', 5],
    ]);
  });

  it('gives benchmark ids in the order the questions were written, numbers as text', async () => {
    const withId = (id: string, benchmarkId: string | number) => question(id, id, { origin: { format: 'ovo-s-bench', extra: { id: benchmarkId } } });
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addQuestion(withId('qb', 7), '2026-01-02');
      await w.addQuestion(withId('qa', 'x-3'), '2026-01-01');
      await w.addQuestion(question('qn', 'none'), '2026-01-01');
    });
    expect(await store().benchmarkIds(ovo, 'id')).toEqual(['7', 'x-3']);
    expect(await store().benchmarkIds(ovo, 'other')).toEqual([]);
  });

  it('takes lists of ids whatever characters they hold, and an empty list', async () => {
    const ids = ['q,1', 'q"2', '{q3}', 'q\\4', "q'5", 'q 6', 'NULL'];
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      for (const [i, id] of ids.entries()) {
        await w.addQuestion(question(id, id), `2026-01-0${i + 1}`);
        await w.addQueryPoints([point(`p${i}`, id, i)]);
      }
      await w.addQuestion(question('q', 'left out'), '2026-02-01');
    });
    expect((await store().questionsIn(ids)).map((q) => q.id).sort()).toEqual([...ids].sort());
    expect(await store().questionsIn([])).toEqual([]);
    expect((await store().queryPointsOfQuestions(ids)).map((p) => p.questionId)).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await store().queryPointsOfQuestions([])).toEqual([]);
    const pacer = new Pacer();
    expect((await store().scan.queryPointsOf(new Set(['q,1', 'NULL']), pacer)).map((p) => p.id).sort()).toEqual(['p0', 'p6']);
  });

  it('reads large tables a slice at a time without losing or repeating a row, questions in creation order', async () => {
    // more than one slice on either engine; every question made at the same time but the last
    // written, which was made first: the sort must cross slices
    const n = 5_003;
    const ids = Array.from({ length: n }, (_, i) => `q${String(n - i).padStart(5, '0')}`);
    await project.edit('imp', 'Import', async ({ annotation: w }) => {
      for (const [i, id] of ids.entries()) {
        await w.addQuestion(question(id, id), i === n - 1 ? '2025-01-01' : '2026-01-01');
        await w.addQueryPoints([point(`p${i}`, id, i % 10)]);
      }
      await w.addMarks(ids.map((_, i) => event(`m${i}`, i % 10)));
    });
    const creation = [ids[n - 1], ...ids.slice(0, n - 1)];
    const pacer = new Pacer();
    const read = await project.snapshot(async ({ annotation: { scan } }) => ({
      questions: (await scan.questions(pacer)).map((q) => q.id),
      ofProfile: (await scan.questionsOfProfile(ovo, pacer)).map((q) => q.id),
      ofVideo: (await scan.questionsOfVideo(videoId, pacer)).map((q) => q.id),
      marks: (await scan.marksOfVideo(videoId, pacer)).map((m) => m.id),
      points: (await scan.queryPointsOfVideo(videoId, pacer)).map((p) => p.id),
      pointsOf: (await scan.queryPointsOf(new Set(ids.slice(0, 10)), pacer)).length,
      firstTimes: await scan.firstQueryTimes(pacer),
    }));
    expect(read.questions).toEqual(creation);
    expect(read.ofProfile).toEqual(creation);
    expect(read.ofVideo).toEqual(creation);
    // every row once
    expect(read.marks.sort()).toEqual(ids.map((_, i) => `m${i}`).sort());
    expect(read.points.sort()).toEqual(ids.map((_, i) => `p${i}`).sort());
    expect([read.pointsOf, read.firstTimes.size]).toEqual([10, n]);
    expect(read.firstTimes.get(ids[12]!)).toBe(2);
    expect((await store().allQuestions()).map((q) => q.id)).toEqual(creation);
  });

  it('reads rows written as the table holds them (another engine, an older project)', async () => {
    await rawEdit(project, 'ann', 'Raw', async (tx) => {
      await tx.put('questions', { id: 'qr', video_id: videoId, profile_id: ovo, fields: JSON.stringify({ text: 'Raw' }), provenance: '{}', created_by: 'old', created_at: 't', updated_at: 't' });
      await tx.put('query_points', { id: 'pr', question_id: 'qr', time: 2.5, fields: '{}' });
      await tx.put('marks', { id: 'mr', video_id: videoId, type: 'event', start: 1.5, end: null, target: '', data: '{}' });
    });
    // zod fills what an older row lacks; PostgreSQL's ord never shows
    expect(await store().question('qr')).toEqual({ ...questionFieldsSchema.parse({ profileId: ovo, text: 'Raw' }), id: 'qr', videoId, provenance: {}, createdBy: 'old', updatedAt: 't' });
    expect(await store().queryPoint('pr')).toEqual({ ...queryPointFieldsSchema.parse({ time: 2.5 }), id: 'pr', questionId: 'qr' });
    expect(await store().mark('mr')).toEqual({ id: 'mr', videoId, type: 'event', start: 1.5, end: null, target: '', data: {} });
    expect(await store().questionsWrittenBy('old')).toEqual(new Set(['qr']));
  });

  it('asks inside an edit whether a question is reviewed, and removes it with its reviews, assignments and responses; undo restores them', async () => {
    await project.edit('ann', 'Add', (w) => w.annotation.addQuestion(question('qa', 'First'), '2026-01-01'));
    await rawEdit(project, 'lead', 'Review', async (tx) => {
      await tx.put('reviews', { id: 'r1', question_id: 'qa', reviewer: 'rev', fields: '{}', created_at: 't', updated_at: 't' });
      await tx.put('runs', { id: 'run', model: 'm', label: 'l', fields: '{}', created_by: 'lead', created_at: 't' });
      await tx.put('responses', { id: 'resp', run_id: 'run', question_id: 'qa', query: 0, t: null, text: 'yes', latency: null, extra: null });
    });
    expect(await project.edit('ann', 'Ask', (w) => w.annotation.reviewed('qa'))).toBe(true);
    await project.edit('ann', 'Remove', (w) => w.annotation.removeQuestion('qa'));
    expect(await store().question('qa')).toBeNull();
    expect(await project.edit('ann', 'Ask', (w) => w.annotation.reviewed('qa'))).toBe(false);
    // children first in the log, so undo puts the question back before them
    const undone = await project.store.undo('ann');
    expect(undone?.changes.map((c) => `${c.table} ${c.key}`)).toEqual(['reviews r1', 'responses resp', 'questions qa']);
    expect(await project.edit('ann', 'Ask', (w) => w.annotation.reviewed('qa'))).toBe(true);
    expect((await store().question('qa'))?.text).toBe('First');
  });
});

describe('the annotation store on a PostgreSQL database whose locale orders text by a language', () => {
  // a team server's database may sort text as English does ('a' < 'B'); the store must still order
  // ids byte by byte, as a project file does ('B' < 'a')
  const name = `tidemark_icu_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: inject('postgres') });
  let dir: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`);
    await client.end();
    const url = new URL(inject('postgres'));
    url.pathname = `/${name}`;
    dir = tempDir();
    project = await Project.over(join(dir.path, 'p.tidemark'), await PgProjectStore.open({ database: url.toString(), project: 'icu', create: true }));
    videoId = await insertTestVideo(project);
  });

  afterAll(async () => {
    await project.close();
    dir.remove();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE ${name}`);
    await client.end();
  });

  it('orders marks and points by id byte by byte, not by the locale', async () => {
    await project.edit('ann', 'Add', async ({ annotation: w }) => {
      await w.addMarks([event('ma', 1), event('mB', 1)]);
      await w.addQuestion(question('qa', 'a'), '2026-01-01');
      await w.addQuestion(question('qB', 'B'), '2026-01-01');
      await w.addQueryPoints([point('pa', 'qa', 1), point('pB', 'qa', 1), point('pc', 'qB', 9)]);
    });
    expect((await store().marksOfVideo(videoId)).map((m) => m.id)).toEqual(['mB', 'ma']);
    expect((await store().queryPointsOfQuestion('qa')).map((p) => p.id)).toEqual(['pB', 'pa']);
    expect((await store().queryPointsOfVideo(videoId)).map((p) => p.id)).toEqual(['pc', 'pB', 'pa']);
    expect((await store().queryPointsOfQuestions(['qa', 'qB'])).map((p) => p.id)).toEqual(['pc', 'pB', 'pa']);
    expect([...(await store().scan.firstQueryTimes(new Pacer()))].sort()).toEqual([
      ['qB', 9],
      ['qa', 1],
    ]);
  });
});
