// Drafts are a layer people own: each is accepted (kept as the model wrote it), edited (kept after a
// person changed it) or rejected (what it made is removed; the draft and its provenance stay).
// Each decision is one edit, undoable; who decided and when are recorded.
import type { Caller } from '../../../shared/domain';
import { isUndecided, markText, type Draft, type DraftView } from '../../../shared/drafting/drafts';
import { draftStats, type DraftStats } from '../../../shared/drafting/stats';
import type { Mark } from '../../../shared/marks';
import type { Question } from '../../../shared/questions';
import { removeQuestionChecked } from '../annotation/removal';
import type { AnnotationStore } from '../annotation/store';
import type { EditWrites } from '../db/stores';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import type { DraftFilter } from './store';

/** What a draft made, as it is now: its mark or question, or null once gone (rejected, undone, written over). */
type Made = { mark: Mark } | { question: Question } | null;

async function madeOf(annotation: AnnotationStore, draft: Draft): Promise<Made> {
  if (draft.madeId === null) return null;
  if (draft.kind === 'question') {
    const question = await annotation.question(draft.madeId);
    return question ? { question } : null;
  }
  const mark = await annotation.mark(draft.madeId);
  return mark ? { mark } : null;
}

const currentText = (made: Made): string | null => (made === null ? null : 'mark' in made ? markText(made.mark) : made.question.text);

/** The task type a draft counts under: a caption task's code (or its question's text), an event target, a question's task code. */
async function taskOf(annotation: AnnotationStore, draft: Draft, made: Made, questions: Map<string, string>): Promise<string> {
  if (draft.kind === 'event') return draft.target;
  if (draft.kind === 'question') return made && 'question' in made ? (made.question.taskCode ?? 'no task code') : 'no task code';
  if (!questions.has(draft.target)) {
    const q = await annotation.question(draft.target);
    questions.set(draft.target, q ? (q.taskCode ?? (q.text.slice(0, 60) || draft.target)) : draft.target);
  }
  return questions.get(draft.target)!;
}

export async function listDrafts(project: Project, filter: DraftFilter): Promise<DraftView[]> {
  const annotation = project.stores.annotation;
  const names = new Map<string, string>();
  const views: DraftView[] = [];
  for (const d of await project.stores.drafting.list(filter)) {
    const made = await madeOf(annotation, d);
    views.push({ ...d, current: currentText(made), task: await taskOf(annotation, d, made, names) });
  }
  return views;
}

export async function draftStatistics(project: Project): Promise<DraftStats> {
  return draftStats(await listDrafts(project, { videoId: null, kind: null }));
}

function decided(w: EditWrites, caller: Caller, draft: Draft, status: Draft['status']): Promise<void> {
  return w.drafting.put({ ...draft, status, decidedBy: caller.person, decidedAt: new Date().toISOString() });
}

/** Keeps a draft: as the model wrote it (accepted) or as a person has changed it meanwhile (edited). */
async function accept(w: EditWrites, caller: Caller, draft: Draft): Promise<boolean> {
  const made = await madeOf(w.annotation, draft);
  if (made === null) return false; // nothing left to keep
  if ('question' in made) {
    const q = made.question;
    const edited = Object.values(q.provenance).includes('edited');
    const provenance = Object.fromEntries(Object.entries(q.provenance).map(([field, by]) => [field, by === 'model' ? 'accepted' : by]));
    await w.annotation.putQuestion({ ...q, provenance });
    await decided(w, caller, draft, edited ? 'edited' : 'accepted');
  } else await decided(w, caller, draft, currentText(made) === draft.provenance.drafted ? 'accepted' : 'edited');
  return true;
}

async function reject(w: EditWrites, caller: Caller, draft: Draft): Promise<void> {
  const made = await madeOf(w.annotation, draft);
  if (made && 'question' in made) await removeQuestionChecked(w.annotation, caller, made.question.id);
  else if (made) await w.annotation.removeMark(made.mark.id);
  await decided(w, caller, draft, 'rejected');
}

/** Accepts or rejects undecided drafts (decided or failed ones are left as they are); one edit. */
export async function decideDrafts(project: Project, caller: Caller, ids: readonly string[], decision: 'accept' | 'reject'): Promise<{ decided: number }> {
  return project.edit(caller.person, `${decision === 'accept' ? 'Accept' : 'Reject'} ${ids.length === 1 ? 'draft' : `${ids.length} drafts`}`, async (w) => {
    let count = 0;
    for (const id of ids) {
      const draft = await w.drafting.get(id);
      if (!draft) throw new ServiceError('not-found', 'A draft no longer exists (undone?).');
      if (!isUndecided(draft)) continue;
      if (decision === 'reject') await reject(w, caller, draft);
      else if (!(await accept(w, caller, draft))) continue;
      count++;
    }
    return { decided: count };
  });
}

/** A caption draft kept with a person's text (accepted when the text is the model's own). */
export async function editCaptionDraft(project: Project, caller: Caller, id: string, text: string): Promise<{ decided: number }> {
  return project.edit(caller.person, 'Edit drafted caption', async (w) => {
    const draft = await w.drafting.get(id);
    if (!draft) throw new ServiceError('not-found', 'The draft no longer exists (undone?).');
    if (draft.kind !== 'caption') throw new ServiceError('invalid-request', 'Only a caption draft is edited here; edit a drafted mark or question where it is, then accept it.');
    const made = await madeOf(w.annotation, draft);
    if (!made || !('mark' in made) || made.mark.type !== 'caption') throw new ServiceError('conflict', 'The drafted caption is gone (rejected or written over).');
    await w.annotation.putMark({ ...made.mark, data: { ...made.mark.data, text } });
    await decided(w, caller, draft, text === draft.provenance.drafted ? 'accepted' : 'edited');
    return { decided: 1 };
  });
}
