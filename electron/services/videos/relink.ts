// Relinking moved files: the chosen file must have the video's fingerprint; other missing videos
// are then looked for under the same new folder, by the same name, and relinked when they match.
// One undoable edit for all of them.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Caller, Video } from '../../../shared/domain';
import { ServiceError } from '../errors';
import { fingerprintFile } from '../media/fingerprint';
import { toStoredPath } from '../media/paths';
import type { Project } from '../projects/project';
import { requireVideo } from './service';

export async function relinkVideo(project: Project, caller: Caller, videoId: string, newPath: string): Promise<Video[]> {
  const video = requireVideo(project, videoId);
  const path = resolve(newPath);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  if (fingerprintFile(path).fingerprint !== video.fingerprint) {
    throw new ServiceError('conflict', `${path} is not the same file as ${video.name} (its content differs).`);
  }
  const moves = new Map<string, string>([[video.id, path]]);
  const oldDir = dirname(project.videos.absolutePath(video));
  const newDir = dirname(path);
  for (const other of project.videos.list()) {
    if (other.status !== 'missing' || moves.has(other.id)) continue;
    const oldPath = project.videos.absolutePath(other);
    // same position relative to the moved folder, else same file name in the new folder
    const candidates = [join(newDir, oldPath.startsWith(oldDir) ? oldPath.slice(oldDir.length) : other.name), join(newDir, other.name)];
    const match = candidates.find((c) => existsSync(c) && fingerprintFile(c).fingerprint === other.fingerprint);
    if (match) moves.set(other.id, match);
  }
  const label = moves.size === 1 ? `Relink ${video.name}` : `Relink ${moves.size} videos`;
  await project.store.edit(caller.person, label, (tx) => {
    for (const [id, to] of moves) tx.put('videos', { ...project.videos.rowOf(id)!, rel_path: toStoredPath(project.dir, to) });
  });
  return [...moves.keys()].map((id) => project.videos.get(id)!);
}
