import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import type { MarkInput } from '../../../shared/marks';
import { questionFieldsSchema, queryPointFieldsSchema, type QueryPointFields, type QuestionFields } from '../../../shared/questions';
import { AppServices } from '../app-services';
import { MAX_UNDO_STEPS } from '../db/edit-log';
import { Project } from '../projects/project';
import * as profiles from '../profiles/service';
import { builtinProfileId } from '../profiles/builtin';
import { tempDir } from '../test-support/fixtures';
import { apiClient, countOf, ENGINES, insertTestVideo, openTestProject, rawConnection, rawEdit, reopenTestProject, rowsOf, sqliteOf, type Engine } from '../test-support/project';
import { removeVideo } from '../videos/service';
import * as annotation from './service';
import { listVideos } from '../videos/library';

const ann: Caller = { person: 'ann', role: 'annotator' };
const lead: Caller = { person: 'lee', role: 'lead' };
let dir: ReturnType<typeof tempDir>;
let project: Project;
let videoId: string;
const path = () => join(dir.path, 'p.tidemark');

let app: AppServices;
let call: ReturnType<typeof apiClient>;
/** Before each test: a new project on `engine` open in the app (as the desktop or browser app has it), with one video. */
function appProjectEachTest(engine: Engine): void {
  beforeEach(async () => {
    dir = tempDir();
    app = new AppServices({ dataDir: join(dir.path, 'data'), mode: 'browser', version: 'test' });
    if (engine === 'sqlite') await app.createProject(path());
    // a team server's project, switched to as the app switches to any project
    else await app['switchTo'](await openTestProject(path(), engine));
    project = app.requireProject();
    call = apiClient(app, ann);
    videoId = await insertTestVideo(project, { id: randomUUID() });
  });
  afterEach(async () => {
    await app.shutdown();
    await project.close();
    dir.remove();
  });
}

const event = (t: number): MarkInput => ({ type: 'event', start: t, end: null, target: 'cuts', data: {} });
const fields = (input: Partial<QuestionFields> & { profileId: string }): QuestionFields => questionFieldsSchema.parse(input);
const point = (input: Partial<QueryPointFields> & { time: number }): QueryPointFields => queryPointFieldsSchema.parse(input);

