// Every feature's storage interface, gathered: what a project's data is read through and what an
// edit writes through. Engine-neutral — the SQLite implementation is db/sqlite/index.ts; a feature
// that moves its tables behind an interface adds it to both lists here (see that file's header).
import type { AnnotationStore, AnnotationWrites } from '../annotation/store';
import type { DraftStore, DraftWrites } from '../drafting/store';
import type { ExchangeStore, ExchangeWrites } from '../exchange/store';
import type { ProfileStore, ProfileWrites } from '../profiles/store';
import type { ReviewStore, ReviewWrites } from '../review/store';
import type { RunStore, RunWrites } from '../runs/store';
import type { VideoStore, VideoWrites } from '../videos/store';

/** The features' stores over one view of the data (the committed data, a snapshot, or an edit's). */
export interface ProjectStores {
  readonly annotation: AnnotationStore;
  readonly drafting: DraftStore;
  readonly exchange: ExchangeStore;
  readonly profiles: ProfileStore;
  readonly review: ReviewStore;
  readonly runs: RunStore;
  readonly videos: VideoStore;
}

/** The features' writes inside one edit (one transaction, one undo step). */
export interface EditWrites {
  readonly annotation: AnnotationWrites;
  readonly drafting: DraftWrites;
  readonly exchange: ExchangeWrites;
  readonly profiles: ProfileWrites;
  readonly review: ReviewWrites;
  readonly runs: RunWrites;
  readonly videos: VideoWrites;
}
