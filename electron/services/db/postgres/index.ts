// The PostgreSQL engine of the features' stores (a team server's projects with --database): the
// same interfaces as db/sqlite/index.ts, over a reader (`?` placeholders, see connection.ts) and an
// edit's PgEditTransaction. Each feature's file reads and writes the rows db/rows/ describes, which
// are the same on both engines.
import type { EditWrites, ProjectStores } from '../stores';
import { pgAnnotation, pgAnnotationWrites } from './annotation';
import type { PgReader } from './connection';
import { pgDrafting, pgDraftingWrites } from './drafting';
import type { PgEditTransaction } from './edit-log';
import { pgExchange, pgExchangeWrites } from './exchange';
import { pgProfiles, pgProfileWrites } from './profiles';
import { pgReview, pgReviewWrites } from './review';
import { pgRuns, pgRunWrites } from './runs';
import { pgVideos, pgVideoWrites } from './videos';

/** Every feature's store over one reader (the committed data, a snapshot, or an edit's). */
export function pgStoresOver(db: PgReader): ProjectStores {
  return {
    annotation: pgAnnotation(db),
    drafting: pgDrafting(db),
    exchange: pgExchange(db),
    profiles: pgProfiles(db),
    review: pgReview(db),
    runs: pgRuns(db),
    videos: pgVideos(db),
  };
}

/** Every feature's writes inside one edit. */
export function pgWritesIn(tx: PgEditTransaction): EditWrites {
  return {
    annotation: pgAnnotationWrites(tx),
    drafting: pgDraftingWrites(tx),
    exchange: pgExchangeWrites(tx),
    profiles: pgProfileWrites(tx),
    review: pgReviewWrites(tx),
    runs: pgRunWrites(tx),
    videos: pgVideoWrites(tx),
  };
}
