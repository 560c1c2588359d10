// Reading the video library, as every feature does: the stored videos (VideoStore) with their status
// worked out from the file on disk — not stored, a moved or changed file shows at once — and where a
// video's file is.
import { existsSync, statSync } from 'node:fs';
import type { Video } from '../../../shared/domain';
import { fromStoredPath } from '../media/paths';
import type { Project } from '../projects/project';
import type { StoredVideo, VideoStore } from './store';

type Library = Pick<Project, 'dir' | 'stores' | 'missingFile'>;

/** The absolute path of a video's file. */
export function videoPath(project: Pick<Project, 'dir'>, video: Pick<Video, 'relPath'>): string {
  return fromStoredPath(project.dir, video.relPath);
}

function withStatus(project: Pick<Project, 'dir' | 'missingFile'>, video: StoredVideo): Video {
  const path = videoPath(project, video);
  let status: Video['status'] = 'ok';
  let statusMessage: string | null = null;
  if (video.fingerprint === null) {
    status = 'missing';
    statusMessage = `A placeholder: ${video.relPath} was not found when its benchmark file was imported. Relink it (or its folder) to the file.`;
  } else if (!existsSync(path)) {
    status = 'missing';
    statusMessage = project.missingFile(path);
  } else if (statSync(path).size !== video.fileSize) {
    status = 'changed';
    statusMessage = 'The file on disk has a different size from the one imported; relink or re-import it.';
  }
  const { sourceDataset, licenceNote, segmentOffset, tags, addedAt, ...facts } = video;
  return { ...facts, status, statusMessage, sourceDataset, licenceNote, segmentOffset, tags, addedAt };
}

/** The library by name, each video with its status (`store`: another handle's view, a snapshot's or an edit's). */
export async function listVideos(project: Library, store: VideoStore = project.stores.videos): Promise<Video[]> {
  return (await store.list()).map((v) => withStatus(project, v));
}

export async function videoOf(project: Library, id: string, store: VideoStore = project.stores.videos): Promise<Video | null> {
  const video = await store.get(id);
  return video ? withStatus(project, video) : null;
}

/** The video whose content has this fingerprint, if the library has it. */
export async function videoWithFingerprint(project: Library, fingerprint: string): Promise<Video | null> {
  const video = await project.stores.videos.byFingerprint(fingerprint);
  return video ? withStatus(project, video) : null;
}
