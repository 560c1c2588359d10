// Domain types shared by services and the renderer. Times are seconds.
import type { EndpointSettings } from './drafting/endpoint';

/** The roles a person works in, the one list of them (settings, the contract, people, the CLI, the start screen). */
export const roles = ['annotator', 'reviewer', 'adjudicator', 'researcher', 'lead'] as const;
export type Role = (typeof roles)[number];

/** Who is calling: every service call carries one, so services can decide what a caller may do. */
export interface Caller {
  person: string;
  role: Role;
}

export type VideoStatus = 'ok' | 'missing' | 'unplayable' | 'changed';

export interface Video {
  id: string;
  name: string;
  /** Path relative to the project file's folder (forward slashes). */
  relPath: string;
  /** Null for a placeholder: a video a benchmark file names whose file was not found (relink it). */
  fingerprint: string | null;
  fileSize: number;
  /** Seconds; null while unknown (a placeholder). */
  duration: number | null;
  /** Native frame rate used for frame stepping. */
  fps: number;
  /** The rate as the container states it, e.g. "30000/1001". */
  fpsRational: string;
  variableFps: boolean;
  width: number;
  height: number;
  codec: string;
  audioCodec: string | null;
  container: string;
  status: VideoStatus;
  statusMessage: string | null;
  sourceDataset: string | null;
  licenceNote: string | null;
  /** Start of this clip within a longer source, when it was cut from one. */
  segmentOffset: number;
  tags: string[];
  addedAt: string;
}

export interface ProjectSummary {
  path: string;
  name: string;
  schemaVersion: number;
  videoCount: number;
}

export interface RecentProject {
  path: string;
  name: string;
  openedAt: string;
  exists: boolean;
}

/** What the timeline showed: restored when the video is reopened. */
export interface VideoViewState {
  position: number;
  viewStart: number;
  pxPerSec: number;
}

export interface ProjectViewState {
  selectedVideoId: string | null;
  videos: Record<string, VideoViewState>;
}

export interface ImportProblem {
  path: string;
  reason: string;
}

export interface ImportReport {
  imported: Video[];
  /** Files already in the project (same content fingerprint). */
  duplicates: ImportProblem[];
  failed: ImportProblem[];
}

/** 1-FPS thumbnails packed into sprite sheets, one tile per whole second. */
export interface ThumbnailManifest {
  videoId: string;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  /** Number of thumbnails (= seconds covered). */
  count: number;
  sheets: number;
  complete: boolean;
}

export type FfmpegSource = 'bundled' | 'system';

export interface Settings {
  /**
   * Who signed in last on this machine: a new session starts as them (unverified). Written only by
   * signing in (the transport's own step); no setting changes who you are.
   */
  lastCaller: Caller;
  ffmpegSource: FfmpegSource;
  /** Rebound shortcuts: action id → key combos. */
  keymap: Record<string, string[]>;
  /** Whether anyone has signed in on this machine yet (the app asks once, on the first start). */
  identityChosen: boolean;
  /** The drafting endpoint (its key is kept by the main process only). */
  drafting: EndpointSettings;
  /** The desktop's folders holding its own copies of videos: a team server's video plays from here when the content fingerprint matches. */
  localVideoFolders: string[];
}
