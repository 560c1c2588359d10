// Finding and probing videos to import: files as given, folders walked recursively. Each file
// succeeds or fails on its own with a message; one bad file never stops the rest.
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import type { ImportReport } from '../../../shared/domain';
import type { JobControl } from '../jobs/registry';
import { fingerprintFile } from '../media/fingerprint';
import { toStoredPath } from '../media/paths';
import { probeVideo } from '../media/probe';
import type { MediaTools } from '../media/tools';
import type { Project } from '../projects/project';
import { videoWithFingerprint } from './library';
import type { NewVideo } from './store';

/** Extensions picked up when walking a folder; files named one by one are always probed. */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mov', '.webm', '.mkv', '.ogv', '.avi', '.mpg', '.mpeg', '.ts', '.mts', '.wmv', '.flv', '.3gp']);

function expandImportPaths(paths: readonly string[]): { files: string[]; failed: ImportReport['failed'] } {
  const files: string[] = [];
  const failed: ImportReport['failed'] = [];
  const walk = (dir: string): void => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name.endsWith('.tidemark-cache')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && VIDEO_EXTENSIONS.has(extname(entry.name).toLowerCase())) files.push(full);
    }
  };
  for (const raw of paths) {
    const path = resolve(raw);
    try {
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else files.push(path);
    } catch {
      failed.push({ path, reason: 'No such file or folder.' });
    }
  }
  return { files: [...new Set(files)], failed };
}

/** Files probed and ready to insert, and what happened to the others. */
interface ProbedVideos {
  videos: NewVideo[];
  report: ImportReport;
  /** Each file found to be a video already known (in the project or earlier in this import), by its fingerprint. */
  sameAs: Map<string, string>;
}

/**
 * Probes files for an import without writing anything: each new file becomes a video to insert
 * (the caller inserts them inside its edit); files already in the project, or named twice, are
 * reported as duplicates, with the video they duplicate.
 */
export async function probeNewVideos(project: Project, tools: MediaTools, paths: readonly string[], control: JobControl): Promise<ProbedVideos> {
  const { files, failed } = expandImportPaths(paths);
  const report: ImportReport = { imported: [], duplicates: [], failed };
  const videos: NewVideo[] = [];
  const seen = new Map<string, string>();
  const sameAs = new Map<string, string>();
  for (const [index, path] of files.entries()) {
    if (control.signal.aborted) break;
    control.progress(index / Math.max(1, files.length), `Probing ${basename(path)} (${index + 1}/${files.length})`);
    try {
      const { fingerprint, size } = fingerprintFile(path);
      const existing = await videoWithFingerprint(project, fingerprint);
      if (existing || seen.has(fingerprint)) {
        report.duplicates.push({ path, reason: `Already in the project as ${existing?.name ?? basename(seen.get(fingerprint) ?? path)}.` });
        sameAs.set(path, fingerprint);
        continue;
      }
      if (size === 0) {
        report.failed.push({ path, reason: 'The file is empty.' });
        continue;
      }
      const probe = await probeVideo(tools.ffprobe, tools.ffmpeg, path, control.signal);
      if (!probe.ok) {
        report.failed.push({ path, reason: probe.reason });
        continue;
      }
      seen.set(fingerprint, path);
      videos.push({ id: randomUUID(), name: basename(path), relPath: toStoredPath(project.dir, path), fingerprint, fileSize: size, ...probe.info });
    } catch (error) {
      if (control.signal.aborted) break;
      report.failed.push({ path, reason: (error as Error).message });
    }
  }
  return { videos, report, sameAs };
}
