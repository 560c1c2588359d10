// An open project: its data (ProjectStore, and every feature's store over it), its folder (videos are
// stored relative to it) and its cache.
import { basename, dirname, join } from 'node:path';
import type { ProjectSummary } from '../../../shared/domain';
import type { EditTransaction } from '../db/edit-log';
import { ProjectStore } from '../db/project-store';
import type { OpenOptions } from '../db/project-db';
import { seedProfiles, storesOver, writesIn } from '../db/sqlite';
import type { EditWrites, ProjectStores } from '../db/stores';
import { builtinProfiles } from '../profiles/builtin';

export const PROJECT_EXTENSION = '.tidemark';

export class Project {
  readonly dir: string;
  /** Every feature's store over the committed data (see db/sqlite/index.ts for the pattern). */
  readonly stores: ProjectStores;

  private constructor(
    readonly path: string,
    readonly store: ProjectStore,
  ) {
    this.dir = dirname(path);
    this.stores = storesOver(store.db);
  }

  static async open(path: string, options: OpenOptions & { name?: string }): Promise<Project> {
    const store = ProjectStore.open(path, options);
    const project = new Project(path, store);
    try {
      await seedProfiles(store, builtinProfiles());
      if (options.name) await store.setMeta('name', options.name);
    } catch (error) {
      await store.close();
      throw error;
    }
    return project;
  }

  /** Long work (an export, scoring, a report) reads one consistent state, through the stores of a snapshot of its own. */
  snapshot<T>(work: (stores: ProjectStores) => Promise<T>): Promise<T> {
    return this.store.snapshot((db) => work(storesOver(db)));
  }

  /** One undoable edit by `person`: the features write through `w`; `tx` is the edit log's transaction. */
  edit<T>(person: string, label: string, work: (w: EditWrites, tx: EditTransaction) => T | Promise<T>): Promise<T> {
    return this.store.edit(person, label, (tx) => work(writesIn(tx), tx));
  }

  /** Thumbnails and other derived files live beside the project: `<name>.tidemark-cache/`. */
  get cacheDir(): string {
    return join(this.dir, `${basename(this.path, PROJECT_EXTENSION)}.tidemark-cache`);
  }

  get name(): string {
    return this.store.getMeta('name') ?? basename(this.path, PROJECT_EXTENSION);
  }

  async summary(): Promise<ProjectSummary> {
    return { path: this.path, name: this.name, schemaVersion: this.store.db.schemaVersion(), videoCount: await this.stores.videos.count() };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
