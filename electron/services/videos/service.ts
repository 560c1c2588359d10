// The video library: reads with the caller, and every change (import, relink, removal) one undoable
// edit — an import's videos go in with one step, and come out with one undo.
import type { Caller, ImportReport, Video } from '../../../shared/domain';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { removeAnnotationsOfVideo } from '../annotation/removal';
import { probeNewVideos } from './import';
import { listVideos, videoOf } from './library';

/** The library is shared: every caller sees every video. */
export function videosFor(project: Project, _caller: Caller): Promise<Video[]> {
  return listVideos(project);
}

export async function requireVideo(project: Project, videoId: string): Promise<Video> {
  const video = await videoOf(project, videoId);
  if (!video) throw new ServiceError('not-found', 'No such video in this project.');
  return video;
}

export async function importVideos(project: Project, caller: Caller, tools: MediaTools, paths: readonly string[], control: JobControl): Promise<ImportReport> {
  const { videos, report } = await probeNewVideos(project, tools, paths, control);
  if (videos.length > 0) {
    const label = videos.length === 1 ? `Import ${videos[0]!.name}` : `Import ${videos.length} videos`;
    await project.edit(caller.person, label, (w) => w.videos.add(videos, new Date().toISOString()));
  }
  const imported: Video[] = [];
  for (const v of videos) imported.push((await videoOf(project, v.id))!);
  report.imported = imported;
  control.progress(1, `Imported ${report.imported.length}, ${report.duplicates.length} already present, ${report.failed.length} failed`);
  return report;
}

/** Removing a video is an edit too: its marks, questions, query points and reviews come back on undo. */
export async function removeVideo(project: Project, caller: Caller, videoId: string): Promise<void> {
  const video = await requireVideo(project, videoId);
  await project.edit(caller.person, `Remove ${video.name}`, async (w, tx) => {
    await removeAnnotationsOfVideo(w.annotation, caller, videoId, tx);
    await w.drafting.removeOfVideo(videoId);
    await w.videos.remove(videoId);
  });
}
