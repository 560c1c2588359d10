// The services behind every transport: one instance per running app (desktop or browser mode).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller, Job, ProjectSummary, Settings } from '../../shared/domain';
import { renderDemoMedia } from './demo';
import { ServiceError } from './errors';
import { JobRegistry } from './jobs';
import { resolveMediaTools, type MediaTools } from './media/tools';
import { Project, PROJECT_EXTENSION } from './project';
import { SettingsStore } from './settings';
import { importVideos } from './videos/import';

export interface AppServicesOptions {
  dataDir: string;
  mode: 'desktop' | 'browser';
  version: string;
  env?: NodeJS.ProcessEnv;
}

export class AppServices {
  readonly settings: SettingsStore;
  readonly jobs = new JobRegistry();
  private project: Project | null = null;

  constructor(readonly options: AppServicesOptions) {
    this.settings = new SettingsStore(options.dataDir);
  }

  get tools(): MediaTools {
    return resolveMediaTools(this.settings.get().ffmpegSource, this.options.env);
  }

  /** In desktop mode the caller is the local person chosen in settings. */
  localCaller(): Caller {
    const { personName, role } = this.settings.get();
    return { person: personName, role };
  }

  updateSettings(patch: Partial<Settings>): Settings {
    return this.settings.update(patch);
  }

  requireProject(): Project {
    if (!this.project) throw new ServiceError('no-project', 'No project is open. Open or create one first.');
    return this.project;
  }

  currentProject(): Project | null {
    return this.project;
  }

  createProject(path: string, name?: string): ProjectSummary {
    const file = path.endsWith(PROJECT_EXTENSION) ? path : `${path}${PROJECT_EXTENSION}`;
    if (existsSync(file)) throw new ServiceError('conflict', `${file} already exists; open it instead.`);
    return this.switchTo(Project.open(file, { create: true, name: name ?? undefined }));
  }

  openProject(path: string): ProjectSummary {
    if (this.project?.path === path) return this.project.summary();
    return this.switchTo(Project.open(path, { create: false }));
  }

  closeProject(): void {
    this.project?.close();
    this.project = null;
    this.settings.rememberClosed();
  }

  private switchTo(project: Project): ProjectSummary {
    this.project?.close();
    this.project = project;
    this.settings.rememberOpened(project.path, project.name);
    return project.summary();
  }

  /**
   * What a start opens: the last project if it still exists; on the very first start a demo project
   * (made in the background, as a job the UI shows).
   */
  startup(): Job | null {
    const last = this.settings.lastProject;
    if (last && existsSync(last)) {
      try {
        this.openProject(last);
        return null;
      } catch (error) {
        console.warn(`[tidemark] could not reopen ${last}: ${(error as Error).message}`);
      }
    }
    if (this.settings.firstStartDone) return null;
    return this.jobs.start('demo', 'Demo project', async (control) => {
      const dir = join(this.options.dataDir, 'Demo');
      const path = join(dir, `demo${PROJECT_EXTENSION}`);
      const media = await renderDemoMedia(this.tools, dir, control);
      if (existsSync(path)) this.openProject(path);
      else this.createProject(path, 'Tidemark demo');
      const project = this.requireProject();
      if (project.videos.list().length === 0) {
        const report = await importVideos(project, this.tools, media, control);
        if (report.failed.length > 0) throw new Error(`Demo import failed: ${report.failed.map((f) => `${f.path}: ${f.reason}`).join('; ')}`);
      }
      this.settings.markFirstStartDone();
      return project.summary();
    });
  }

  async shutdown(): Promise<void> {
    await this.jobs.cancelAll();
    this.project?.close();
    this.project = null;
  }
}
