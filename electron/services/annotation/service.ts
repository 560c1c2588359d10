// Annotation: marks, dense captions, questions and query points of a video. Reads pass the caller
// to the policy (what this caller may see); every change is one undoable edit, persisted before
// the call returns. Requests arrive parsed by the contract's schemas; here they are checked
// against what only the project knows (the video's length, the profile).
import { randomUUID } from 'node:crypto';
import type { VideoAnnotations } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import { markInputSchema, type Mark, type MarkInput } from '../../../shared/marks';
import type { FieldProvenance, QueryPoint, QueryPointFields, Question, QuestionFields } from '../../../shared/questions';
import type { EditTransaction } from '../db/edit-log';
import type { ReadableDb } from '../db/readable';
import { describeZodIssue } from '../../../shared/zod-issue';
import { ServiceError } from '../errors';
import type { ProfileStore } from '../profiles/store';
import type { Project } from '../projects/project';
import { requireVideo } from '../videos/service';
import { visibleAnnotations } from './policy';
import { checkRemovable, removeQuestionWithChildren } from './removal';
import { getMark, getQueryPoint, givenBenchmarkId, getQuestionRow, listMarks, listQueryPoints, listQuestions, markToRow, queryPointToRow, questionToRow } from './rows';

/** Everything on a video this caller may see. */
export async function annotationsFor(project: Project, caller: Caller, videoId: string): Promise<VideoAnnotations> {
  await requireVideo(project, videoId);
  const db = project.store.db;
  return visibleAnnotations(db, caller, { marks: listMarks(db, videoId), questions: listQuestions(db, videoId), queryPoints: listQueryPoints(db, videoId) });
}

/** A time past the video's end is refused (the message names the field); unknown lengths wait. */
function checkEnd(time: number, duration: number | null, where: string, what: string): void {
  if (duration !== null && time > duration + 1e-6) throw new ServiceError('invalid-request', `${where}: ${what} ${time} s is after the video's end (${duration} s).`);
}

const checkMark = (mark: MarkInput, duration: number | null, where: string): void => checkEnd(mark.end ?? mark.start, duration, where, 'ends at');

// ── marks ───────────────────────────────────────────────────────────────────

export async function createMarks(project: Project, caller: Caller, videoId: string, inputs: readonly MarkInput[]): Promise<Mark[]> {
  const { duration } = await requireVideo(project, videoId);
  const label = inputs.length === 1 ? `Add ${inputs[0]!.type}` : `Add ${inputs.length} marks`;
  const marks: Mark[] = [];
  await project.store.edit(caller.person, label, async (tx) => {
    // fresh ids: logged by key and fingerprint, not copied (a hundred thousand marks stay cheap);
    // a mark past the video's end throws, and the whole call writes nothing
    for (const [i, input] of inputs.entries()) {
      checkMark(input, duration, `mark ${i + 1}`);
      const mark = { ...input, id: randomUUID(), videoId } as Mark;
      tx.insert('marks', markToRow(mark));
      marks.push(mark);
      await tx.pace();
    }
  });
  return marks;
}

interface MarkPatch {
  id: string;
  start?: number;
  end?: number | null;
  target?: string;
  data?: Record<string, unknown>;
}

/** A patched mark is checked whole again: a new edge or new data must still make a valid mark. */
function patchMark(current: Mark, patch: MarkPatch, duration: number | null, where: string): Mark {
  const merged = {
    type: current.type,
    start: patch.start ?? current.start,
    end: patch.end === undefined ? current.end : patch.end,
    target: patch.target ?? current.target,
    data: patch.data === undefined ? current.data : { ...current.data, ...patch.data },
  };
  const parsed = markInputSchema.safeParse(merged);
  if (!parsed.success) throw new ServiceError('invalid-request', describeZodIssue(where, parsed.error, [], 'mark'));
  checkMark(parsed.data as MarkInput, duration, where);
  return { ...(parsed.data as MarkInput), id: current.id, videoId: current.videoId } as Mark;
}

