// Annotation edits: marks, dense captions, questions, query points and custom profiles. Each call is
// one undoable edit in one transaction (see edit-log.ts), persisted before it returns.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Caller } from '../../../shared/domain';
import { markInputSchema, type Mark, type MarkInput } from '../../../shared/marks';
import { blankCustomProfile, duplicateTaxonomyCodes, type Profile, type ProfileDefinition } from '../../../shared/profiles';
import {
  queryPointFieldsSchema,
  questionFieldsSchema,
  type FieldProvenance,
  type QueryPoint,
  type QueryPointFields,
  type Question,
  type QuestionFields,
} from '../../../shared/questions';
import { ServiceError } from '../errors';
import type { Project } from '../project';
import { edit, type EditTransaction } from './edit-log';
import {
  getMark,
  getProfile,
  getQueryPoint,
  getQuestionRow,
  markToRow,
  profileToRow,
  queryPointToRow,
  questionToRow,
} from './rows';

function requireVideo(project: Project, videoId: string): void {
  if (!project.videos.get(videoId)) throw new ServiceError('not-found', 'No such video in this project.');
}

/** Parses input from outside with its schema; a failure names where and which field. */
function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, where: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ServiceError('invalid-request', `${where}: ${issue?.path.join('.') || 'fields'}: ${issue?.message}`);
}

/** Validates a mark against its schema and the video's length; the message names the field. */
function parseMark(input: unknown, duration: number, where: string): MarkInput {
  const mark = parseOrThrow(markInputSchema, input, where) as MarkInput;
  if ((mark.end ?? mark.start) > duration + 1e-6) throw new ServiceError('invalid-request', `${where}: ends at ${mark.end ?? mark.start} s, after the video's end (${duration} s).`);
  return mark;
}

// ── marks ───────────────────────────────────────────────────────────────────

export function createMarks(project: Project, caller: Caller, videoId: string, inputs: unknown[]): Mark[] {
  requireVideo(project, videoId);
  const duration = project.videos.get(videoId)!.duration;
  const marks = inputs.map((input, i) => ({ ...parseMark(input, duration, `mark ${i + 1}`), id: randomUUID(), videoId }) as Mark);
  const label = marks.length === 1 ? `Add ${marks[0]!.type}` : `Add ${marks.length} marks`;
  edit(project.db, caller.person, label, (tx) => {
    for (const mark of marks) tx.put('marks', markToRow(mark));
  });
  return marks;
}

export interface MarkPatch {
  id: string;
  start?: number;
  end?: number | null;
  target?: string;
  data?: unknown;
}

export function updateMarks(project: Project, caller: Caller, patches: MarkPatch[]): Mark[] {
  const updated: Mark[] = [];
  edit(project.db, caller.person, patches.length === 1 ? 'Edit mark' : `Edit ${patches.length} marks`, (tx) => {
    for (const [i, patch] of patches.entries()) {
      const current = getMark(project.db, patch.id);
      if (!current) throw new ServiceError('not-found', `Mark ${patch.id} no longer exists (undone or deleted?).`);
      const duration = project.videos.get(current.videoId)!.duration;
      const next = parseMark(
        {
          type: current.type,
          start: patch.start ?? current.start,
          end: patch.end === undefined ? current.end : patch.end,
          target: patch.target ?? current.target,
          data: patch.data === undefined ? current.data : { ...current.data, ...(patch.data as object) },
        },
        duration,
        `change ${i + 1}`,
      );
      const mark = { ...next, id: current.id, videoId: current.videoId } as Mark;
      tx.put('marks', markToRow(mark));
      updated.push(mark);
    }
  });
  return updated;
}

export function removeMarks(project: Project, caller: Caller, ids: string[]): void {
  edit(project.db, caller.person, ids.length === 1 ? 'Delete mark' : `Delete ${ids.length} marks`, (tx) => {
    for (const id of ids) tx.remove('marks', id);
  });
}

// ── dense captions (one caption per second of a task) ──────────────────────

function captionsOf(project: Project, videoId: string, target: string): Array<Extract<Mark, { type: 'caption' }>> {
  return project.db
    .prepare(`SELECT id FROM marks WHERE video_id = ? AND type = 'caption' AND target = ? ORDER BY start`)
    .all(videoId, target)
    .map((r) => getMark(project.db, (r as { id: string }).id) as Extract<Mark, { type: 'caption' }>);
}

/**
 * Sets the caption of every whole second in [from, to) to `text` (copy-forward): existing
 * one-second captions are rewritten, longer captions overlapping the range are split around it.
 */