describe.each(ENGINES)('annotation (%s)', (engine) => {
  appProjectEachTest(engine);

  describe('marks', () => {
    it('creates, edits and deletes marks of every type, validated', async () => {
      const marks = await annotation.createMarks(project, ann, videoId, [
        event(1),
        { type: 'span', start: 2, end: 5, target: '', data: {} },
        { type: 'cycle', start: 5, end: 9, target: '', data: { splits: [6, 7.5] } },
        { type: 'identity', start: 3, end: null, target: 'chairs', data: { label: 'red chair', crop: { x: 0.1, y: 0.2, w: 0.3, h: 0.3 } } },
        { type: 'count', start: 4, end: null, target: 'chairs', data: { value: 3 } },
        { type: 'entity', start: 10, end: 20, target: '', data: { name: 'Room X' } },
        { type: 'caption', start: 0, end: 1, target: 'task', data: { text: 'a cook slices onions' } },
      ]);
      expect((await project.stores.annotation.marksOfVideo(videoId)).map((m) => m.type).sort()).toEqual(['caption', 'count', 'cycle', 'entity', 'event', 'identity', 'span']);
      const [moved] = await annotation.updateMarks(project, ann, [{ id: marks[1]!.id, end: 6 }]);
      expect(moved).toMatchObject({ start: 2, end: 6 });
      await annotation.removeMarks(project, ann, [marks[0]!.id]);
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(6);
    });

    it('refuses bad marks at the boundary with the field named, and writes nothing', async () => {
      const marks = (...list: unknown[]) => call('marks.create', { videoId, marks: list as MarkInput[] });
      await expect(marks(event(1), { type: 'span', start: 5, end: 2, data: {} })).rejects.toThrow(/marks\.1\.end: end is before start/);
      await expect(marks({ type: 'event', start: 1, end: 3, data: {} })).rejects.toThrow(/moment and has no end/);
      await expect(marks(event(61))).rejects.toThrow(/mark 1: ends at 61 s is after the video's end/);
      await expect(marks({ type: 'cycle', start: 1, end: 3, data: { splits: [4] } })).rejects.toThrow(/split points/);
      await expect(marks({ type: 'laser', start: 1, end: null, data: {} })).rejects.toThrow(/marks\.0\.type/);
      // a bulk call is checked a slice at a time, item by item, with the same messages
      const many = Array.from({ length: 5_000 }, (_, i) => event(i / 100));
      many[4_321] = { type: 'span', start: 5, end: 2, data: {} } as unknown as MarkInput;
      await expect(marks(...many)).rejects.toThrow(/marks\.4321\.end: end is before start/);
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(0);
      expect(await project.store.history('ann')).toHaveLength(0);
    });

    it('a patch of a mark is checked whole, and two changes of one mark in a call build on each other', async () => {
      const [span] = await annotation.createMarks(project, ann, videoId, [{ type: 'span', start: 2, end: 5, target: '', data: {} }]);
      await expect(call('marks.update', { changes: [{ id: span!.id, end: 1 }] })).rejects.toThrow(/change 1: end: end is before start/);
      const [, second] = await annotation.updateMarks(project, ann, [
        { id: span!.id, end: 9 },
        { id: span!.id, start: 8 },
      ]);
      expect(second).toMatchObject({ start: 8, end: 9 });
      expect((await project.stores.annotation.marksOfVideo(videoId))[0]).toMatchObject({ start: 8, end: 9 });
    });
  });

  describe('undo and redo', () => {
    it('undoes and redoes every kind of edit, in order', async () => {
      const [m] = await annotation.createMarks(project, ann, videoId, [event(1)]);
      await annotation.updateMarks(project, ann, [{ id: m!.id, start: 2 }]);
      const { question } = await annotation.createQuestion(
        project,
        ann,
        videoId,
        fields({ profileId: builtinProfileId('vcbench'), text: 'How many cuts?', answerKind: 'number' }),
        [{ time: 10 }, { time: 20 }].map(point),
      );
      await annotation.updateQuestion(project, ann, question.id, { text: 'How many hard cuts so far?' });
      await annotation.removeQuestion(project, ann, question.id);
      expect(await project.stores.annotation.questionsOfVideo(videoId)).toHaveLength(0);

      expect((await project.store.undo('ann'))?.label).toBe('Delete question');
      expect((await project.stores.annotation.questionsOfVideo(videoId))[0]?.text).toBe('How many hard cuts so far?');
      expect((await project.stores.annotation.queryPointsOfVideo(videoId)).map((p) => p.time)).toEqual([10, 20]);
      expect((await project.store.undo('ann'))?.label).toBe('Edit question');
      expect((await project.stores.annotation.questionsOfVideo(videoId))[0]?.text).toBe('How many cuts?');
      await project.store.undo('ann'); // add question
      expect(await project.stores.annotation.questionsOfVideo(videoId)).toHaveLength(0);
      expect(await project.stores.annotation.queryPointsOfVideo(videoId)).toHaveLength(0);
      await project.store.undo('ann'); // edit mark
      expect((await project.stores.annotation.marksOfVideo(videoId))[0]?.start).toBe(1);
      await project.store.undo('ann'); // add mark
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(0);
      expect(await project.store.undo('ann')).toBeNull();

      expect((await project.store.redo('ann'))?.label).toBe('Add event');
      expect((await project.store.redo('ann'))?.label).toBe('Edit mark');
      expect((await project.stores.annotation.marksOfVideo(videoId))[0]?.start).toBe(2);
      // a new edit ends the redo branch
      await annotation.createMarks(project, ann, videoId, [event(3)]);
      expect(await project.store.redo('ann')).toBeNull();
    });

    it('keeps at least 200 steps, and they survive closing and reopening the project', async () => {
      for (let i = 0; i < 250; i++) await annotation.createMarks(project, ann, videoId, [event(i / 10)]);
      await project.close();
      project = await reopenTestProject(project);
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(250);
      for (let i = 0; i < 250; i++) expect(await project.store.undo('ann')).not.toBeNull();
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(0);
      expect(MAX_UNDO_STEPS).toBeGreaterThanOrEqual(200);
    });

    it("keeps each person's history apart and refuses to undo over someone else's later change", async () => {
      const [m] = await annotation.createMarks(project, ann, videoId, [event(1)]);
      await annotation.updateMarks(project, lead, [{ id: m!.id, start: 4 }]);
      await expect(project.store.undo('ann')).rejects.toThrow(/changed since/);
      expect((await project.stores.annotation.marksOfVideo(videoId))[0]?.start).toBe(4);
      expect((await project.store.undo('lee'))?.label).toBe('Edit mark');
      expect((await project.store.undo('ann'))?.label).toBe('Add event');
    });

    it('undoes and redoes bulk-inserted rows (an import), logging keys rather than copies, and refuses over a later change', async () => {
      const q = (i: number) => ({
        id: `q${i}`,
        video_id: videoId,
        profile_id: builtinProfileId('ovo-s-bench'),
        fields: JSON.stringify({ text: `q${i}` }),
        provenance: '{}',
        created_by: 'ann',
        created_at: `t${i}`,
        updated_at: `t${i}`,
      });
      const p = (i: number) => ({ id: `p${i}`, question_id: `q${i}`, time: i + 0.5, fields: JSON.stringify({ answer: 'A' }) });
      await rawEdit(project, 'ann', 'Import many', (tx) => {
        for (let i = 0; i < 50; i++) {
          tx.insert('questions', q(i));
          tx.insert('query_points', p(i));
        }
      });
      const [logged] = (await rowsOf<{ changes: string }>(project, "SELECT changes FROM edit_log WHERE label = 'Import many'")).map((r) => r.changes);
      expect(logged).toContain('"q7"');
      expect(logged).not.toContain('"q7\\"'); // keys and fingerprints, not the rows' texts
      const snapshot = async () => ({ questions: await project.stores.annotation.questionsOfVideo(videoId), points: await project.stores.annotation.queryPointsOfVideo(videoId) });
      const imported = await snapshot();
      expect(imported.questions).toHaveLength(50);

      expect((await project.store.undo('ann'))?.changes).toHaveLength(100);
      expect(await snapshot()).toEqual({ questions: [], points: [] });
      expect((await project.store.redo('ann'))?.label).toBe('Import many');
      expect(await snapshot()).toEqual(imported);
      await project.store.undo('ann');
      await project.store.redo('ann');
      expect(await snapshot()).toEqual(imported);

      // someone else edits one imported question: undoing the import would lose their work
      await annotation.updateQuestion(project, lead, 'q7', { text: 'sharper wording' });
      await expect(project.store.undo('ann')).rejects.toThrow(/changed since \(questions q7\)/);
      expect(await project.stores.annotation.questionsOfVideo(videoId)).toHaveLength(50);
      await project.store.undo('lee');
      expect((await project.store.undo('ann'))?.label).toBe('Import many');
    });

    it("refuses an undo that would take someone else's later work along (a cascade), and leaves all of it", async () => {
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'q' }), []);
      await annotation.createQueryPoint(project, lead, question.id, point({ time: 3 }));
      await expect(project.store.undo('ann')).rejects.toThrow(/changed since \(query points /);
      expect(await project.stores.annotation.queryPointsOfVideo(videoId)).toHaveLength(1);
      // once lee takes their point back, ann's undo goes through
      await project.store.undo('lee');
      expect((await project.store.undo('ann'))?.label).toBe('Add question');
    });

    it('two patches of one question queued behind a long edit both land', async () => {
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'original' }), []);
      const long = annotation.createMarks(
        project,
        ann,
        videoId,
        Array.from({ length: 30_000 }, (_, i) => event((i / 30_000) * 59)),
      );
      await new Promise((resolve) => setImmediate(resolve));
      const [a, b] = await Promise.all([
        annotation.updateQuestion(project, ann, question.id, { text: 'sharper' }),
        annotation.updateQuestion(project, lead, question.id, { status: 'in-review' }),
        long,
      ]);
      expect(a.text).toBe('sharper');
      expect(b).toMatchObject({ text: 'sharper', status: 'in-review' });
      expect((await project.stores.annotation.questionsOfVideo(videoId))[0]).toMatchObject({ text: 'sharper', status: 'in-review' });
    });

    it('refuses a change of a field someone else changed since the caller saw it, naming both versions; other fields still merge', async () => {
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'original' }), []);
      // both saw "original"; the lead's change lands first
      await annotation.updateQuestion(project, lead, question.id, { text: 'the lead’s wording' }, { text: 'original' });
      await expect(annotation.updateQuestion(project, ann, question.id, { text: 'Ann’s wording' }, { text: 'original' })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/text: theirs “the lead’s wording”, yours “Ann’s wording”/),
      });
      expect((await project.stores.annotation.question(question.id))?.text).toBe('the lead’s wording');
      // a field nobody else touched goes through; so does the same value reached by both
      expect(await annotation.updateQuestion(project, ann, question.id, { status: 'in-review' }, { status: 'draft' })).toMatchObject({ text: 'the lead’s wording', status: 'in-review' });
      expect(await annotation.updateQuestion(project, ann, question.id, { text: 'the lead’s wording' }, { text: 'original' })).toMatchObject({ text: 'the lead’s wording' });
      // having seen theirs, the change stands
      expect(await annotation.updateQuestion(project, ann, question.id, { text: 'Ann’s wording' }, { text: 'the lead’s wording' })).toMatchObject({ text: 'Ann’s wording' });
    });

    it('brings back a removed video with everything on it, reviews included', async () => {
      await annotation.createMarks(project, ann, videoId, [event(1), event(2)]);
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'q' }), [{ time: 5 }].map(point));
      await rawEdit(project, 'rev', 'Review', (tx) => tx.insert('reviews', { id: 'r1', question_id: question.id, reviewer: 'rev', fields: '{"verdict":"accept"}', created_at: 'a', updated_at: 'a' }));
      await project.store.saveViewState(videoId, { position: 3, viewStart: 0, pxPerSec: 10 });
      // a reviewed question's record is not an annotator's to remove
      await expect(removeVideo(project, ann, videoId)).rejects.toThrow(/only a lead can remove it/);
      await removeVideo(project, lead, videoId);
      expect(await listVideos(project)).toHaveLength(0);
      expect(await countOf(project, 'SELECT count(*) AS n FROM reviews')).toBe(0);
      await project.store.undo('lee');
      expect(await countOf(project, 'SELECT count(*) AS n FROM reviews')).toBe(1);
      expect(await listVideos(project)).toHaveLength(1);
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(2);
      expect(await project.stores.annotation.queryPointsOfVideo(videoId)).toHaveLength(1);
      expect((await project.stores.videos.views())[videoId]?.position).toBe(3);
    });
  });

  describe('dense captions', () => {
    it('copies a caption forward over a range and splits a longer caption around it', async () => {
      await annotation.fillCaptions(project, ann, videoId, 'task', 0, 10, 'stirring the pot');
      await annotation.mergeCaptionRuns(project, ann, videoId, 'task');
      expect((await project.stores.annotation.marksOfVideo(videoId)).map((m) => [m.start, m.end])).toEqual([[0, 10]]);
      await annotation.fillCaptions(project, ann, videoId, 'task', 4, 6, 'adding salt');
      const captions = (await project.stores.annotation.marksOfVideo(videoId)).map((m) => [m.start, m.end, m.type === 'caption' ? m.data.text : '']);
      expect(captions).toEqual([
        [0, 4, 'stirring the pot'],
        [4, 5, 'adding salt'],
        [5, 6, 'adding salt'],
        [6, 10, 'stirring the pot'],
      ]);
      expect(await annotation.mergeCaptionRuns(project, ann, videoId, 'task')).toBe(2);
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(3);
      await project.store.undo('ann');
      expect(await project.stores.annotation.marksOfVideo(videoId)).toHaveLength(4);
    });
  });

  describe('questions and profiles', () => {
    it('records who wrote each field; editing a model draft makes it an edited draft', async () => {
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('rtv-bench'), text: 'draft' }), [], 'model');
      expect(question.provenance.text).toBe('model');
      const edited = await annotation.updateQuestion(project, ann, question.id, { text: 'What is the person holding now?' });
      expect(edited.provenance.text).toBe('edited');
      expect(edited.provenance.options).toBe('model');
    });
    it('validates query points against the video', async () => {
      const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('phostream') }), []);
      await expect(annotation.createQueryPoint(project, ann, question.id, point({ time: 90 }))).rejects.toThrow(/after the video's end/);
      await expect(call('queryPoints.create', { questionId: question.id, fields: { time: 5, evidence: [[4, 3]] } })).rejects.toThrow(/fields\.evidence\.0: evidence interval ends before it starts/);
    });
    it('carries the five built-in profiles; only a lead makes and edits custom ones', async () => {
      expect(
        (await project.stores.profiles.list())
          .filter((p) => p.builtin)
          .map((p) => p.kind)
          .sort(),
      ).toEqual(['ovo-s-bench', 'phostream', 'rtv-bench', 'vcbench', 'vsas-bench']);
      await expect(profiles.createProfile(project, ann, 'Mine', null)).rejects.toThrow(/Only a lead/);
      const custom = await profiles.createProfile(project, lead, 'Kitchen counting', builtinProfileId('vcbench'));
      const updated = await profiles.updateProfile(project, lead, custom.id, { ...custom, taxonomy: [...custom.taxonomy, { code: 'K1', name: 'Knife strokes' }] });
      expect(updated.taxonomy.at(-1)?.code).toBe('K1');
      await expect(
        profiles.updateProfile(project, lead, custom.id, {
          ...custom,
          taxonomy: [
            { code: 'a', name: 'A' },
            { code: 'a', name: 'B' },
          ],
        }),
      ).rejects.toThrow(/repeated: a/);
      await expect(profiles.updateProfile(project, lead, builtinProfileId('vcbench'), custom)).rejects.toThrow(/built in/);
    });
  });
});

