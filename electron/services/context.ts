// What one call runs with. The transport that received the call builds it (through the app's
// `contextFor`) with the caller it vouches for, and every feature's handlers and services receive
// it — never the app-wide services, which only the transports and the CLI hold. The machine-wide
// parts a handler may use are each a small interface here, shaped by what the handlers need.
import type { ApiParsedRequest } from '../../shared/api';
import type { AppMode } from '../../shared/contract/app';
import type { Caller, ProjectSummary, RecentProject, Settings } from '../../shared/domain';
import type { SettingsPatch } from './settings/store';
import type { KeyStore } from './drafting/keys';
import type { JobRegistry } from './jobs/registry';
import type { MediaTools } from './media/tools';
import type { Project } from './projects/project';

export type DialogKind = ApiParsedRequest<'dialogs.pick'>['kind'];

/** What a transport adds: native file dialogs exist only in the desktop shell. */
export interface TransportFeatures {
  pickPaths?: (kind: DialogKind) => Promise<string[]>;
}

/**
 * The settings file of this machine's user (settings.json and the recent projects). A handler cannot
 * change who is calling through it: the caller is the context's, as the transport vouches for them.
 */
export interface MachineSettings {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
  recent(): RecentProject[];
}

/** Filmstrips made in the background, one video at a time. */
export interface Filmstrips {
  enqueue(videoIds: readonly string[]): void;
  prioritize(videoId: string): void;
}

/** What belongs to the running app rather than to a project or a call. */
export interface Machine {
  readonly version: string;
  readonly mode: AppMode;
  readonly dataDir: string;
  /** The environment the app reads (OPENAI_API_KEY, TIDEMARK_FFMPEG, …). */
  readonly env: NodeJS.ProcessEnv;
  readonly settings: MachineSettings;
  /** ffmpeg and ffprobe as the settings choose them now. */
  readonly tools: MediaTools;
  /** Where an entered API key is kept. */
  readonly keys: KeyStore;
  readonly filmstrips: Filmstrips;
}

/** Which project is open: one at a time, for the whole app. */
export interface ProjectHost {
  create(path: string, name?: string): Promise<ProjectSummary>;
  open(path: string): Promise<ProjectSummary>;
  /** A person closed the project: the next start opens none. */
  close(): Promise<void>;
}

export interface RequestContext {
  /** Who is calling, as the transport vouches for them. */
  readonly caller: Caller;
  /**
   * Whether the caller proved it: false for a session that has not given the passphrase the open
   * project protects their name with (it may call only what anyone may, and is no one there).
   */
  readonly verified: boolean;
  /** The open project, or the error 'no-project'. Asked at each use: a call that opens a project then reads the new one. */
  project(): Project;
  currentProject(): Project | null;
  readonly projects: ProjectHost;
  readonly jobs: JobRegistry;
  readonly machine: Machine;
  /** Aborts when the caller has gone (an HTTP client that disconnected); long work may stop then. */
  readonly signal: AbortSignal;
  /** The transport's own features (the desktop's file dialogs). */
  readonly transport: TransportFeatures;
}

/** The signal of a call nobody can walk away from (IPC: the window's calls end with the app). */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/** What builds a call's context: the app, for the transports that hold it. */
export interface ContextSource {
  contextFor(caller: Caller, signal?: AbortSignal, transport?: TransportFeatures, verified?: boolean): RequestContext;
}
