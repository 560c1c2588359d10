// Model runs in a project: listed, removed (one undoable edit), and their responses to a video's
// questions read for the timeline.
import type { Caller } from '../../../shared/domain';
import type { ModelResponse, ModelRun } from '../../../shared/runs/types';
import { ServiceError } from '../errors';
import type { Project } from '../projects/project';
import { Pacer } from '../pacer';

export const runsOf = (project: Project): Promise<ModelRun[]> => project.stores.runs.list();

async function requireRun(project: Project, runId: string): Promise<ModelRun> {
  const run = await project.stores.runs.get(runId);
  if (!run) throw new ServiceError('not-found', 'No such run (removed, or undone?).');
  return run;
}

export async function removeRun(project: Project, caller: Caller, runId: string): Promise<void> {
  const run = await requireRun(project, runId);
  await project.edit(caller.person, `Remove run ${run.label} of ${run.model}`, (w) => w.runs.removeRun(runId));
}

/** A run's responses to one video's questions, read on a snapshot a slice at a time. */
export async function videoResponses(project: Project, runId: string, videoId: string): Promise<ModelResponse[]> {
  await requireRun(project, runId);
  return project.snapshot((stores) => stores.runs.scan.responsesOfVideo(runId, videoId, new Pacer()));
}
