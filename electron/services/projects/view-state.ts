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
async function personal(ctx: RequestContext): Promise<ProjectViewState> {
  const parsed = personalSchema.safeParse(JSON.parse((await ctx.project().store.getMeta(personalKey(ctx.caller.person))) ?? 'null'));
  return parsed.success ? parsed.data : { selectedVideoId: null, videos: {} };
}

export async function viewStateFor(ctx: RequestContext): Promise<ProjectViewState> {
  const project = ctx.project();
  if (ctx.machine.mode === 'team') return personal(ctx);
  return { selectedVideoId: await project.store.getMeta('selectedVideoId'), videos: await project.stores.videos.views() };
}

export async function selectVideoFor(ctx: RequestContext, videoId: string | null): Promise<void> {
  const project = ctx.project();
  if (videoId) await requireVideo(project, videoId);
  if (ctx.machine.mode !== 'team') return project.store.setMeta('selectedVideoId', videoId);
  await project.store.setMeta(personalKey(ctx.caller.person), JSON.stringify({ ...(await personal(ctx)), selectedVideoId: videoId }));
}

export async function saveViewFor(ctx: RequestContext, videoId: string, view: VideoViewState): Promise<void> {
  const project = ctx.project();
  await requireVideo(project, videoId);
  if (ctx.machine.mode !== 'team') return project.store.saveViewState(videoId, view);
  const mine = await personal(ctx);
  await project.store.setMeta(personalKey(ctx.caller.person), JSON.stringify({ ...mine, videos: { ...mine.videos, [videoId]: view } }));
}
