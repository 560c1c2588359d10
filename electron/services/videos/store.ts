// What the videos feature needs of storage, shaped by its services rather than by a table: an engine
// implements it (SQLite: db/sqlite/videos.ts). Reads are async and a video is a typed value (tags a
// list, variable frame rate a boolean), so an engine that answers over the network fills the same
// interface. Whether a video's file is there is not stored: library.ts works it out when reading.
import type { Video, VideoViewState } from '../../../shared/domain';
import type { ProbeInfo } from '../media/probe';

/** A video as the library keeps it (its status comes from the file on disk, see library.ts). */
export type StoredVideo = Omit<Video, 'status' | 'statusMessage'>;

/** A probed file an import adds: its dataset, licence, offset and tags start empty. */
export interface NewVideo extends ProbeInfo {
  id: string;
  name: string;
  relPath: string;
  fingerprint: string;
  fileSize: number;
}

/** A video a benchmark file names whose file is not there: unknown until relinked. */
export interface PlaceholderVideo {
  id: string;
  name: string;
  relPath: string;
}

/** What may change of a stored video (a relink: its path, or everything probed of a placeholder's file). */
export type VideoChanges = Partial<Omit<StoredVideo, 'id' | 'addedAt'>>;

export interface VideoStore {
  /** The library by name (case-insensitive), then by when each was added. */
  list(): Promise<StoredVideo[]>;
  get(id: string): Promise<StoredVideo | null>;
  /** The video whose content has this fingerprint (there is at most one). */
  byFingerprint(fingerprint: string): Promise<StoredVideo | null>;
  /** A video stored at this path (relative to the project). */
  atPath(relPath: string): Promise<StoredVideo | null>;
  count(): Promise<number>;
  /** Where each video was left: playhead and zoom, by video id. */
  views(): Promise<Record<string, VideoViewState>>;
}

/**
 * The videos inside one edit: each write is logged for undo and redo, and reads see what the edit has
 * written so far.
 */
export interface VideoWrites extends VideoStore {
  /** Probed files as new videos (fresh ids): logged as inserted, as an import's rows are. */
  add(videos: readonly NewVideo[], addedAt: string): Promise<void>;
  addPlaceholder(video: PlaceholderVideo, addedAt: string): Promise<void>;
  /** Videos as another project keeps them (a review package's copy), every field as it is: logged as inserted. */
  copy(videos: readonly StoredVideo[]): Promise<void>;
  /** Changes a stored video; false when it is gone (removed or undone meanwhile). */
  update(id: string, changes: VideoChanges): Promise<boolean>;
  /** Removes a video and where it was left; what the other features keep on it goes first. */
  remove(id: string): Promise<void>;
}
