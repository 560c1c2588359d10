// Model drafts: the endpoint (never its key), the selected video's drafts (and the one whose details
// are open), the run form's estimate and job, the last run's totals, and the statistics of how
// drafts fared with people.
import type { DraftView } from '../../../../shared/drafting/drafts';
import type { EndpointView } from '../../../../shared/drafting/endpoint';
import type { DraftEstimate } from '../../../../shared/drafting/runs';
import type { DraftStats } from '../../../../shared/drafting/stats';
import type { Job } from '../../../../shared/jobs';
import { initialRunForm, type RunForm } from './run-form';

export type DraftingTab = 'run' | 'drafts' | 'endpoint' | 'statistics';

export interface DraftingState {
  draftingTab: DraftingTab;
  draftingEndpoint: EndpointView | null;
  /** What the last connection test found: the server's models, or why it failed. */
  draftingConnection: { models: string[] } | { error: string } | null;
  /** The selected video's drafts. */
  modelDrafts: DraftView[];
  draftingEstimate: DraftEstimate | null;
  draftingStats: DraftStats | null;
  draftingError: string | null;
  /** Only undecided drafts in the list. */
  draftsUndecidedOnly: boolean;
  draftingForm: RunForm;
  /** The form the estimate shown was made for (Start is offered for that form only). */
  draftingEstimatedFor: RunForm | null;
  /** The draft whose details the Drafts tab shows. */
  draftsDetailId: string | null;
  /** The last drafting run or probe that ended in this project, and when: the Run tab keeps its totals after the status line moves on. */
  draftingLastRun: { job: Extract<Job, { kind: 'drafting' | 'probe' }>; endedAt: string } | null;
}

export const initialDraftingState: DraftingState = {
  draftingTab: 'run',
  draftingEndpoint: null,
  draftingConnection: null,
  modelDrafts: [],
  draftingEstimate: null,
  draftingStats: null,
  draftingError: null,
  draftsUndecidedOnly: true,
  draftingForm: initialRunForm,
  draftingEstimatedFor: null,
  draftsDetailId: null,
  draftingLastRun: null,
};