export async function updateMarks(project: Project, caller: Caller, patches: readonly MarkPatch[]): Promise<Mark[]> {
  const updated: Mark[] = [];
  await project.store.edit(caller.person, patches.length === 1 ? 'Edit mark' : `Edit ${patches.length} marks`, async (tx) => {
    for (const [i, patch] of patches.entries()) {
      // read inside the edit: two changes of one mark in a request build on each other
      const current = getMark(tx.db, patch.id);
      if (!current) throw new ServiceError('not-found', `Mark ${patch.id} no longer exists (undone or deleted?).`);
      const mark = patchMark(current, patch, await videoDuration(tx.db, project, current.videoId), `change ${i + 1}`);
      tx.put('marks', markToRow(mark));
      updated.push(mark);
      await tx.pace();
    }
  });
  return updated;
}

export async function removeMarks(project: Project, caller: Caller, ids: readonly string[]): Promise<void> {
  await project.store.edit(caller.person, ids.length === 1 ? 'Delete mark' : `Delete ${ids.length} marks`, async (tx) => {
    for (const id of ids) {
      tx.remove('marks', id);
      await tx.pace();
    }
  });
}

/** A video's length, read through `db` (an edit's, to see what it wrote). */
async function videoDuration(db: ReadableDb, project: Project, videoId: string): Promise<number | null> {
  return (await project.storesOver(db).videos.get(videoId))?.duration ?? null;
}

// ── dense captions (one caption per second of a task) ──────────────────────

type Caption = Extract<Mark, { type: 'caption' }>;

function captionsOf(db: ReadableDb, videoId: string, target: string): Caption[] {
  return listMarks(db, videoId).filter((m): m is Caption => m.type === 'caption' && m.target === target);
}

/**
 * Sets the caption of every whole second in [from, to) to `text` (copy-forward): existing
 * one-second captions are rewritten, longer captions overlapping the range are split around it.
 */
