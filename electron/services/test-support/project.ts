// Projects for tests: a new one for each test, a video row without a real file, the API as a client
// calls it, and a raw connection for tests that must write behind the edit log's back (to prove it notices).
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ApiMethod, ApiRequest, ApiResponses } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { ContextSource } from '../context';
import { ProjectStore } from '../db/project-store';
import { createHandlers, dispatch } from '../handlers';
import { Project } from '../projects/project';
import type { NewVideo } from '../videos/store';
import { tempDir } from './fixtures';

/** Opens a new project in a temporary folder before each test (handed to `use`), and closes and removes it after. */
export function newProjectEachTest(use: (project: Project) => void | Promise<void>): void {
  let dir: ReturnType<typeof tempDir>;
  let project: Project;
  beforeEach(async () => {
    dir = tempDir();
    project = await Project.open(join(dir.path, 'p.tidemark'), { create: true });
    await use(project);
  });
  afterEach(async () => {
    await project.close();
    dir.remove();
  });
}

export async function insertTestVideo(project: Project, fields: Partial<NewVideo> = {}): Promise<string> {
  const video: NewVideo = {
    id: randomUUID(),
    name: 'v.mp4',
    relPath: 'v.mp4',
    fingerprint: randomUUID(),
    fileSize: 1,
    duration: 60,
    fps: 30,
    fpsRational: '30/1',
    variableFps: false,
    width: 640,
    height: 360,
    codec: 'h264',
    audioCodec: null,
    container: 'mp4',
    ...fields,
  };
  await project.edit('test', 'Add test video', (w) => w.videos.add([video], new Date().toISOString()));
  return video.id;
}

/** The project's file store, for tests that read or write rows as SQLite holds them. */
export function sqliteOf(project: Project): ProjectStore {
  if (!(project.store instanceof ProjectStore)) throw new Error('This test reads a Tidemark project file: the project is not one.');
  return project.store;
}

/** A raw connection to the project file: writes that bypass the edit log, as another program's would. */
export function rawConnection(project: Project): Database.Database {
  return new Database(project.path);
}

/** Calls the API as a transport does: parsed by the contract, dispatched, errors as thrown messages. */
export function apiClient(app: ContextSource, caller: Caller) {
  const handlers = createHandlers();
  return async <M extends ApiMethod>(method: M, request: ApiRequest<M>): Promise<ApiResponses[M]> => {
    const result = await dispatch(handlers, method, request, app.contextFor(caller));
    if (!result.ok) throw new Error(result.error.message);
    return result.value as ApiResponses[M];
  };
}
