// Model runs in a project: listed, removed (one undoable edit), and their responses to a video's
// questions read for the timeline.
import type { Caller } from '../../../shared/domain';
import type { ModelResponse, ModelRun } from '../../../shared/runs/types';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { Pacer } from '../pacer';
import { getRun, listRuns, pacedResponsesOfVideo, responseIdsOfRun } from './rows';

export const runsOf = (project: Project): ModelRun[] => listRuns(project.store.db);

function requireRun(project: Project, runId: string): ModelRun {
  const run = getRun(project.store.db, runId);
  if (!run) throw new ServiceError('not-found', 'No such run (removed, or undone?).');
  return run;
}

export async function removeRun(project: Project, caller: Caller, runId: string): Promise<void> {
  const run = requireRun(project, runId);
  await project.store.edit(caller.person, `Remove run ${run.label} of ${run.model}`, async (tx) => {
    for (const [i, id] of responseIdsOfRun(tx.db, runId).entries()) {
      tx.remove('responses', id);
      if (i % 5_000 === 0) await tx.pace();
    }
    tx.remove('runs', runId);
  });
}

/** A run's responses to one video's questions, read on a snapshot a slice at a time. */
export function videoResponses(project: Project, runId: string, videoId: string): Promise<ModelResponse[]> {
  requireRun(project, runId);
  return project.store.snapshot((db) => pacedResponsesOfVideo(db, runId, videoId, new Pacer()));
}
