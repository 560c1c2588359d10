// Relinking moved files: the chosen file must have the video's fingerprint; other missing videos
// are then looked for under the same new folder, by the same name, and relinked when they match.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Video } from '../../../shared/domain';
import { ServiceError } from '../errors';
import { fingerprintFile } from '../media/fingerprint';
import { toStoredPath } from '../media/paths';
import type { Project } from '../project';

export function relinkVideo(project: Project, videoId: string, newPath: string): Video[] {
  const video = project.videos.get(videoId);
  if (!video) throw new ServiceError('not-found', 'No such video in this project.');
  const path = resolve(newPath);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  if (fingerprintFile(path).fingerprint !== video.fingerprint) {
    throw new ServiceError('conflict', `${path} is not the same file as ${video.name} (its content differs).`);
  }
  const relinked: Video[] = [];
  project.db.transaction(() => {
    project.videos.updatePath(video.id, toStoredPath(project.dir, path));
    relinked.push(project.videos.get(video.id)!);
    const oldDir = dirname(project.videos.absolutePath(video));
    const newDir = dirname(path);
    for (const other of project.videos.list()) {
      if (other.status !== 'missing') continue;
      const oldPath = project.videos.absolutePath(other);
      // same position relative to the moved folder, else same file name in the new folder
      const candidates = [join(newDir, oldPath.startsWith(oldDir) ? oldPath.slice(oldDir.length) : other.name), join(newDir, other.name)];
      const match = candidates.find((c) => existsSync(c) && fingerprintFile(c).fingerprint === other.fingerprint);
      if (match) {
        project.videos.updatePath(other.id, toStoredPath(project.dir, match));
        relinked.push(project.videos.get(other.id)!);
      }
    }
  })();
  return relinked;
}
