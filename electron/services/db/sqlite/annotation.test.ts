// The SQLite annotation store, through its interface (AnnotationStore, and AnnotationWrites inside an edit).
import { describe, expect, it } from 'vitest';
import type { Mark } from '../../../../shared/marks';
import { queryPointFieldsSchema, questionFieldsSchema, type QueryPoint, type Question } from '../../../../shared/questions';
import { encodeQueryPointFields, encodeQuestionFields } from '../../annotation/store';
import { Pacer } from '../../pacer';
import { builtinProfileId } from '../../profiles/builtin';
import type { Project } from '../../projects/project';
import { insertTestVideo, newProjectEachTest } from '../../test-support/project';

let project: Project;
let videoId: string;

newProjectEachTest(async (p) => {
  project = p;
  videoId = await insertTestVideo(project);
});

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
const store = () => project.stores.annotation;

describe('the SQLite annotation store', () => {
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
});
