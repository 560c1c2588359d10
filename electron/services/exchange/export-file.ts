// Where an export may be written, and writing it so a crash never truncates the previous file.
import { closeSync, existsSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Caller } from '../../../shared/domain';
import type { ExportOutcome } from '../../../shared/exchange';
import { TIDEMARK_APPLICATION_ID } from '../db/project-db';
import { ServiceError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { removeStaleTemporaries, writeFileAtomicParts } from '../files/atomic-write';
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

/** "SQLite format 3" and Tidemark's application id: the file is a project, which no export may replace. */
function isTidemarkProject(path: string): boolean {
  try {
    const fd = openSync(path, 'r');
    try {
      const header = Buffer.alloc(72);
      readSync(fd, header, 0, 72, 0);
      return header.toString('latin1', 0, 16) === 'SQLite format 3\u0000' && header.readUInt32BE(68) === TIDEMARK_APPLICATION_ID;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

const existsMessage = (target: string): string => `${target} already exists; choose “Replace the file if it exists” to write over it.`;

/**
 * Where an export may go: never the open project's own file or its -wal / -shm (by real path, and
 * by inode for hard links), never another project or a folder, and over an existing file only when
 * asked. Returns the path the file system makes of the target.
 */
function checkExportTarget(projectPath: string, target: string, overwrite = true): string {
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
  if (existsSync(out)) {
    if (statSync(out).isDirectory()) throw new ServiceError('invalid-request', `${target} is a folder; name a file to export to.`);
    if (isTidemarkProject(out)) throw new ServiceError('invalid-request', `Refused: ${target} is a Tidemark project; choose another file to export to.`);
    if (!overwrite) throw new ServiceError('conflict', existsMessage(target));
  }
  return out;
}

async function writeExport(project: Project, target: string, parts: readonly string[], overwrite = true): Promise<void> {
  // written where the check says the path leads, not where a second resolution might
  try {
    await writeFileAtomicParts(checkExportTarget(project.path, target, overwrite), parts, { overwrite });
  } catch (error) {
    // made meanwhile (another export to the same file): still not replaced unless asked
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ServiceError('conflict', existsMessage(target));
    throw error;
  }
}

interface ExportRequest {
  format: string;
  path: string;
  mediaDir?: string;
  force?: boolean;
  /** Write over an existing file (the CLI does, as command-line tools do; the app asks). */
  overwrite?: boolean;
}

/**
 * Exports a format to a file — the one way the app and the CLI both export: refused targets, the
 * readiness check (an outcome with written: false when not ready and not forced), an atomic write.
 */
export async function exportToFile(project: Project, caller: Caller, request: ExportRequest, control?: JobControl): Promise<ExportOutcome> {
  const target = checkExportTarget(project.path, request.path, request.overwrite ?? true);
  // an export killed part way left its temporary file (as large as the export) beside the target
  await removeStaleTemporaries(target);
  try {
    const result = await exportFile(project, caller, request.format, { force: request.force ?? false, ...(request.mediaDir ? { mediaDir: request.mediaDir } : {}) }, control);
    await writeExport(project, request.path, result.parts, request.overwrite ?? true);
    return { written: true, path: request.path, items: result.count, readiness: result.readiness, leftOut: result.leftOut };
  } catch (error) {
    if (error instanceof NotReadyError) return { written: false, path: request.path, items: 0, readiness: error.report, leftOut: [] };
    throw error;
  }
}
