import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { Project } from '../project';
import { tempDir } from '../test-support/fixtures';
import * as annotation from './annotation';
import { edit, history, MAX_UNDO_STEPS, redo, undo } from './edit-log';
import { builtinProfileId, listMarks, listProfiles, listQueryPoints, listQuestions } from './rows';

const ann: Caller = { person: 'ann', role: 'annotator' };
const lead: Caller = { person: 'lee', role: 'lead' };
let dir: ReturnType<typeof tempDir>;
let project: Project;
let videoId: string;
const path = () => join(dir.path, 'p.tidemark');

beforeEach(() => {
  dir = tempDir();
  project = Project.open(path(), { create: true });
  videoId = randomUUID();
  project.videos.insert({ id: videoId, name: 'v.mp4', relPath: 'v.mp4', fingerprint: 'f', fileSize: 1, duration: 60, fps: 30, fpsRational: '30/1', variableFps: false, width: 640, height: 360, codec: 'h264', audioCodec: null, container: 'mp4' });
});
afterEach(() => {
  project.close();
  dir.remove();
});

const event = (t: number) => ({ type: 'event', start: t, end: null, target: 'cuts', data: {} });

describe('marks', () => {
  it('creates, edits and deletes marks of every type, validated', () => {
    const marks = annotation.createMarks(project, ann, videoId, [
      event(1),
      { type: 'span', start: 2, end: 5, data: {} },
      { type: 'cycle', start: 5, end: 9, data: { splits: [6, 7.5] } },
      { type: 'identity', start: 3, end: null, target: 'chairs', data: { label: 'red chair', crop: { x: 0.1, y: 0.2, w: 0.3, h: 0.3 } } },
      { type: 'count', start: 4, end: null, target: 'chairs', data: { value: 3 } },
      { type: 'entity', start: 10, end: 20, data: { name: 'Room X' } },
      { type: 'caption', start: 0, end: 1, target: 'task', data: { text: 'a cook slices onions' } },
    ]);
    expect(listMarks(project.db, videoId).map((m) => m.type).sort()).toEqual(['caption', 'count', 'cycle', 'entity', 'event', 'identity', 'span']);
    const [moved] = annotation.updateMarks(project, ann, [{ id: marks[1]!.id, end: 6 }]);
    expect(moved).toMatchObject({ start: 2, end: 6 });
    annotation.removeMarks(project, ann, [marks[0]!.id]);
    expect(listMarks(project.db, videoId)).toHaveLength(6);
  });

  it('refuses bad marks with the field named and writes nothing', () => {
    expect(() => annotation.createMarks(project, ann, videoId, [event(1), { type: 'span', start: 5, end: 2, data: {} }])).toThrow(/mark 2: end: end is before start/);
    expect(() => annotation.createMarks(project, ann, videoId, [{ type: 'event', start: 1, end: 3, data: {} }])).toThrow(/moment and has no end/);
    expect(() => annotation.createMarks(project, ann, videoId, [event(61)])).toThrow(/after the video's end/);
    expect(() => annotation.createMarks(project, ann, videoId, [{ type: 'cycle', start: 1, end: 3, data: { splits: [4] } }])).toThrow(/split points/);
    expect(() => annotation.createMarks(project, ann, videoId, [{ type: 'laser', start: 1, end: null, data: {} }])).toThrow(/type/);
    expect(listMarks(project.db, videoId)).toHaveLength(0);
    expect(history(project.db, 'ann')).toHaveLength(0);
  });
});

describe('undo and redo', () => {
  it('undoes and redoes every kind of edit, in order', () => {
    const [m] = annotation.createMarks(project, ann, videoId, [event(1)]);
    annotation.updateMarks(project, ann, [{ id: m!.id, start: 2 }]);
    const { question } = annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('vcbench'), text: 'How many cuts?', answerKind: 'number' }, [{ time: 10 }, { time: 20 }]);
    annotation.updateQuestion(project, ann, question.id, { text: 'How many hard cuts so far?' });
    annotation.removeQuestion(project, ann, question.id);
    expect(listQuestions(project.db, videoId)).toHaveLength(0);

    expect(undo(project.db, 'ann')?.label).toBe('Delete question');
    expect(listQuestions(project.db, videoId)[0]?.text).toBe('How many hard cuts so far?');
    expect(listQueryPoints(project.db, videoId).map((p) => p.time)).toEqual([10, 20]);
    expect(undo(project.db, 'ann')?.label).toBe('Edit question');
    expect(listQuestions(project.db, videoId)[0]?.text).toBe('How many cuts?');
    undo(project.db, 'ann'); // add question
    expect(listQuestions(project.db, videoId)).toHaveLength(0);
    expect(listQueryPoints(project.db, videoId)).toHaveLength(0);
    undo(project.db, 'ann'); // edit mark
    expect(listMarks(project.db, videoId)[0]?.start).toBe(1);
    undo(project.db, 'ann'); // add mark
    expect(listMarks(project.db, videoId)).toHaveLength(0);
    expect(undo(project.db, 'ann')).toBeNull();

    expect(redo(project.db, 'ann')?.label).toBe('Add event');
    expect(redo(project.db, 'ann')?.label).toBe('Edit mark');
    expect(listMarks(project.db, videoId)[0]?.start).toBe(2);
    // a new edit ends the redo branch
    annotation.createMarks(project, ann, videoId, [event(3)]);
    expect(redo(project.db, 'ann')).toBeNull();
  });

  it('keeps at least 200 steps, and they survive closing and reopening the project', () => {
    for (let i = 0; i < 250; i++) annotation.createMarks(project, ann, videoId, [event(i / 10)]);
    project.close();
    project = Project.open(path(), { create: false });
    expect(listMarks(project.db, videoId)).toHaveLength(250);
    for (let i = 0; i < 250; i++) expect(undo(project.db, 'ann')).not.toBeNull();
    expect(listMarks(project.db, videoId)).toHaveLength(0);
    expect(MAX_UNDO_STEPS).toBeGreaterThanOrEqual(200);
  });

  it("keeps each person's history apart and refuses to undo over someone else's later change", () => {
    const [m] = annotation.createMarks(project, ann, videoId, [event(1)]);
    annotation.updateMarks(project, lead, [{ id: m!.id, start: 4 }]);
    expect(() => undo(project.db, 'ann')).toThrow(/changed since/);
    expect(listMarks(project.db, videoId)[0]?.start).toBe(4);
    expect(undo(project.db, 'lee')?.label).toBe('Edit mark');
    expect(undo(project.db, 'ann')?.label).toBe('Add event');
  });

  it('undoes and redoes bulk-inserted rows (an import), logging keys rather than copies, and refuses over a later change', () => {
    const q = (i: number) => ({ id: `q${i}`, video_id: videoId, profile_id: builtinProfileId('ovo-s-bench'), fields: JSON.stringify({ text: `q${i}` }), provenance: '{}', created_by: 'ann', created_at: `t${i}`, updated_at: `t${i}` });
    const p = (i: number) => ({ id: `p${i}`, question_id: `q${i}`, time: i + 0.5, fields: JSON.stringify({ answer: 'A' }) });
    edit(project.db, 'ann', 'Import many', (tx) => {
      for (let i = 0; i < 50; i++) {
        tx.insert('questions', q(i));
        tx.insert('query_points', p(i));
      }
    });
    const logged = (project.db.prepare('SELECT changes FROM edit_log').get() as { changes: string }).changes;
    expect(logged).not.toContain('"q7\\"'); // keys and fingerprints, not the rows' texts
    const snapshot = () => ({ questions: listQuestions(project.db, videoId), points: listQueryPoints(project.db, videoId) });
    const imported = snapshot();
    expect(imported.questions).toHaveLength(50);

    expect(undo(project.db, 'ann')?.changes).toHaveLength(100);
    expect(snapshot()).toEqual({ questions: [], points: [] });
    expect(redo(project.db, 'ann')?.label).toBe('Import many');
    expect(snapshot()).toEqual(imported);
    undo(project.db, 'ann');
    redo(project.db, 'ann');
    expect(snapshot()).toEqual(imported);

    // someone else edits one imported question: undoing the import would lose their work
    annotation.updateQuestion(project, lead, 'q7', { text: 'sharper wording' });
    expect(() => undo(project.db, 'ann')).toThrow(/changed since \(questions q7\)/);
    expect(listQuestions(project.db, videoId)).toHaveLength(50);
    undo(project.db, 'lee');
    expect(undo(project.db, 'ann')?.label).toBe('Import many');
  });

  it('refuses to undo inserted rows that were changed outside the log', () => {
    edit(project.db, 'ann', 'Import one', (tx) => tx.insert('query_points', { id: 'p', question_id: annotation.createQuestion(project, lead, videoId, { profileId: builtinProfileId('ovo-s-bench'), text: 'q' }, []).question.id, time: 1, fields: '{}' }));
    project.db.prepare('UPDATE query_points SET time = 2').run();
    expect(() => undo(project.db, 'ann')).toThrow(/changed since \(query points p\)/);
  });

  it('brings back a removed video with everything on it, reviews included', () => {
    annotation.createMarks(project, ann, videoId, [event(1), event(2)]);
    const { question } = annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('ovo-s-bench'), text: 'q' }, [{ time: 5 }]);
    edit(project.db, 'rev', 'Review', (tx) => tx.insert('reviews', { id: 'r1', question_id: question.id, reviewer: 'rev', fields: '{"verdict":"accept"}', created_at: 'a', updated_at: 'a' }));
    project.videos.saveView(videoId, { position: 3, viewStart: 0, pxPerSec: 10 });
    annotation.removeVideo(project, ann, videoId);
    expect(project.videos.list()).toHaveLength(0);
    expect(project.db.prepare('SELECT count(*) AS n FROM reviews').get()).toEqual({ n: 0 });
    undo(project.db, 'ann');
    expect(project.db.prepare('SELECT count(*) AS n FROM reviews').get()).toEqual({ n: 1 });
    expect(project.videos.list()).toHaveLength(1);
    expect(listMarks(project.db, videoId)).toHaveLength(2);
    expect(listQueryPoints(project.db, videoId)).toHaveLength(1);
    expect(project.videos.views()[videoId]?.position).toBe(3);
  });
});