// rows written into the project file by a raw connection, behind the edit log's back
describe('the project file written by another program (SQLite)', () => {
  appProjectEachTest('sqlite');

  it('refuses to undo inserted rows that were changed outside the log', async () => {
    const { question } = await annotation.createQuestion(project, lead, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'q' }), []);
    await sqliteOf(project).editRows('ann', 'Import one', (tx) => tx.insert('query_points', { id: 'p', question_id: question.id, time: 1, fields: '{}' }));
    const raw = rawConnection(project);
    raw.prepare('UPDATE query_points SET time = 2').run();
    raw.close();
    await expect(project.store.undo('ann')).rejects.toThrow(/changed since \(query points p\)/);
  });

  it('reads complete stored rows as they are, and partial, extra-keyed or broken ones through the schema', async () => {
    const { question } = await annotation.createQuestion(project, ann, videoId, fields({ profileId: builtinProfileId('ovo-s-bench'), text: 'complete' }), [{ time: 5 }].map(point));
    const raw = rawConnection(project);
    const insert = raw.prepare(
      "INSERT INTO questions (id, video_id, profile_id, fields, provenance, created_by, created_at, updated_at) VALUES (?, ?, 'builtin:ovo-s-bench', ?, '{}', 'ann', 'z', 'z')",
    );
    insert.run('partial', videoId, JSON.stringify({ text: 'partial', stray: 1 }));
    const [complete, partial] = await project.stores.annotation.questionsOfVideo(videoId);
    expect(complete).toEqual(question);
    expect(partial).toMatchObject({ text: 'partial', answerKind: 'choice', options: {}, round: 0, origin: null });
    expect(partial).not.toHaveProperty('stray');
    insert.run('broken', videoId, JSON.stringify({ text: 'older row', round: 'two' }));
    raw.close();
    await expect(project.stores.annotation.questionsOfVideo(videoId)).rejects.toThrow(/round/);
  });
});
