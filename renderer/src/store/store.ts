// The renderer's state: zustand slices per concern (project, player, timeline, jobs). Reducers are
// plain `set` calls; I/O lives in the actions in ./actions.ts.
import { create } from 'zustand';
import type { AppInfo, ImportOutcomeView } from '../../../shared/api';
import type { ImportReport, Job, ProjectSummary, ProjectViewState, RecentProject, ThumbnailManifest, Video } from '../../../shared/domain';
import type { Mark, MarkType } from '../../../shared/marks';
import type { Profile } from '../../../shared/profiles';
import type { QueryPoint, Question } from '../../../shared/questions';
import type { TimelineView } from '../../../shared/timeline';

export interface ProjectSlice {
  info: AppInfo | null;
  project: ProjectSummary | null;
  recent: RecentProject[];
  videos: Video[];
  selectedVideoId: string | null;
  viewState: ProjectViewState | null;
  thumbnails: Record<string, ThumbnailManifest | null>;
  lastImport: ImportReport | null;
  error: string | null;
}

export interface PlayerSlice {
  /** What the person asked for; `seq` changes on every command so the same time can be re-sought. */
  commanded: { time: number; seq: number };
  /** The time of the frame on screen, from requestVideoFrameCallback. */
  presentedTime: number | null;
  /** The playing time while playing. */
  playerTime: number;
  playing: boolean;
  rate: number;
  /** Snap timeline clicks and the grid to whole seconds or to native frames. */
  grid: 'second' | 'frame';
}

export interface TimelineSlice {
  view: TimelineView | null;
  timelineWidth: number;
}

export interface AnnotationSlice {
  profiles: Profile[];
  /** Marks of the selected video, sorted by start. */
  marks: Mark[];
  questions: Question[];
  queryPoints: QueryPoint[];
  selectedMarkId: string | null;
  selectedQuestionId: string | null;
  selectedQueryPointId: string | null;
  /** What new marks are about ("chairs"): counting questions count marks with their target. */
  markTarget: string;
  /** An interval opened by a first key press, waiting for the second. */
  pendingInterval: { type: Extract<MarkType, 'span' | 'cycle' | 'entity'>; start: number } | null;
  /** While a query point is selected, show only what the model sees (its prefix). */
  prefixOnly: boolean;
  /** The last thing that happened, for the status line. */
  status: string | null;
  sidePanel: 'marks' | 'questions';
  /** The profile the next new question gets. */
  newQuestionProfileId: string | null;
}

export interface UiSlice {
  jobs: Job[];
  overlay: 'shortcuts' | 'profiles' | 'exchange' | null;
  /** The outcome of the last benchmark-file import. */
  lastExchangeImport: ImportOutcomeView | null;
  /** The shortcut waiting for its new key in the rebinding overlay. */
  rebinding: string | null;
  prompt: { kind: 'openProject' | 'saveProject' | 'videoFiles' | 'videoFolder' | 'relink'; videoId?: string } | null;
}

export type State = ProjectSlice & PlayerSlice & TimelineSlice & AnnotationSlice & UiSlice;

/** What a newly selected video starts with before its annotations load. */
export const noAnnotations = {
  marks: [] as Mark[],
  questions: [] as Question[],
  queryPoints: [] as QueryPoint[],
  selectedMarkId: null,
  selectedQuestionId: null,
  selectedQueryPointId: null,
  pendingInterval: null,
} satisfies Partial<AnnotationSlice>;

export const initialState: State = {
  info: null,
  project: null,
  recent: [],
  videos: [],
  selectedVideoId: null,
  viewState: null,
  thumbnails: {},
  lastImport: null,
  error: null,
  commanded: { time: 0, seq: 0 },
  presentedTime: null,
  playerTime: 0,
  playing: false,
  rate: 1,
  grid: 'second',
  view: null,
  timelineWidth: 0,
  profiles: [],
  ...noAnnotations,
  markTarget: '',
  prefixOnly: true,
  status: null,
  sidePanel: 'marks',
  newQuestionProfileId: null,
  jobs: [],
  overlay: null,
  lastExchangeImport: null,
  rebinding: null,
  prompt: null,
};

export const useStore = create<State>()(() => ({ ...initialState }));

export const setState = useStore.setState;
export const getState = useStore.getState;
