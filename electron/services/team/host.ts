// The projects a team server serves, all open at once: each a Tidemark project file in its data
// folder (projects/<name>.tidemark, the embedded engine) or, with --database, a schema of its own on
// PostgreSQL (its videos and cache still placed at projects/<name>), with jobs and filmstrips of its
// own, so one project's members never see another's. A call's context is built here for the person the
// transport vouches for, in the role the accounts service says they hold in that project; nothing a
// call sends changes who they are or which project they work in.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller, Role } from '../../../shared/domain';
import { teamProjectName } from '../../../shared/team';
import type { AccountService } from '../accounts/service';
import { NEVER_ABORTED, type Machine, type RequestContext } from '../context';
import { FileKeyStore } from '../drafting/keys';
import { ServiceError } from '../errors';
import { JobRegistry } from '../jobs/registry';
import { FilmstripQueue } from '../media/filmstrips';
import { resolveMediaTools, type MediaTools } from '../media/tools';
import { PgProjectStore } from '../db/postgres/project-store';
import { Project, PROJECT_EXTENSION } from '../projects/project';
import { savePerson } from '../review/people';
import { SettingsStore } from '../settings/store';
import { EditBus } from './edit-bus';

interface Served {
  project: Project;
  jobs: JobRegistry;
  filmstrips: FilmstripQueue;
  stopTelling: () => void;
}

export interface TeamHostOptions {
  dataDir: string;
  version: string;
  /** postgres://… : the projects' data on PostgreSQL (else project files in the data folder). */
  database?: string;
  env?: NodeJS.ProcessEnv;
}

export class TeamHost {
  private readonly served = new Map<string, Promise<Served>>();
  readonly settings: SettingsStore;
  /** Each project's committed edits, for the pages that stream them (and the other server processes). */
  readonly edits = new EditBus();
  private readonly machine: Machine;
  /** What a missing video's file is said as to the server's members (set by the server, which knows its media folder). */
  missingFile: ((path: string) => string) | null = null;

  constructor(
    private readonly options: TeamHostOptions,
    private readonly accounts: AccountService,
  ) {
    mkdirSync(this.projectsDir, { recursive: true });
    this.settings = new SettingsStore(options.dataDir);
    const env = options.env ?? process.env;
    const settings = this.settings;
    const tools = (): MediaTools => resolveMediaTools(settings.get().ffmpegSource, env);
    this.machine = {
      version: options.version,
      mode: 'team',
      dataDir: options.dataDir,
      env,
      // the server's settings are its operator's (its settings.json): no member changes them by a call
      settings: {
        get: () => settings.get(),
        update: () => {
          throw new ServiceError('forbidden', "A team server's settings are its operator's: they are set in settings.json in its data folder.");
        },
        recent: () => [],
      },
      get tools() {
        return tools();
      },
      keys: new FileKeyStore(join(options.dataDir, 'openai-key')),
      // filmstrips are each project's (see contextFor)
      filmstrips: { enqueue: () => undefined, prioritize: () => undefined },
    };
  }

  get projectsDir(): string {
    return join(this.options.dataDir, 'projects');
  }

  pathOf(name: string): string {
    return join(this.projectsDir, `${name}${PROJECT_EXTENSION}`);
  }

  /** A new project on the server; its first lead, if named, listed in it and a member with that role. */
  async create(name: string, lead?: string): Promise<void> {
    const checked = teamProjectName.safeParse(name);
    if (!checked.success) throw new ServiceError('invalid-request', `${name}: ${checked.error.issues[0]!.message}.`);
    if ((await this.accounts.store.projects()).some((p) => p.name === name) || (!this.options.database && existsSync(this.pathOf(name))))
      throw new ServiceError('conflict', `There is already a project ${name}.`);
    // (the lead's account first: nothing is made for a lead who is not there)
    if (lead && !(await this.accounts.store.account(lead))) throw new ServiceError('not-found', `No account named ${lead}: add it first (tidemark users add ${lead}).`);
    const project = await this.openProject(name, true);
    await project.close();
    await this.accounts.store.addProject(name, new Date().toISOString());
    if (lead) await this.setRoles(name, lead, ['lead'], lead);
  }

  /** Sets a person's roles in a project, on the server and in the project's people (so rounds can assign them). */
  async setRoles(projectName: string, name: string, roles: readonly Role[], by: string): Promise<void> {
    await this.accounts.setRoles(projectName, name, roles);
    if (roles.length === 0) return;
    const { project } = await this.open(projectName);
    await savePerson(project, { person: by, role: 'lead' }, (await this.accounts.store.account(name))!.name, roles);
  }

  /** The project, opened on first use and kept open. */
  open(name: string): Promise<Served> {
    let served = this.served.get(name);
    if (!served) {
      served = this.openServed(name);
      this.served.set(name, served);
      served.catch(() => this.served.delete(name));
    }
    return served;
  }

  private async openServed(name: string): Promise<Served> {
    if (!(await this.accounts.store.projects()).some((p) => p.name === name)) throw new ServiceError('not-found', `No project ${name} on this server.`);
    const project = await this.openProject(name, false);
    if (this.missingFile) project.missingFile = this.missingFile;
    const jobs = new JobRegistry();
    const filmstrips = new FilmstripQueue(jobs, () => ({ project, ffmpeg: this.machine.tools.ffmpeg }));
    const stopTelling = project.store.onCommit((edit) => this.edits.committed(name, edit));
    return { project, jobs, filmstrips, stopTelling };
  }

  /** The project's data: its file, or its schema on PostgreSQL. */
  private async openProject(name: string, create: boolean): Promise<Project> {
    if (!this.options.database) return Project.open(this.pathOf(name), create ? { create: true, name } : { create: false });
    return Project.over(this.pathOf(name), await PgProjectStore.open({ database: this.options.database, project: name, create }), create ? name : undefined);
  }

  /** One call's context: the person and role the transport vouches for, in one project. */
  contextFor(served: Pick<Served, 'project' | 'jobs' | 'filmstrips'>, caller: Caller, signal: AbortSignal = NEVER_ABORTED): RequestContext {
    const { project, jobs, filmstrips } = served;
    const refuse = (): never => {
      throw new ServiceError('forbidden', "A team server's projects are added by its operator (tidemark projects add); each is opened at its own address.");
    };
    return {
      caller,
      verified: true,
      project: () => project,
      currentProject: () => project,
      projects: { create: refuse, open: refuse, close: refuse },
      jobs,
      machine: { ...this.machine, tools: this.machine.tools, filmstrips },
      signal,
      transport: {},
    };
  }

  async shutdown(): Promise<void> {
    const all = [...this.served.values()];
    this.served.clear();
    for (const pending of all) {
      const served = await pending.catch(() => null);
      if (!served) continue;
      served.stopTelling();
      served.filmstrips.clear();
      await served.jobs.cancelAll();
      await served.project.close();
    }
  }
}
