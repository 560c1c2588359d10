// The video library: reads with the caller, and every change (import, relink, removal) one undoable
// edit — an import's videos go in with one step, and come out with one undo.
import type { Caller, ImportReport, Video } from '../../../shared/domain';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { checkRemovable, removeQuestionWithChildren } from '../annotation/removal';
import { probeNewVideos } from './import';
import { insertVideos } from './repo';

/** The library is shared: every caller sees every video. */
export function videosFor(project: Project, _caller: Caller): Video[] {
  return project.videos.list();
}

export function requireVideo(project: Project, videoId: string): Video {
  const video = project.videos.get(videoId);
  if (!video) throw new ServiceError('not-found', 'No such video in this project.');
  return video;
}


export async function importVideos(project: Project, caller: Caller, tools: MediaTools, paths: readonly string[], control: JobControl): Promise<ImportReport> {
  const { videos, report } = await probeNewVideos(project, tools, paths, control);
  if (videos.length > 0) {
    const label = videos.length === 1 ? `Import ${videos[0]!.name}` : `Import ${videos.length} videos`;
    await project.store.edit(caller.person, label, (tx) => insertVideos(tx, videos));
  }
  report.imported = videos.map((v) => project.videos.get(v.id)!);
  control.progress(1, `Imported ${report.imported.length}, ${report.duplicates.length} already present, ${report.failed.length} failed`);
  return report;
}

/** Removing a video is an edit too: its marks, questions, query points and reviews come back on undo. */
export async function removeVideo(project: Project, caller: Caller, videoId: string): Promise<void> {
  const video = requireVideo(project, videoId);
  await project.store.edit(caller.person, `Remove ${video.name}`, async (tx) => {
    for (const { id } of tx.db.query<{ id: string }>('SELECT id FROM questions WHERE video_id = ?').all(videoId)) {
      checkRemovable(tx, caller, id);
      removeQuestionWithChildren(tx, id);
      await tx.pace();
    }
    tx.removeWhere('drafts', 'video_id', videoId);
    tx.removeWhere('marks', 'video_id', videoId);
    tx.removeWhere('video_view_state', 'video_id', videoId);
    tx.remove('videos', videoId);
  });
}

export async function saveView(project: Project, videoId: string, view: { position: number; viewStart: number; pxPerSec: number }): Promise<void> {
  requireVideo(project, videoId);
  await project.store.saveViewState(videoId, view);
}
