// The services behind every transport: one instance per running app (desktop or browser mode).
// Only the transports and the CLI hold it; a call reaches the features as the context it builds.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppMode } from '../../shared/contract/app';
import type { Caller, ProjectSummary } from '../../shared/domain';
import type { Job } from '../../shared/jobs';
import { NEVER_ABORTED, type ContextSource, type Machine, type RequestContext, type TransportFeatures } from './context';
import { renderDemoMedia } from './demo';
import { FileKeyStore, type KeyStore } from './drafting/keys';
import { ServiceError } from './errors';
import { JobRegistry } from './jobs/registry';
import { FilmstripQueue } from './media/filmstrips';
import { resolveMediaTools, type MediaTools } from './media/tools';
import { Project, PROJECT_EXTENSION } from './projects/project';
import { SettingsStore } from './settings/store';
import { importVideos } from './videos/service';

export interface AppServicesOptions {
  dataDir: string;
  mode: AppMode;
  version: string;
  env?: NodeJS.ProcessEnv;
  /** Where an entered API key is kept (the desktop shell passes its safeStorage one). */
  keyStore?: KeyStore;
}

export class AppServices implements Machine, ContextSource {
  readonly settings: SettingsStore;
  readonly jobs = new JobRegistry();
  readonly keys: KeyStore;
  /** Filmstrips made in the background after imports, one video at a time. */
  readonly filmstrips: FilmstripQueue;
  private project: Project | null = null;

  constructor(readonly options: AppServicesOptions) {
    this.settings = new SettingsStore(options.dataDir);
    this.filmstrips = new FilmstripQueue(this.jobs, () => (this.project ? { project: this.project, ffmpeg: this.tools.ffmpeg } : null));
    this.keys = options.keyStore ?? new FileKeyStore(join(options.dataDir, 'openai-key'));
  }

  get version(): string {
    return this.options.version;
  }

  get mode(): AppMode {
    return this.options.mode;
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  get env(): NodeJS.ProcessEnv {
    return this.options.env ?? process.env;
  }

  /** ffmpeg and ffprobe as the settings choose them (bundled, or the system's). */
  get tools(): MediaTools {
    return resolveMediaTools(this.settings.get().ffmpegSource, this.env);
  }

  /**
   * What one call runs with: the caller the transport vouches for, the signal that says the caller
   * has gone, the transport's own features. The project is looked up at each use, not fixed here.
   */
  contextFor(caller: Caller, signal: AbortSignal = NEVER_ABORTED, transport: TransportFeatures = {}, verified = true): RequestContext {
    return {
      caller,
      verified,
      project: () => this.requireProject(),
      currentProject: () => this.currentProject(),
      projects: { create: (path, name) => this.createProject(path, name), open: (path) => this.openProject(path), close: () => this.closeProject() },
      jobs: this.jobs,
      machine: this,
      signal,
      transport,
    };
  }

  /**
   * Who signed in last on this machine: what a transport's new session starts as (unverified, so a
   * name protected by a passphrase is asked for it again), and whom the demo's import is recorded as.
   * No call runs as it unless its session does.
   */
  localCaller(): Caller {
    return this.settings.lastCaller();
  }

  requireProject(): Project {
    if (!this.project) throw new ServiceError('no-project', 'No project is open. Open or create one first.');
    return this.project;
  }

  currentProject(): Project | null {
    return this.project;
  }

  async createProject(path: string, name?: string): Promise<ProjectSummary> {
    const file = path.endsWith(PROJECT_EXTENSION) ? path : `${path}${PROJECT_EXTENSION}`;
    if (existsSync(file)) throw new ServiceError('conflict', `${file} already exists; open it instead.`);
    return this.switchTo(await Project.open(file, { create: true, ...(name ? { name } : {}) }));
  }

  async openProject(path: string): Promise<ProjectSummary> {
    if (this.project?.path === path) return this.project.summary();
    return this.switchTo(await Project.open(path, { create: false }));
  }

  /** A person closed the project: the next start opens none. */
  async closeProject(): Promise<void> {
    await this.releaseProject();
    this.settings.rememberClosed();
  }

  private async releaseProject(): Promise<void> {
    const project = this.project;
    this.project = null;
    await project?.close();
  }

  private async switchTo(project: Project): Promise<ProjectSummary> {
    this.filmstrips.clear();
    const previous = this.project;
    this.project = project;
    await previous?.close();
    this.settings.rememberOpened(project.path, project.name);
    return project.summary();
  }

  /**
   * What a start opens: the last project if it still exists; on the very first start a demo project
   * (made in the background, as a job the UI shows).
   */
  async startup(): Promise<Job | null> {
    const last = this.settings.lastProject;
    if (last && existsSync(last)) {
      try {
        await this.openProject(last);
        return null;
      } catch (error) {
        console.warn(`[tidemark] could not reopen ${last}: ${(error as Error).message}`);
      }
    }
    if (this.settings.firstStartDone) return null;
    return this.jobs.start({ kind: 'demo', label: 'Demo project' }, async (control) => {
      const dir = join(this.options.dataDir, 'Demo');
      const path = join(dir, `demo${PROJECT_EXTENSION}`);
      const media = await renderDemoMedia(this.tools, dir, control);
      // a person who opened or made a project meanwhile keeps it: the demo is not forced on them
      if (this.project) {
        this.settings.markFirstStartDone();
        return this.project.summary();
      }
      if (existsSync(path)) await this.openProject(path);
      else await this.createProject(path, 'Tidemark demo');
      const project = this.requireProject();
      if ((await project.stores.videos.count()) === 0) {
        const report = await importVideos(project, this.localCaller(), this.tools, media, control);
        if (report.failed.length > 0) throw new Error(`Demo import failed: ${report.failed.map((f) => `${f.path}: ${f.reason}`).join('; ')}`);
        this.filmstrips.enqueue(report.imported.map((v) => v.id));
      }
      this.settings.markFirstStartDone();
      return project.summary();
    });
  }

  async shutdown(): Promise<void> {
    this.filmstrips.clear();
    await this.jobs.cancelAll();
    // quitting is not closing: the project stays the last one, reopened by the next start
    await this.releaseProject();
  }
}
