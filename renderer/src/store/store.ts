// The renderer's state: one zustand store composed of one slice per feature (store/<feature>/state.ts).
// Each feature's actions (I/O and updates) get and set this composed store; its selectors are pure.
import { create } from 'zustand';
import { initialAnnotationState, type AnnotationState } from './annotation/state';
import { initialDraftingState, type DraftingState } from './drafting/state';
import { initialExchangeState, type ExchangeState } from './exchange/state';
import { initialJobsState, type JobsState } from './jobs/state';
import { initialLiveState, type LiveState } from './live/state';
import { initialPlayerState, type PlayerState } from './player/state';
import { initialProfilesState, type ProfilesState } from './profiles/state';
import { initialProjectState, type ProjectState } from './project/state';
import { initialReviewState, type ReviewState } from './review/state';
import { initialRunsState, type RunsState } from './runs/state';
import { initialTimelineState, type TimelineState } from './timeline/state';
import { initialUiState, type UiState } from './ui/state';

export type State = ProjectState & PlayerState & TimelineState & AnnotationState & ProfilesState & JobsState & ExchangeState & ReviewState & DraftingState & RunsState & UiState & LiveState;

export const initialState: State = {
  ...initialProjectState,
  ...initialPlayerState,
  ...initialTimelineState,
  ...initialAnnotationState,
  ...initialProfilesState,
  ...initialJobsState,
  ...initialExchangeState,
  ...initialReviewState,
  ...initialDraftingState,
  ...initialRunsState,
  ...initialUiState,
  ...initialLiveState,
};

export const useStore = create<State>()(() => ({ ...initialState }));

export const setState = useStore.setState;
export const getState = useStore.getState;
