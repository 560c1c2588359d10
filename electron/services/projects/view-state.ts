// Where things were left: the selected video, and each video's playhead and zoom. A project on one
// machine keeps one (its person's); on a team server each person keeps their own, so one person's
// review does not move where everyone else's video opens. Workspace state, not benchmark data: never
// an edit, never undone.
import { z } from 'zod';
import type { ProjectViewState, VideoViewState } from '../../../shared/domain';
import type { RequestContext } from '../context';
import { requireVideo } from '../videos/service';

const viewSchema = z.object({ position: z.number(), viewStart: z.number(), pxPerSec: z.number() });
const personalSchema = z.object({ selectedVideoId: z.string().nullable(), videos: z.record(z.string(), viewSchema) });

const personalKey = (person: string): string => `view-state:${person}`;

/** A team server's person's own, as stored (a value that cannot be read is none). */
function personalOf(stored: string | null): ProjectViewState {
  const parsed = personalSchema.safeParse(JSON.parse(stored ?? 'null'));
  return parsed.success ? parsed.data : { selectedVideoId: null, videos: {} };
}

/** Changes the caller's own in one turn: two saves at once (a pan and a select) both stand. */
function updatePersonal(ctx: RequestContext, change: (mine: ProjectViewState) => ProjectViewState): Promise<void> {
  return ctx.project().store.updateMeta(personalKey(ctx.caller.person), (stored) => JSON.stringify(change(personalOf(stored))));
}

export async function viewStateFor(ctx: RequestContext): Promise<ProjectViewState> {
  const project = ctx.project();
  if (ctx.machine.mode === 'team') return personalOf(await project.store.getMeta(personalKey(ctx.caller.person)));
  return { selectedVideoId: await project.store.getMeta('selectedVideoId'), videos: await project.stores.videos.views() };
}

export async function selectVideoFor(ctx: RequestContext, videoId: string | null): Promise<void> {
  const project = ctx.project();
  if (videoId) await requireVideo(project, videoId);
  if (ctx.machine.mode !== 'team') return project.store.setMeta('selectedVideoId', videoId);
  await updatePersonal(ctx, (mine) => ({ ...mine, selectedVideoId: videoId }));
}

export async function saveViewFor(ctx: RequestContext, videoId: string, view: VideoViewState): Promise<void> {
  const project = ctx.project();
  await requireVideo(project, videoId);
  if (ctx.machine.mode !== 'team') return project.store.saveViewState(videoId, view);
  await updatePersonal(ctx, (mine) => ({ ...mine, videos: { ...mine.videos, [videoId]: view } }));
}
