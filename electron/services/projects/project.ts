// An open project: its data (ProjectStore), its folder (videos are stored relative to it) and its cache.
import { basename, dirname, join } from 'node:path';
import type { ProjectSummary } from '../../../shared/domain';
import { ProjectStore } from '../db/project-store';
import type { OpenOptions } from '../db/project-db';
import { builtinProfileRows } from '../profiles/rows';
import { VideoRepo } from '../videos/repo';

export const PROJECT_EXTENSION = '.tidemark';

export class Project {
  readonly dir: string;
  readonly videos: VideoRepo;

  private constructor(
    readonly path: string,
    readonly store: ProjectStore,
  ) {
    this.dir = dirname(path);
    this.videos = new VideoRepo(store.db, this.dir);
  }

  static async open(path: string, options: OpenOptions & { name?: string }): Promise<Project> {
    const store = ProjectStore.open(path, options);
    const project = new Project(path, store);
    try {
      await store.seed('profiles', builtinProfileRows());
      if (options.name) await store.setMeta('name', options.name);
    } catch (error) {
      await store.close();
      throw error;
    }
    return project;
  }

  /** Thumbnails and other derived files live beside the project: `<name>.tidemark-cache/`. */
  get cacheDir(): string {
    return join(this.dir, `${basename(this.path, PROJECT_EXTENSION)}.tidemark-cache`);
  }

  get name(): string {
    return this.store.getMeta('name') ?? basename(this.path, PROJECT_EXTENSION);
  }

  summary(): ProjectSummary {
    const n = this.store.db.query<{ n: number }>('SELECT count(*) AS n FROM videos').get()!.n;
    return { path: this.path, name: this.name, schemaVersion: this.store.db.schemaVersion(), videoCount: n };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
