// Relinking moved files: the chosen file must have the video's fingerprint (a placeholder has none
// yet: the file is probed and becomes it); other missing videos are then looked for under the same
// new folder — at the same place relative to it, or by name — and relinked when they match. One
// undoable edit for all of them.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Caller, Video } from '../../../shared/domain';
import type { Row } from '../db/edit-log';
import { ServiceError } from '../errors';
import { fingerprintFile } from '../media/fingerprint';
import { toStoredPath } from '../media/paths';
import { probeVideo } from '../media/probe';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { newVideoRow } from './repo';
import { requireVideo } from './service';

/** What changes in a video's row at its new path: the path of a moved file, or everything probed of a placeholder's file. */
async function relinkedFields(project: Project, tools: MediaTools, video: Video, path: string): Promise<Row | string> {
  const { fingerprint, size } = fingerprintFile(path);
  const relPath = toStoredPath(project.dir, path);
  if (video.fingerprint !== null) {
    if (fingerprint !== video.fingerprint) return `${path} is not the same file as ${video.name} (its content differs).`;
    return { rel_path: relPath };
  }
  if (project.videos.byFingerprint(fingerprint)) return `${path} is already in the project as another video.`;
  const probe = await probeVideo(tools.ffprobe, tools.ffmpeg, path);
  if (!probe.ok) return `${path}: ${probe.reason}`;
  const { id: _id, name: _name, added_at: _added, ...probed } = newVideoRow({ id: video.id, name: video.name, relPath, fingerprint, fileSize: size, ...probe.info }, '');
  return probed;
}

export async function relinkVideo(project: Project, caller: Caller, tools: MediaTools, videoId: string, newPath: string): Promise<Video[]> {
  const video = requireVideo(project, videoId);
  const path = resolve(newPath);
  if (!existsSync(path)) throw new ServiceError('not-found', `No file at ${path}.`);
  const first = await relinkedFields(project, tools, video, path);
  if (typeof first === 'string') throw new ServiceError('conflict', first);
  const rows = new Map<string, Row>([[video.id, first]]);
  const oldDir = dirname(project.videos.absolutePath(video));
  const newDir = dirname(path);
  // two placeholders must not become one file
  const taken = new Set(typeof first.fingerprint === 'string' ? [first.fingerprint] : []);
  for (const other of project.videos.list()) {
    if (other.status !== 'missing' || rows.has(other.id)) continue;
    const oldPath = project.videos.absolutePath(other);
    // same position relative to the moved folder, else same file name in the new folder
    const candidates = [join(newDir, oldPath.startsWith(oldDir) ? oldPath.slice(oldDir.length) : other.name), join(newDir, other.name)];
    for (const candidate of candidates.filter((c) => existsSync(c))) {
      const row = await relinkedFields(project, tools, other, candidate);
      if (typeof row === 'string' || (typeof row.fingerprint === 'string' && taken.has(row.fingerprint))) continue;
      rows.set(other.id, row);
      if (typeof row.fingerprint === 'string') taken.add(row.fingerprint);
      break;
    }
  }
  const label = rows.size === 1 ? `Relink ${video.name}` : `Relink ${rows.size} videos`;
  await project.store.edit(caller.person, label, (tx) => {
    // the rows as they are now (probing took a while): only the path, or the probed fields, change
    for (const [id, fields] of rows) {
      const row = tx.get('videos', id);
      if (!row) throw new ServiceError('conflict', `${project.videos.get(id)?.name ?? 'A video'} was removed meanwhile; nothing was relinked.`);
      const twin = typeof fields.fingerprint === 'string' ? tx.db.query<{ name: string }>('SELECT name FROM videos WHERE fingerprint = ? AND id <> ?').get(fields.fingerprint, id) : undefined;
      if (twin) throw new ServiceError('conflict', `That file is already in the project as ${twin.name}; nothing was relinked.`);
      tx.put('videos', { ...row, ...fields });
    }
  });
  return [...rows.keys()].map((id) => project.videos.get(id)!);
}