export function fillCaptions(project: Project, caller: Caller, videoId: string, target: string, from: number, to: number, text: string): Mark[] {
  requireVideo(project, videoId);
  const duration = project.videos.get(videoId)!.duration;
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(Math.ceil(to), Math.ceil(duration - 1e-9));
  if (end <= start) throw new ServiceError('invalid-request', 'The caption range is empty.');
  const written: Mark[] = [];
  const label = end - start === 1 ? `Caption ${start}s` : `Caption ${start}–${end}s`;
  edit(project.db, caller.person, label, (tx) => {
    for (const caption of captionsOf(project, videoId, target)) {
      const cEnd = caption.end ?? caption.start + 1;
      if (cEnd <= start || caption.start >= end) continue;
      tx.remove('marks', caption.id);
      // keep the parts of a longer caption outside the range
      if (caption.start < start) putCaption(tx, videoId, target, caption.start, start, caption.data.text);
      if (cEnd > end) putCaption(tx, videoId, target, end, cEnd, caption.data.text);
    }
    for (let s = start; s < end; s++) written.push(putCaption(tx, videoId, target, s, Math.min(s + 1, duration), text));
  });
  return written;
}

function putCaption(tx: EditTransaction, videoId: string, target: string, start: number, end: number, text: string): Mark {
  const mark: Mark = { id: randomUUID(), videoId, type: 'caption', start, end, target, data: { text } };
  tx.put('marks', markToRow(mark));
  return mark;
}

/** Merges runs of adjacent captions with the same text into one caption over the run. */
export function mergeCaptionRuns(project: Project, caller: Caller, videoId: string, target: string): number {
  requireVideo(project, videoId);
  let merged = 0;
  edit(project.db, caller.person, 'Merge identical captions', (tx) => {
    const captions = captionsOf(project, videoId, target);
    let i = 0;
    while (i < captions.length) {
      let j = i;
      while (j + 1 < captions.length && captions[j + 1]!.data.text === captions[i]!.data.text && Math.abs(captions[j + 1]!.start - (captions[j]!.end ?? 0)) < 1e-6) j++;
      if (j > i) {
        for (let k = i; k <= j; k++) tx.remove('marks', captions[k]!.id);
        putCaption(tx, videoId, target, captions[i]!.start, captions[j]!.end ?? captions[j]!.start, captions[i]!.data.text);
        merged += j - i + 1;
      }
      i = j + 1;
    }
  });
  return merged;
}

// ── questions and query points ──────────────────────────────────────────────

const parseQuestionFields = (input: unknown): QuestionFields => parseOrThrow(questionFieldsSchema, input, 'question');

function parsePointFields(input: unknown, duration: number, where: string): QueryPointFields {
  const fields = parseOrThrow(queryPointFieldsSchema, input, where);
  if (fields.time > duration + 1e-6) throw new ServiceError('invalid-request', `${where}: query time ${fields.time} s is after the video's end (${duration} s).`);
  return fields;
}

export function createQuestion(
  project: Project,
  caller: Caller,
  videoId: string,
  fieldsInput: unknown,
  pointInputs: unknown[],
  provenance: FieldProvenance = 'human',
): { question: Question; queryPoints: QueryPoint[] } {
  requireVideo(project, videoId);
  const fields = parseQuestionFields(fieldsInput);
  if (!getProfile(project.db, fields.profileId)) throw new ServiceError('not-found', `No profile ${fields.profileId} in this project.`);
  const duration = project.videos.get(videoId)!.duration;
  const now = new Date().toISOString();
  const question: Question = {
    ...fields,
    id: randomUUID(),
    videoId,
    provenance: Object.fromEntries(Object.keys(fields).map((k) => [k, provenance])),
    createdBy: caller.person,
    updatedAt: now,
  };
  const queryPoints = pointInputs.map((input, i) => ({ ...parsePointFields(input, duration, `query point ${i + 1}`), id: randomUUID(), questionId: question.id }));
  edit(project.db, caller.person, 'Add question', (tx) => {
    tx.put('questions', questionToRow(question, now));
    for (const p of queryPoints) tx.put('query_points', queryPointToRow(p));
  });
  return { question, queryPoints };
}

export function updateQuestion(project: Project, caller: Caller, id: string, patch: Record<string, unknown>): Question {
  const current = getQuestionRow(project.db, id);
  if (!current) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
  const { id: _id, videoId, provenance, createdBy, updatedAt: _u, ...currentFields } = current.question;
  const fields = parseQuestionFields({ ...currentFields, ...patch });
  if (!getProfile(project.db, fields.profileId)) throw new ServiceError('not-found', `No profile ${fields.profileId} in this project.`);
  // a person editing a model's draft turns it into an edited draft; otherwise it is theirs
  const nextProvenance = { ...provenance };
  for (const key of Object.keys(patch)) {
    if (JSON.stringify((currentFields as Record<string, unknown>)[key]) !== JSON.stringify((fields as Record<string, unknown>)[key])) {
      nextProvenance[key] = provenance[key] === 'model' || provenance[key] === 'edited' ? 'edited' : 'human';
    }
  }
  const question: Question = { ...fields, id, videoId, provenance: nextProvenance, createdBy, updatedAt: new Date().toISOString() };
  edit(project.db, caller.person, 'Edit question', (tx) => tx.put('questions', questionToRow(question, current.createdAt)));
  return question;
}

export function removeQuestion(project: Project, caller: Caller, id: string): void {
  edit(project.db, caller.person, 'Delete question', (tx) => removeQuestionWithChildren(tx, id));
}

