// Where an export may be written, and writing it so a crash never truncates the previous file.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Caller } from '../../../shared/domain';
import type { ExportOutcome } from '../../../shared/exchange';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { writeFileAtomic } from '../files/atomic-write';
import type { Project } from '../projects/project';
import { exportFile, NotReadyError } from './service';

/** A path as the file system resolves it (symlinks followed), also for a file not yet made. */
function realPath(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const dir = dirname(absolute);
  return existsSync(dir) ? join(realpathSync(dir), basename(absolute)) : absolute;
}

/** Refuses the project's own file and its -wal / -shm: an export there would destroy the project. */
export function checkExportTarget(projectPath: string, target: string): void {
  const project = realPath(projectPath);
  const out = realPath(target);
  if ([project, `${project}-wal`, `${project}-shm`, `${project}-journal`].includes(out)) {
    throw new ServiceError('invalid-request', `Refused: ${target} is the open project's own file; choose another file to export to.`);
  }
}

export function writeExport(project: Project, target: string, text: string): void {
  checkExportTarget(project.path, target);
  writeFileAtomic(target, text);
}

export interface ExportRequest {
  format: string;
  path: string;
  mediaDir?: string;
  force?: boolean;
}

/**
 * Exports a format to a file — the one way the app and the CLI both export: refused targets, the
 * readiness check (an outcome with written: false when not ready and not forced), an atomic write.
 */
export async function exportToFile(project: Project, caller: Caller, request: ExportRequest, control?: JobControl): Promise<ExportOutcome> {
  checkExportTarget(project.path, request.path);
  try {
    const result = await exportFile(project, caller, request.format, { force: request.force ?? false, ...(request.mediaDir ? { mediaDir: request.mediaDir } : {}) }, control);
    writeExport(project, request.path, result.text);
    return { written: true, path: request.path, items: result.count, readiness: result.readiness, leftOut: result.leftOut };
  } catch (error) {
    if (error instanceof NotReadyError) return { written: false, path: request.path, items: 0, readiness: error.report, leftOut: [] };
    throw error;
  }
}
