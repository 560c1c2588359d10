// Undo, redo and the history of a person's edits. Each person undoes only their own edits; undo
// refuses (and says why) when someone changed the same rows since.
import type { AppliedEditSummary, EditHistoryEntry } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { AppliedEdit, ReplayCheck } from '../db/edit-log';
import { touchedBy } from '../db/edit-summary';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';

export async function undo(project: Project, caller: Caller): Promise<AppliedEditSummary | null> {
  return summarize(await project.store.undo(caller.person, reviewStands(project, caller)));
}

export async function redo(project: Project, caller: Caller): Promise<AppliedEditSummary | null> {
  return summarize(await project.store.redo(caller.person, reviewStands(project, caller)));
}

/**
 * A submitted review stands: once it is in, its reviewer sees the author's answer, so taking it back
 * and answering again would not be blind — whatever role they now work in. Working as a reviewer,
 * nothing that touches reviews is undone or redone; in another role, an edit holding a review of
 * their own is not undone (a lead can still undo a package import: those reviews are the reviewer's).
 */
function reviewStands(project: Project, caller: Caller): ReplayCheck {
  const theirs = async (id: string): Promise<boolean> => (await project.stores.review.review(id))?.reviewer === caller.person;
  return async (changes, label) => {
    const reviewIds = changes.filter((c) => c.table === 'reviews').flatMap((c) => ('inserted' in c ? c.inserted.map(([key]) => key) : [c.key]));
    if (reviewIds.length === 0) return;
    if (caller.role === 'reviewer' || (await someAsync(reviewIds, theirs))) {
      throw new ServiceError('forbidden', `“${label}” cannot be undone: a submitted review stands, since you have seen the author's answer. Ask an adjudicator to weigh a correction.`);
    }
  };
}

async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}

/** A caller's history is their own edits: nobody reads another person's log through it. */
export function historyFor(project: Project, caller: Caller): Promise<EditHistoryEntry[]> {
  return project.store.history(caller.person);
}

/** Which videos and tables an undo or redo touched, so clients reload just those. */
function summarize(applied: AppliedEdit | null): AppliedEditSummary | null {
  return applied && { label: applied.label, ...touchedBy(applied.changes) };
}
