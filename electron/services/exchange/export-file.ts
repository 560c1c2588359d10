// Where an export may be written, and writing it so a crash never truncates the previous file.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Caller } from '../../../shared/domain';
import type { ExportOutcome } from '../../../shared/exchange';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { writeFileAtomic } from '../files/atomic-write';
import type { Project } from '../projects/project';
import { exportFile, NotReadyError } from './service';

/**
 * Where a path really leads: its folder resolved by the file system itself (symlinks and `..` in the
 * order the OS follows them — a lexical resolve would read `link/..` wrongly), then its name.
 */
function physicalPath(path: string): string {
  const dir = dirname(path);
  return join(existsSync(dir) ? realpathSync.native(dir) : resolve(dir), basename(path));
}

/** Refuses the project's own file and its -wal / -shm (by real path, and by inode for hard links): an export there would destroy the project. */
export function checkExportTarget(projectPath: string, target: string): string {
  const out = physicalPath(isAbsolute(target) ? target : `${process.cwd()}${sep}${target}`);
  const project = physicalPath(projectPath);
  const own = [project, `${project}-wal`, `${project}-shm`, `${project}-journal`];
  const sameFile = (a: string, b: string): boolean => {
    try {
      const x = statSync(a);
      const y = statSync(b);
      return x.dev === y.dev && x.ino === y.ino;
    } catch {
      return false;
    }
  };
  if (own.some((file) => file === out || sameFile(file, out))) {
    throw new ServiceError('invalid-request', `Refused: ${target} is the open project's own file; choose another file to export to.`);
  }
  return out;
}

export function writeExport(project: Project, target: string, text: string): void {
  // written where the check says the path leads, not where a second resolution might
  writeFileAtomic(checkExportTarget(project.path, target), text);
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
