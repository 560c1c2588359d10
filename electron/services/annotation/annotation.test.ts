import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../../shared/domain';
import { Project } from '../project';
import { tempDir } from '../test-support/fixtures';
import * as annotation from './annotation';
import { history, MAX_UNDO_STEPS, redo, undo } from './edit-log';
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

  it('brings back a removed video with everything on it', () => {
    annotation.createMarks(project, ann, videoId, [event(1), event(2)]);
    annotation.createQuestion(project, ann, videoId, { profileId: builtinProfileId('ovo-s-bench'), text: 'q' }, [{ time: 5 }]);
    project.videos.saveView(videoId, { position: 3, viewStart: 0, pxPerSec: 10 });
    annotation.removeVideo(project, ann, videoId);
    expect(project.videos.list()).toHaveLength(0);
    undo(project.db, 'ann');
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