/** A question with its reviews and query points, children first so that undo restores them after it. */
function removeQuestionWithChildren(tx: EditTransaction, id: string): void {
  tx.removeWhere('reviews', 'question_id', id);
  tx.removeWhere('query_points', 'question_id', id);
  tx.remove('questions', id);
}

function questionVideoDuration(project: Project, questionId: string): number {
  const q = getQuestionRow(project.db, questionId);
  if (!q) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
  return project.videos.get(q.question.videoId)!.duration;
}

export function createQueryPoint(project: Project, caller: Caller, questionId: string, fieldsInput: unknown): QueryPoint {
  const duration = questionVideoDuration(project, questionId);
  const point: QueryPoint = { ...parsePointFields(fieldsInput, duration, 'query point'), id: randomUUID(), questionId };
  edit(project.db, caller.person, 'Add query point', (tx) => tx.put('query_points', queryPointToRow(point)));
  return point;
}

export function updateQueryPoint(project: Project, caller: Caller, id: string, patch: Record<string, unknown>): QueryPoint {
  const current = getQueryPoint(project.db, id);
  if (!current) throw new ServiceError('not-found', 'The query point no longer exists (undone or deleted?).');
  const { id: _id, questionId, ...fields } = current;
  const duration = questionVideoDuration(project, questionId);
  const point: QueryPoint = { ...parsePointFields({ ...fields, ...patch }, duration, 'query point'), id, questionId };
  edit(project.db, caller.person, 'Edit query point', (tx) => tx.put('query_points', queryPointToRow(point)));
  return point;
}

export function removeQueryPoint(project: Project, caller: Caller, id: string): void {
  edit(project.db, caller.person, 'Delete query point', (tx) => tx.remove('query_points', id));
}


// ── custom profiles ─────────────────────────────────────────────────────────

function checkDefinition(definition: ProfileDefinition): void {
  const dupes = duplicateTaxonomyCodes(definition.taxonomy);
  if (dupes.length > 0) throw new ServiceError('invalid-request', `Task codes must be unique; repeated: ${dupes.join(', ')}.`);
}

/** A custom profile: blank, or a copy of an existing profile's taxonomy and rules to edit. */
export function createProfile(project: Project, caller: Caller, name: string, copyOf: string | null): Profile {
  if (caller.role !== 'lead') throw new ServiceError('forbidden', 'Only a lead can add a profile.');
  const source = copyOf ? getProfile(project.db, copyOf) : null;
  if (copyOf && !source) throw new ServiceError('not-found', `No profile ${copyOf} to copy.`);
  const definition: ProfileDefinition = source ? { kind: 'custom', name, taxonomy: source.taxonomy, rules: source.rules } : blankCustomProfile(name);
  const profile: Profile = { ...definition, id: randomUUID(), builtin: false };
  edit(project.db, caller.person, `Add profile ${name}`, (tx) => tx.put('profiles', profileToRow(profile)));
  return profile;
}

export function updateProfile(project: Project, caller: Caller, id: string, definition: ProfileDefinition): Profile {
  const current = getProfile(project.db, id);
  if (!current) throw new ServiceError('not-found', 'No such profile.');
  if (current.builtin) throw new ServiceError('forbidden', `${current.name} is built in; copy it into a custom profile to change it.`);
  if (caller.role !== 'lead') throw new ServiceError('forbidden', 'Only a lead can edit a profile.');
  checkDefinition(definition);
  const profile: Profile = { ...definition, kind: 'custom', id, builtin: false };
  edit(project.db, caller.person, `Edit profile ${definition.name}`, (tx) => tx.put('profiles', profileToRow(profile)));
  return profile;
}

export function removeProfile(project: Project, caller: Caller, id: string): void {
  const current = getProfile(project.db, id);
  if (!current) throw new ServiceError('not-found', 'No such profile.');
  if (current.builtin) throw new ServiceError('forbidden', 'Built-in profiles cannot be removed.');
  const { n } = project.db.prepare('SELECT count(*) AS n FROM questions WHERE profile_id = ?').get(id) as { n: number };
  if (n > 0) throw new ServiceError('conflict', `${n} question(s) use ${current.name}; move them to another profile first.`);
  edit(project.db, caller.person, `Delete profile ${current.name}`, (tx) => tx.remove('profiles', id));
}

/** Removing a video is an edit too: its marks, questions, query points and reviews come back on undo. */
export function removeVideo(project: Project, caller: Caller, videoId: string): void {
  const video = project.videos.get(videoId);
  if (!video) throw new ServiceError('not-found', 'No such video in this project.');
  edit(project.db, caller.person, `Remove ${video.name}`, (tx) => {
    for (const q of project.db.prepare('SELECT id FROM questions WHERE video_id = ?').all(videoId) as Array<{ id: string }>) removeQuestionWithChildren(tx, q.id);
    tx.removeWhere('marks', 'video_id', videoId);
    tx.removeWhere('video_view_state', 'video_id', videoId);
    tx.remove('videos', videoId);
  });
}
