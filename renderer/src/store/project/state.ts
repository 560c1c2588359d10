// The open project: its videos, which one is selected, where each was left, thumbnails.
import type { AppInfo } from '../../../../shared/api';
import type { ImportReport, ProjectSummary, ProjectViewState, RecentProject, ThumbnailManifest, Video } from '../../../../shared/domain';

export interface ProjectState {
  info: AppInfo | null;
  project: ProjectSummary | null;
  recent: RecentProject[];
  videos: Video[];
  selectedVideoId: string | null;
  viewState: ProjectViewState | null;
  /** Manifest by video id: null when there is none yet, absent until asked for. */
  thumbnails: Record<string, ThumbnailManifest | null>;
  /** The report of the last video import. */
  lastImport: ImportReport | null;
}

export const initialProjectState: ProjectState = {
  info: null,
  project: null,
  recent: [],
  videos: [],
  selectedVideoId: null,
  viewState: null,
  thumbnails: {},
  lastImport: null,
};
