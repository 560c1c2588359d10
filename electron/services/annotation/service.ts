// Annotation: marks, dense captions, questions and query points of a video. Reads pass the caller
// to the policy (what this caller may see); every change is one undoable edit, persisted before
// the call returns. Requests arrive parsed by the contract's schemas; here they are checked
// against what only the project knows (the video's length, the profile).
import { randomUUID } from 'node:crypto';
import type { VideoAnnotations } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import { markInputSchema, type Mark, type MarkInput } from '../../../shared/marks';
import type { FieldProvenance, QueryPoint, QueryPointFields, Question, QuestionFields } from '../../../shared/questions';
import type { ProjectStores } from '../db/stores';
import { describeZodIssue } from '../../../shared/zod-issue';
import { ServiceError } from '../errors';
import type { ProfileStore } from '../profiles/store';
import type { Project } from '../projects/project';
import { requireVideo } from '../videos/service';
import { visibleAnnotations } from './policy';
import { givenBenchmarkId } from './benchmark-ids';
import { removeQuestionChecked } from './removal';
import type { AnnotationWrites } from './store';

/** Everything on a video this caller may see. */
export async function annotationsFor(project: Project, caller: Caller, videoId: string): Promise<VideoAnnotations> {
  await requireVideo(project, videoId);
  const store = project.stores.annotation;
  const [marks, questions, queryPoints] = [await store.marksOfVideo(videoId), await store.questionsOfVideo(videoId), await store.queryPointsOfVideo(videoId)];
  return visibleAnnotations(project.stores, caller, { marks, questions, queryPoints });
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
  await project.edit(caller.person, label, async (w, tx) => {
    // fresh ids: logged by key and fingerprint, not copied (a hundred thousand marks stay cheap);
    // a mark past the video's end throws, and the whole call writes nothing
    for (const [i, input] of inputs.entries()) {
      checkMark(input, duration, `mark ${i + 1}`);
      const mark = { ...input, id: randomUUID(), videoId } as Mark;
      await w.annotation.addMarks([mark]);
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
  await project.edit(caller.person, patches.length === 1 ? 'Edit mark' : `Edit ${patches.length} marks`, async (w, tx) => {
    for (const [i, patch] of patches.entries()) {
      // read inside the edit: two changes of one mark in a request build on each other
      const current = await w.annotation.mark(patch.id);
      if (!current) throw new ServiceError('not-found', `Mark ${patch.id} no longer exists (undone or deleted?).`);
      const mark = patchMark(current, patch, await videoDuration(w, current.videoId), `change ${i + 1}`);
      await w.annotation.putMark(mark);
      updated.push(mark);
      await tx.pace();
    }
  });
  return updated;
}

export async function removeMarks(project: Project, caller: Caller, ids: readonly string[]): Promise<void> {
  await project.edit(caller.person, ids.length === 1 ? 'Delete mark' : `Delete ${ids.length} marks`, async (w, tx) => {
    for (const id of ids) {
      await w.annotation.removeMark(id);
      await tx.pace();
    }
  });
}

/** A video's length, read through `stores` (an edit's, to see what it wrote). */
async function videoDuration(stores: Pick<ProjectStores, 'videos'>, videoId: string): Promise<number | null> {
  return (await stores.videos.get(videoId))?.duration ?? null;
}

// ── dense captions (one caption per second of a task) ──────────────────────

type Caption = Extract<Mark, { type: 'caption' }>;

async function captionsOf(w: AnnotationWrites, videoId: string, target: string): Promise<Caption[]> {
  return (await w.marksOfVideo(videoId)).filter((m): m is Caption => m.type === 'caption' && m.target === target);
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
  await project.edit(caller.person, label, async ({ annotation: w }) => {
    for (const caption of await captionsOf(w, videoId, target)) {
      const cEnd = caption.end ?? caption.start + 1;
      if (cEnd <= start || caption.start >= end) continue;
      await w.removeMark(caption.id);
      // keep the parts of a longer caption outside the range
      if (caption.start < start) await putCaption(w, videoId, target, caption.start, start, caption.data.text);
      if (cEnd > end) await putCaption(w, videoId, target, end, cEnd, caption.data.text);
    }
    for (let s = start; s < end; s++) written.push(await putCaption(w, videoId, target, s, Math.min(s + 1, duration), text));
  });
  return written;
}

async function putCaption(w: AnnotationWrites, videoId: string, target: string, start: number, end: number, text: string): Promise<Mark> {
  const mark: Mark = { id: randomUUID(), videoId, type: 'caption', start, end, target, data: { text } };
  await w.putMark(mark);
  return mark;
}

/** Merges runs of adjacent captions with the same text into one caption over the run. */
export async function mergeCaptionRuns(project: Project, caller: Caller, videoId: string, target: string): Promise<number> {
  await requireVideo(project, videoId);
  let merged = 0;
  await project.edit(caller.person, 'Merge identical captions', async ({ annotation: w }) => {
    const captions = await captionsOf(w, videoId, target);
    let i = 0;
    while (i < captions.length) {
      let j = i;
      while (j + 1 < captions.length && captions[j + 1]!.data.text === captions[i]!.data.text && Math.abs(captions[j + 1]!.start - (captions[j]!.end ?? 0)) < 1e-6) j++;
      if (j > i) {
        for (let k = i; k <= j; k++) await w.removeMark(captions[k]!.id);
        await putCaption(w, videoId, target, captions[i]!.start, captions[j]!.end ?? captions[j]!.start, captions[i]!.data.text);
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
  const question = await project.edit(caller.person, 'Add question', async (w) => {
    const made: Question = {
      ...(await givenBenchmarkId(w, fields)),
      id,
      videoId,
      provenance: Object.fromEntries(Object.keys(fields).map((k) => [k, provenance])),
      createdBy: caller.person,
      updatedAt: now,
    };
    await w.annotation.putQuestion(made, now);
    for (const p of queryPoints) await w.annotation.putQueryPoint(p);
    return made;
  });
  return { question, queryPoints };
}

/**
 * Patches a question's fields. Read inside the edit: two people's patches of one question, queued,
 * build on each other — patches of different fields both stand. With `expected` (the patched fields
 * as the caller last saw them), a field someone else has changed since is a conflict, refused with
 * both versions named, never silently overwritten.
 */
export async function updateQuestion(project: Project, caller: Caller, id: string, patch: Partial<QuestionFields>, expected?: Partial<QuestionFields>): Promise<Question> {
  return project.edit(caller.person, 'Edit question', async (w) => {
    const current = await w.annotation.question(id);
    if (!current) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
    const { id: _id, videoId, provenance, createdBy, updatedAt: _u, ...currentFields } = current;
    if (expected) refuseChangedSince(currentFields, patch, expected);
    // each field was parsed on its own and the schema has no rules across fields: the merge is valid
    const fields: QuestionFields = { ...currentFields, ...definedOnly(patch) };
    await requireProfile(w.profiles, fields.profileId);
    // a person editing a model's draft turns it into an edited draft; otherwise it is theirs
    const nextProvenance = { ...provenance };
    for (const key of Object.keys(patch) as Array<keyof QuestionFields>) {
      if (JSON.stringify(currentFields[key]) !== JSON.stringify(fields[key])) {
        nextProvenance[key] = provenance[key] === 'model' || provenance[key] === 'edited' ? 'edited' : 'human';
      }
    }
    const question: Question = { ...fields, id, videoId, provenance: nextProvenance, createdBy, updatedAt: new Date().toISOString() };
    await w.annotation.putQuestion(question);
    return question;
  });
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? `“${value}”` : JSON.stringify(value ?? null);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

/** The fields the patch changes that someone else changed since the caller saw them (to other values than the patch's). */
function refuseChangedSince(current: QuestionFields, patch: Partial<QuestionFields>, expected: Partial<QuestionFields>): void {
  const clashes = (Object.keys(definedOnly(patch)) as Array<keyof QuestionFields>).filter((key) => key in expected && !same(current[key], expected[key]) && !same(current[key], patch[key]));
  if (clashes.length === 0) return;
  const versions = clashes.map((key) => `${key}: theirs ${shown(current[key])}, yours ${shown(patch[key])}`).join('; ');
  throw new ServiceError('conflict', `Someone else changed this question since you loaded it — ${versions}. It now shows theirs; make your change again if it should stand.`);
}

/** A patch's named fields (a field explicitly undefined is not a change). */
function definedOnly<T extends object>(patch: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function removeQuestion(project: Project, caller: Caller, id: string): Promise<void> {
  await project.edit(caller.person, 'Delete question', (w) => removeQuestionChecked(w.annotation, caller, id));
}

async function questionVideoDuration(stores: Pick<ProjectStores, 'annotation' | 'videos'>, questionId: string): Promise<number | null> {
  const q = await stores.annotation.question(questionId);
  if (!q) throw new ServiceError('not-found', 'The question no longer exists (undone or deleted?).');
  return videoDuration(stores, q.videoId);
}

export async function createQueryPoint(project: Project, caller: Caller, questionId: string, fields: QueryPointFields): Promise<QueryPoint> {
  checkPoint(fields, await questionVideoDuration(project.stores, questionId), 'query point');
  const point: QueryPoint = { ...fields, id: randomUUID(), questionId };
  await project.edit(caller.person, 'Add query point', (w) => w.annotation.putQueryPoint(point));
  return point;
}

export async function updateQueryPoint(project: Project, caller: Caller, id: string, patch: Partial<QueryPointFields>): Promise<QueryPoint> {
  return project.edit(caller.person, 'Edit query point', async (w) => {
    const current = await w.annotation.queryPoint(id);
    if (!current) throw new ServiceError('not-found', 'The query point no longer exists (undone or deleted?).');
    const { id: _id, questionId, ...fields } = current;
    const next: QueryPointFields = { ...fields, ...definedOnly(patch) };
    checkPoint(next, await questionVideoDuration(w, questionId), 'query point');
    const point: QueryPoint = { ...next, id, questionId };
    await w.annotation.putQueryPoint(point);
    return point;
  });
}

export async function removeQueryPoint(project: Project, caller: Caller, id: string): Promise<void> {
  await project.edit(caller.person, 'Delete query point', (w) => w.annotation.removeQueryPoint(id));
}
