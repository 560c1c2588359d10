// Undo, redo and the history of a person's edits. Each person undoes only their own edits; undo
// refuses (and says why) when someone changed the same rows since.
import type { AppliedEditSummary, EditHistoryEntry } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { AppliedEdit, ReplayCheck } from '../db/edit-log';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';

export async function undo(project: Project, caller: Caller): Promise<AppliedEditSummary | null> {
  return summarize(await project.store.undo(caller.person, reviewStands(caller)));
}

export async function redo(project: Project, caller: Caller): Promise<AppliedEditSummary | null> {
  return summarize(await project.store.redo(caller.person, reviewStands(caller)));
}

/**
 * A reviewer's submitted review stands: once it is in they see the author's answer, so taking it back
 * and answering again would not be blind. An adjudicator or lead can still undo their own edits.
 */
function reviewStands(caller: Caller): ReplayCheck | undefined {
  if (caller.role !== 'reviewer') return undefined;
  return (tables, label) => {
    if (tables.has('reviews')) throw new ServiceError('forbidden', `“${label}” cannot be undone: a submitted review stands, since you have seen the author's answer. Ask an adjudicator to weigh a correction.`);
  };
}

/** A caller's history is their own edits: nobody reads another person's log through it. */
export function historyFor(project: Project, caller: Caller): EditHistoryEntry[] {
  return project.store.history(caller.person);
}

/** Which videos and tables an undo or redo touched, so clients reload just those. */
function summarize(applied: AppliedEdit | null): AppliedEditSummary | null {
  if (!applied) return null;
  const videoIds = new Set<string>();
  for (const change of applied.changes) {
    const row = change.after ?? change.before;
    const videoId = row?.video_id;
    if (typeof videoId === 'string') videoIds.add(videoId);
    else if (change.table === 'videos') videoIds.add(change.key);
  }
  return { label: applied.label, videoIds: [...videoIds], tables: [...new Set(applied.changes.map((c) => c.table))] };
}
