// An open project: its SQLite file, its folder (videos are stored relative to it) and its cache.
import { basename, dirname, join } from 'node:path';
import type { ProjectSummary } from '../../shared/domain';
import { openProjectDb, schemaVersion, type ProjectDb } from './db/project-db';
import { ensureBuiltinProfiles } from './annotation/rows';
import { VideoRepo } from './videos/repo';

export const PROJECT_EXTENSION = '.tidemark';

export class Project {
  readonly dir: string;
  readonly videos: VideoRepo;

  private constructor(
    readonly path: string,
    readonly db: ProjectDb,
  ) {
    this.dir = dirname(path);
    this.videos = new VideoRepo(db, this.dir);
  }

  static open(path: string, options: { create: boolean; name?: string }): Project {
    const db = openProjectDb(path, { create: options.create });
    const project = new Project(path, db);
    ensureBuiltinProfiles(db);
    if (options.name) project.setMeta('name', options.name);
    return project;
  }

  /** Thumbnails and other derived files live beside the project: `<name>.tidemark-cache/`. */
  get cacheDir(): string {
    return join(this.dir, `${basename(this.path, PROJECT_EXTENSION)}.tidemark-cache`);
  }

  get name(): string {
    return this.getMeta('name') ?? basename(this.path, PROJECT_EXTENSION);
  }

  getMeta(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM project_meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string | null): void {
    if (value === null) this.db.prepare('DELETE FROM project_meta WHERE key = ?').run(key);
    else
      this.db
        .prepare('INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
        .run(key, value);
  }

  summary(): ProjectSummary {
    const { n } = this.db.prepare('SELECT count(*) AS n FROM videos').get() as { n: number };
    return { path: this.path, name: this.name, schemaVersion: schemaVersion(this.db), videoCount: n };
  }

  close(): void {
    if (!this.db.open) return;
    this.db.pragma('optimize');
    this.db.close();
  }
}
