// Projects for tests: a new one for each test, a video row without a real file, the API as a client
// calls it, and a raw connection for tests that must write behind the edit log's back (to prove it notices).
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, inject } from 'vitest';
import type { ApiMethod, ApiRequest, ApiResponses } from '../../../shared/api';
import type { Caller } from '../../../shared/domain';
import type { ContextSource } from '../context';
import type { EditableTable, Row } from '../db/edit-log';
import { PgProjectStore } from '../db/postgres/project-store';
import { ProjectStore } from '../db/project-store';
import { createHandlers, dispatch } from '../handlers';
import { Project } from '../projects/project';
import type { NewVideo } from '../videos/store';
import { tempDir } from './fixtures';
// (the run's PostgreSQL address, typed for inject())
import type {} from './postgres-global';

/** The engines a project's data can be on: a Tidemark project file, or a team server's PostgreSQL database. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

let pgProjects = 0;
/** The name on the server of each PostgreSQL project a test opened, so that it can be opened again. */
const pgNames = new WeakMap<Project, string>();

/**
 * A new project at `path`: a project file, or (postgres) a project of its own in the test run's
 * PostgreSQL cluster (test-support/postgres-global.ts) placed at `path`; `name` names it as Project.over does.
 */
export async function openTestProject(path: string, engine: Engine = 'sqlite', options: { name?: string } = {}): Promise<Project> {
  if (engine === 'sqlite') return Project.open(path, { create: true, name: options.name });
  const name = `t${process.pid}-${++pgProjects}`;
  const project = await Project.over(path, await PgProjectStore.open({ database: inject('postgres'), project: name, create: true }), options.name);
  pgNames.set(project, name);
  return project;
}

/** A test project opened again after it was closed (its file, or its schema on the server), as the next start would. */
export async function reopenTestProject(closed: Project): Promise<Project> {
  if (closed.store instanceof ProjectStore) return Project.open(closed.path, { create: false });
  const name = pgNames.get(closed);
  if (name === undefined) throw new Error('A project openTestProject did not open.');
  const project = await Project.over(closed.path, await PgProjectStore.open({ database: inject('postgres'), project: name, create: false }));
  pgNames.set(project, name);
  return project;
}

/** Opens a new project in a temporary folder before each test (handed to `use`), on `engine`, and closes and removes it after. */
export function newProjectEachTest(use: (project: Project) => void | Promise<void>, engine: Engine = 'sqlite'): void {
  let dir: ReturnType<typeof tempDir>;
  let project: Project;
  beforeEach(async () => {
    dir = tempDir();
    project = await openTestProject(join(dir.path, 'p.tidemark'), engine);
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

/** What a raw edit offers on either engine: rows written as the table holds them, logged for undo. */
export interface RowEdit {
  put(table: EditableTable, row: Row): void | Promise<void>;
  insert(table: EditableTable, row: Row): void | Promise<void>;
  remove(table: EditableTable, key: string): void | Promise<void>;
}

/** An edit that writes rows as they are stored, on the project's engine (for what no feature would write). */
export function rawEdit<T>(project: Project, person: string, label: string, work: (tx: RowEdit) => T | Promise<T>): Promise<T> {
  const store = project.store;
  if (store instanceof ProjectStore || store instanceof PgProjectStore) return store.editRows(person, label, work);
  throw new Error('A project on an engine the tests do not know.');
}

/** A number a query of the project's own tables gives (`SELECT count(*) AS n …`), on either engine. */
export async function countOf(project: Project, sql: string, ...params: unknown[]): Promise<number> {
  const store = project.store;
  if (store instanceof ProjectStore) return store.db.query<{ n: number }>(sql).get(...params)!.n;
  if (store instanceof PgProjectStore) return (await store.db.rows<{ n: number }>(sql, ...params))[0]!.n;
  throw new Error('A project on an engine the tests do not know.');
}

/** The rows a query of the project's own tables gives, on either engine. */
export async function rowsOf<R>(project: Project, sql: string, ...params: unknown[]): Promise<R[]> {
  const store = project.store;
  if (store instanceof ProjectStore) return store.db.query<R>(sql).all(...params);
  if (store instanceof PgProjectStore) return store.db.rows<R>(sql, ...params);
  throw new Error('A project on an engine the tests do not know.');
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
