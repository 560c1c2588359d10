// What every `tidemark` command shares: where it writes, the usage error (exit 2), and a project
// opened for one command.
import { existsSync, statSync } from 'node:fs';
import { Project } from '../services/projects/project';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** A mistake in the command line itself: printed with the command's help, exit 2. */
export class UsageError extends Error {}

/** A file the command reads: there, and not a folder (`what` names the kind of file it wants). */
export function requireFile(path: string, what = 'a file'): void {
  if (!existsSync(path)) throw new Error(`No file at ${path}.`);
  if (statSync(path).isDirectory()) throw new Error(`${path} is a folder, not ${what}.`);
}

/** Opens an existing project for one command (read-only unless it writes) and closes it afterwards. */
export async function withProject<T>(path: string, mode: 'read' | 'write', work: (project: Project) => T | Promise<T>): Promise<T> {
  const project = await Project.open(path, { create: false, readOnly: mode === 'read' });
  try {
    return await work(project);
  } finally {
    await project.close();
  }
}