export async function fillCaptions(project: Project, caller: Caller, videoId: string, target: string, from: number, to: number, text: string): Promise<Mark[]> {
  const { duration } = await requireVideo(project, videoId);
  if (duration === null) throw new ServiceError('unavailable', 'The video is missing; relink it before captioning it.');
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(Math.ceil(to), Math.ceil(duration - 1e-9));
  if (end <= start) throw new ServiceError('invalid-request', 'The caption range is empty.');
  const written: Mark[] = [];
  const label = end - start === 1 ? `Caption ${start}s` : `Caption ${start}–${end}s`;
  await project.store.edit(caller.person, label, (tx) => {
    for (const caption of captionsOf(tx.db, videoId, target)) {
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
export async function mergeCaptionRuns(project: Project, caller: Caller, videoId: string, target: string): Promise<number> {
  await requireVideo(project, videoId);
  let merged = 0;
  await project.store.edit(caller.person, 'Merge identical captions', (tx) => {
    const captions = captionsOf(tx.db, videoId, target);
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

function checkPoint(fields: QueryPointFields, duration: number | null, where: string): void {
  checkEnd(fields.time, duration, where, 'query time');
}

async function requireProfile(profiles: ProfileStore, profileId: string): Promise<void> {
  if (!(await profiles.get(profileId))) throw new ServiceError('not-found', `No profile ${profileId} in this project.`);
}

export async function createQuestion(
  project: Project,
  caller: Caller,
  videoId: string,
  fields: QuestionFields,
  pointFields: readonly QueryPointFields[],
  provenance: FieldProvenance = 'human',
): Promise<{ question: Question; queryPoints: QueryPoint[] }> {
  const { duration } = await requireVideo(project, videoId);
  await requireProfile(project.stores.profiles, fields.profileId);
  pointFields.forEach((p, i) => checkPoint(p, duration, `query point ${i + 1}`));
  const now = new Date().toISOString();
  const id = randomUUID();
  const queryPoints = pointFields.map((p) => ({ ...p, id: randomUUID(), questionId: id }));
  // its benchmark id is given inside the edit: two questions made at once never take the same one
  const question = await project.store.edit(caller.person, 'Add question', async (tx) => {
    const made: Question = {
      ...(await givenBenchmarkId(tx.db, project.storesOver(tx.db).profiles, fields)),
      id,
      videoId,
      provenance: Object.fromEntries(Object.keys(fields).map((k) => [k, provenance])),
      createdBy: caller.person,
      updatedAt: now,
    };
    tx.put('questions', questionToRow(made, now));
    for (const p of queryPoints) tx.put('query_points', queryPointToRow(p));
    return made;
  });
  return { question, queryPoints };
}

export async function updateQuestion(project: Project, caller: Caller, id: string, patch: Partial<QuestionFields>): Promise<Question> {
  // read inside the edit: two people's patches of one question, queued, build on each other
  return project.store.edit(caller.person, 'Edit question', async (tx) => {
    const current = getQuestionRow(tx.db, id);
    if (!current) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
    const { id: _id, videoId, provenance, createdBy, updatedAt: _u, ...currentFields } = current.question;
    // each field was parsed on its own and the schema has no rules across fields: the merge is valid
    const fields: QuestionFields = { ...currentFields, ...definedOnly(patch) };
    await requireProfile(project.storesOver(tx.db).profiles, fields.profileId);
    // a person editing a model's draft turns it into an edited draft; otherwise it is theirs
    const nextProvenance = { ...provenance };
    for (const key of Object.keys(patch) as Array<keyof QuestionFields>) {
      if (JSON.stringify(currentFields[key]) !== JSON.stringify(fields[key])) {
        nextProvenance[key] = provenance[key] === 'model' || provenance[key] === 'edited' ? 'edited' : 'human';
      }
    }
    const question: Question = { ...fields, id, videoId, provenance: nextProvenance, createdBy, updatedAt: new Date().toISOString() };
    tx.put('questions', questionToRow(question, current.createdAt));
    return question;
  });
}

/** A patch's named fields (a field explicitly undefined is not a change). */
function definedOnly<T extends object>(patch: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function removeQuestion(project: Project, caller: Caller, id: string): Promise<void> {
  await project.store.edit(caller.person, 'Delete question', (tx) => {
    checkRemovable(tx, caller, id);
    removeQuestionWithChildren(tx, id);
  });
}


async function questionVideoDuration(project: Project, questionId: string, db: ReadableDb = project.store.db): Promise<number | null> {
  const q = getQuestionRow(db, questionId);
  if (!q) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
  return videoDuration(db, project, q.question.videoId);
}

export async function createQueryPoint(project: Project, caller: Caller, questionId: string, fields: QueryPointFields): Promise<QueryPoint> {
  checkPoint(fields, await questionVideoDuration(project, questionId), 'query point');
  const point: QueryPoint = { ...fields, id: randomUUID(), questionId };
  await project.store.edit(caller.person, 'Add query point', (tx) => tx.put('query_points', queryPointToRow(point)));
  return point;
}

export async function updateQueryPoint(project: Project, caller: Caller, id: string, patch: Partial<QueryPointFields>): Promise<QueryPoint> {
  return project.store.edit(caller.person, 'Edit query point', async (tx) => {
    const current = getQueryPoint(tx.db, id);
    if (!current) throw new ServiceError('not-found', 'The query point no longer exists (undone or deleted?).');
    const { id: _id, questionId, ...fields } = current;
    const next: QueryPointFields = { ...fields, ...definedOnly(patch) };
    checkPoint(next, await questionVideoDuration(project, questionId, tx.db), 'query point');
    const point: QueryPoint = { ...next, id, questionId };
    tx.put('query_points', queryPointToRow(point));
    return point;
  });
}

export async function removeQueryPoint(project: Project, caller: Caller, id: string): Promise<void> {
  await project.store.edit(caller.person, 'Delete query point', (tx) => tx.remove('query_points', id));
}
