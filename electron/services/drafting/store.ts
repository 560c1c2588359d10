// What the drafting feature needs of storage, shaped by its services (the runs that resume past what
// they drafted, the decisions, the list) and by the features that ask about drafts (exchange's
// readiness): an engine implements it (SQLite: db/sqlite/drafting.ts). Reads are async and a draft is
// a typed value (its provenance a typed field), so an engine that answers over the network fills the
// same interface.
import type { Draft, DraftKind } from '../../../shared/drafting/drafts';

/** Which drafts to list: null is every video (every kind). */
export interface DraftFilter {
  videoId: string | null;
  kind: DraftKind | null;
}

/** The project's drafts: what models drafted, and what people decided of it. */
export interface DraftStore {
  get(id: string): Promise<Draft | null>;
  /** The drafts one run's target has on a video (a task's captions, an event target's, a profile's questions), by time then when made. */
  ofTarget(videoId: string, kind: DraftKind, target: string): Promise<Draft[]>;
  /** The drafts the filter lets through, by video, kind, target, time and when made. */
  list(filter: DraftFilter): Promise<Draft[]>;
  /** Whether a second (or stretch end) already has a draft that did not fail: another run may have drafted it meanwhile. */
  draftedAt(videoId: string, kind: DraftKind, target: string, at: number): Promise<boolean>;
  /** The marks a model drafted on a video (captions and events, decided or not): model output, which blinding keeps from a blind caller. */
  draftedMarksOfVideo(videoId: string): Promise<Set<string>>;
  /** The marks undecided drafts made: no person has checked them, so an export waits for them. */
  undecidedMarks(): Promise<Set<string>>;
}

/**
 * The drafts inside one edit: each write is logged for undo and redo, and reads see what the edit has
 * written so far.
 */
export interface DraftWrites extends DraftStore {
  /** A new draft (a fresh id): logged as inserted. */
  add(draft: Draft): Promise<void>;
  /** Replaces a draft (a decision on it). */
  put(draft: Draft): Promise<void>;
  /** Removes a video's drafts (the video is going). */
  removeOfVideo(videoId: string): Promise<void>;
}
