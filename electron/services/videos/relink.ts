// Relinking moved files: the chosen file must have the video's fingerprint (a placeholder has none
// yet: the file is probed and becomes it); other missing videos are then looked for under the same
// new folder — at the same place relative to it, or by name — and relinked when they match. One
// undoable edit for all of them.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Caller, Video } from '../../../shared/domain';
import { ServiceError } from '../errors';
import { fingerprintFile } from '../media/fingerprint';
import { toStoredPath } from '../media/paths';
import { probeVideo } from '../media/probe';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { listVideos, videoOf, videoPath } from './library';
import { requireVideo } from './service';
import type { VideoChanges } from './store';

/** What changes of a video at its new path: the path of a moved file, or everything probed of a placeholder's file. */
async function relinkedFields(project: Project, tools: MediaTools, video: Video, path: string): Promise<VideoChanges | string> {
  const { fingerprint, size } = fingerprintFile(path);
  const relPath = toStoredPath(project.dir, path);
  if (video.fingerprint !== null) {
    if (fingerprint !== video.fingerprint) return `${path} is not the same file as ${video.name} (its content differs).`;
    return { relPath };
  }
  if (await project.stores.videos.byFingerprint(fingerprint)) return `${path} is already in the project as another video.`;
  const probe = await probeVideo(tools.ffprobe, tools.ffmpeg, path);
  if (!probe.ok) return `${path}: ${probe.reason}`;
  return { relPath, fingerprint, fileSize: size, ...probe.info };
}

export async function relinkVideo(project: Project, caller: Caller, tools: MediaTools, videoId: string, newPath: string): Promise<Video[]> {
  const video = await requireVideo(project, videoId);
  const path = resolve(newPath);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  const first = await relinkedFields(project, tools, video, path);
  if (typeof first === 'string') throw new ServiceError('conflict', first);
  const changes = new Map<string, VideoChanges>([[video.id, first]]);
  const oldDir = dirname(videoPath(project, video));
  const newDir = dirname(path);
  // two placeholders must not become one file
  const taken = new Set(typeof first.fingerprint === 'string' ? [first.fingerprint] : []);
  for (const other of await listVideos(project)) {
    if (other.status !== 'missing' || changes.has(other.id)) continue;
    const oldPath = videoPath(project, other);
    // same position relative to the moved folder, else same file name in the new folder
    const candidates = [join(newDir, oldPath.startsWith(oldDir) ? oldPath.slice(oldDir.length) : other.name), join(newDir, other.name)];
    for (const candidate of candidates.filter((c) => existsSync(c))) {
      const fields = await relinkedFields(project, tools, other, candidate);
      if (typeof fields === 'string' || (typeof fields.fingerprint === 'string' && taken.has(fields.fingerprint))) continue;
      changes.set(other.id, fields);
      if (typeof fields.fingerprint === 'string') taken.add(fields.fingerprint);
      break;
    }
  }
  const label = changes.size === 1 ? `Relink ${video.name}` : `Relink ${changes.size} videos`;
  await project.edit(caller.person, label, async (w) => {
    // the videos as they are now (probing took a while): only the path, or the probed fields, change
    for (const [id, fields] of changes) {
      const twin = typeof fields.fingerprint === 'string' ? await w.videos.byFingerprint(fields.fingerprint) : null;
      if (!(await w.videos.get(id))) throw new ServiceError('conflict', `${(await videoOf(project, id))?.name ?? 'A video'} was removed meanwhile; nothing was relinked.`);
      if (twin && twin.id !== id) throw new ServiceError('conflict', `That file is already in the project as ${twin.name}; nothing was relinked.`);
      await w.videos.update(id, fields);
    }
  });
  const relinked: Video[] = [];
  for (const id of changes.keys()) relinked.push((await videoOf(project, id))!);
  return relinked;
}
