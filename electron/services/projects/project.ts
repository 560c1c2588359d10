// An open project: its data (a ProjectData on either engine, and every feature's store over it), its
// folder (videos are stored relative to it) and its cache.
import { basename, dirname, join } from 'node:path';
import type { ProjectSummary } from '../../../shared/domain';
import type { EditPace, ProjectData } from '../db/project-data';
import { ProjectStore } from '../db/project-store';
import type { OpenOptions } from '../db/project-db';
import { seedProfiles } from '../db/rows/profiles';
import type { EditWrites, ProjectStores } from '../db/stores';
import { builtinProfiles } from '../profiles/builtin';

export const PROJECT_EXTENSION = '.tidemark';

export class Project {
  readonly dir: string;
  /** Every feature's store over the committed data (see db/sqlite/index.ts for the pattern). */
  readonly stores: ProjectStores;
  /** The project's name as this process last read or wrote it (see rename). */
  private metaName: string | null = null;
  /**
   * What a video whose file is gone says: where it was looked for, and who can put it back (a team
   * server names it inside its media folder and sends people to its operator: TeamHost).
   */
  missingFile: (path: string) => string = (path) => `File not found at ${path}. Relink it to its new location.`;

  private constructor(
    /** Where the project is (a team server's PostgreSQL projects keep a place in its data folder: their videos and cache are beside it). */
    readonly path: string,
    readonly store: ProjectData,
  ) {
    this.dir = dirname(path);
    this.stores = store.stores;
  }

  /** A Tidemark project file. */
  static open(path: string, options: OpenOptions & { name?: string }): Promise<Project> {
    return Project.over(path, ProjectStore.open(path, options), options.name);
  }

  /** A project whose data is already open (`data`: on PostgreSQL), placed at `path`. */
  static async over(path: string, data: ProjectData, name?: string): Promise<Project> {
    const project = new Project(path, data);
    try {
      await seedProfiles(data, builtinProfiles());
      if (name) await project.rename(name);
      else project.metaName = await data.getMeta('name');
    } catch (error) {
      await data.close();
      throw error;
    }
    return project;
  }

  /** Long work (an export, scoring, a report) reads one consistent state, through the stores of a snapshot of its own. */
  snapshot<T>(work: (stores: ProjectStores) => Promise<T>): Promise<T> {
    return this.store.snapshot(work);
  }

  /** One undoable edit by `person`: the features write through `w`; `tx` paces a long edit. */
  edit<T>(person: string, label: string, work: (w: EditWrites, tx: EditPace) => T | Promise<T>): Promise<T> {
    return this.store.edit(person, label, work);
  }

  /** Thumbnails and other derived files live beside the project: `<name>.tidemark-cache/`. */
  get cacheDir(): string {
    return join(this.dir, `${basename(this.path, PROJECT_EXTENSION)}.tidemark-cache`);
  }

  get name(): string {
    return this.metaName ?? basename(this.path, PROJECT_EXTENSION);
  }

  /** Names the project (kept in its meta, outside the edit log). */
  async rename(name: string): Promise<void> {
    await this.store.setMeta('name', name);
    this.metaName = name;
  }

  /** Whether the project has a name of its own (else it is called after its file). */
  get named(): boolean {
    return this.metaName !== null;
  }

  async summary(): Promise<ProjectSummary> {
    return { path: this.path, name: this.name, schemaVersion: await this.store.schemaVersion(), videoCount: await this.stores.videos.count() };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
