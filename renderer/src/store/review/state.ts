// Review: people, guideline versions, rounds and their funnels, the caller's queue, the blind review
// of one item and the adjudication of an escalated one, the agreement report, review packages.
import type {
  AdjudicationDecision,
  AdjudicationItem,
  AgreementReport,
  GuidelineVersion,
  PackageImportOutcome,
  Person,
  QueueItem,
  ReportGrouping,
  ReviewContext,
  RoundPreview,
  RoundSummary,
} from '../../../../shared/review/types';
import type { ReviewReason, ReviewVerdict } from '../../../../shared/reviews';

export const reviewTabs = ['queue', 'rounds', 'people', 'guidelines', 'adjudication', 'report'] as const;
export type ReviewTab = (typeof reviewTabs)[number];

/** The reviewer's own answer at one query point, as typed: parsed by the question's answer kind on submit. */
export interface DraftAnswer {
  answer: string;
  /** Their own evidence intervals (optional). */
  evidence: Array<[number, number]>;
}

/** The blind review being written. */
export interface ReviewDraft {
  answers: Record<string, DraftAnswer>;
  verdict: ReviewVerdict | null;
  reason: ReviewReason | null;
  notes: string;
}

/** An item of the caller's queue, opened: the form's clock runs from `openedAt` (ms) to the submit. */
export interface OpenReview {
  questionId: string;
  videoId: string;
  round: number;
  openedAt: number;
}

/** The decision being written on an escalated item. */
export interface DecisionDraft {
  decision: AdjudicationDecision | null;
  /** The review kept (keep-reviewer). */
  reviewId: string | null;
  /** Answers that stand after an edit, as typed, by query point id. */
  answers: Record<string, string>;
  reason: ReviewReason | null;
  notes: string;
}

export interface ReviewState {
  reviewTab: ReviewTab;
  people: Person[];
  guidelines: GuidelineVersion[];
  rounds: RoundSummary[];
  /** What the round being set up would take (rounds.preview), for the lead's form. */
  roundPreview: RoundPreview | null;
  /** The caller's assignments, all open rounds. */
  reviewQueue: QueueItem[];
  adjudicationQueue: AdjudicationItem[];
  /** The queue item under review; its form is the review panel beside the video. */
  reviewing: OpenReview | null;
  reviewDraft: ReviewDraft | null;
  /** What the services tell of the item under review: after a submit, the author's answers. */
  reviewContext: ReviewContext | null;
  /** The escalated item being decided (question id and round). */
  adjudicating: { questionId: string; round: number } | null;
  decisionDraft: DecisionDraft | null;
  /** The report's choices: a round (null: all rounds) and the strata. */
  reportRound: number | null;
  reportBy: ReportGrouping;
  agreementReport: AgreementReport | null;
  packageExported: { path: string; questions: number; videos: number } | null;
  packageImported: PackageImportOutcome | null;
  /** Why the last review call failed, shown in the overlay or the panel; cleared when the overlay closes. */
  reviewError: string | null;
  /** A call of the overlay is on its way (the report, a package): its buttons wait. */
  reviewBusy: boolean;
}

export const initialReviewState: ReviewState = {
  reviewTab: 'queue',
  people: [],
  guidelines: [],
  rounds: [],
  roundPreview: null,
  reviewQueue: [],
  adjudicationQueue: [],
  reviewing: null,
  reviewDraft: null,
  reviewContext: null,
  adjudicating: null,
  decisionDraft: null,
  reportRound: null,
  reportBy: 'none',
  agreementReport: null,
  packageExported: null,
  packageImported: null,
  reviewError: null,
  reviewBusy: false,
};

/** What a project change or a new caller leaves behind: nothing of the previous one's review. */
export const noReviewItem = {
  reviewing: null,
  reviewDraft: null,
  reviewContext: null,
  adjudicating: null,
  decisionDraft: null,
} satisfies Partial<ReviewState>;