describe('dense captions', () => {
  it('copies a caption forward over a range and splits a longer caption around it', () => {
    annotation.fillCaptions(project, ann, videoId, 'task', 0, 10, 'stirring the pot');
    annotation.mergeCaptionRuns(project, ann, videoId, 'task');
    expect(listMarks(project.db, videoId).map((m) => [m.start, m.end])).toEqual([[0, 10]]);
    annotation.fillCaptions(project, ann, videoId, 'task', 4, 6, 'adding salt');
    const captions = listMarks(project.db, videoId).map((m) => [m.start, m.end, m.type === 'caption' ? m.data.text : '']);
    expect(captions).toEqual([
      [0, 4, 'stirring the pot'],
      [4, 5, 'adding salt'],
      [5, 6, 'adding salt'],
      [6, 10, 'stirring the pot'],
    ]);
    expect(annotation.mergeCaptionRuns(project, ann, videoId, 'task')).toBe(2);
    expect(listMarks(project.db, videoId)).toHaveLength(3);
    undo(project.db, 'ann');
    expect(listMarks(project.db, videoId)).toHaveLength(4);
  });
});

describe('questions and profiles', () => {
  it('records who wrote each field; editing a model draft makes it an edited draft', () => {
    const { question } = annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('rtv-bench'), text: 'draft' }, [], 'model');
    expect(question.provenance.text).toBe('model');
    const edited = annotation.updateQuestion(project, ann, question.id, { text: 'What is the person holding now?' });
    expect(edited.provenance.text).toBe('edited');
    expect(edited.provenance.options).toBe('model');
  });
  it('reads complete stored rows as they are, and partial, extra-keyed or broken ones through the schema', () => {
    const { question } = annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('ovo-s-bench'), text: 'complete' }, [{ time: 5 }]);
    const insert = project.db.prepare("INSERT INTO questions (id, video_id, profile_id, fields, provenance, created_by, created_at, updated_at) VALUES (?, ?, 'builtin:ovo-s-bench', ?, '{}', 'ann', 'z', 'z')");
    insert.run('partial', videoId, JSON.stringify({ text: 'partial', stray: 1 }));
    const [complete, partial] = listQuestions(project.db, videoId);
    expect(complete).toEqual(question);
    expect(partial).toMatchObject({ text: 'partial', answerKind: 'choice', options: {}, round: 0, origin: null });
    expect(partial).not.toHaveProperty('stray');
    insert.run('broken', videoId, JSON.stringify({ text: 'older row', round: 'two' }));
    expect(() => listQuestions(project.db, videoId)).toThrow(/round/);
  });
  it('validates query points against the video', () => {
    const { question } = annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('phostream') }, []);
    expect(() => annotation.createQueryPoint(project, ann, question.id, { time: 90 })).toThrow(/after the video's end/);
    expect(() => annotation.createQueryPoint(project, ann, question.id, { time: 5, evidence: [[4, 3]] })).toThrow(/evidence\.0: evidence interval ends before it starts/);
  });
  it('carries the five built-in profiles; only a lead makes and edits custom ones', () => {
    expect(listProfiles(project.db).filter((p) => p.builtin).map((p) => p.kind).sort()).toEqual(['ovo-s-bench', 'phostream', 'rtv-bench', 'vcbench', 'vsas-bench']);
    expect(() => annotation.createProfile(project, ann, 'Mine', null)).toThrow(/Only a lead/);
    const custom = annotation.createProfile(project, lead, 'Kitchen counting', builtinProfileId('vcbench'));
    const updated = annotation.updateProfile(project, lead, custom.id, { ...custom, taxonomy: [...custom.taxonomy, { code: 'K1', name: 'Knife strokes' }] });
    expect(updated.taxonomy.at(-1)?.code).toBe('K1');
    expect(() => annotation.updateProfile(project, lead, custom.id, { ...custom, taxonomy: [{ code: 'a', name: 'A' }, { code: 'a', name: 'B' }] })).toThrow(/repeated: a/);
    expect(() => annotation.updateProfile(project, lead, builtinProfileId('vcbench'), custom)).toThrow(/built in/);
  });
});
