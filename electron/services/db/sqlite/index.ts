// The SQLite engine of the features' stores — the one place their SQL lives.
//
// The pattern every feature follows (profiles and videos first):
// - The feature declares what it needs of storage in its own folder, `<feature>/store.ts`: a read
//   interface (`ProfileStore`: list, get …) and the writes an edit offers (`ProfileWrites`: put,
//   remove …, which extends the reads). Shaped by the feature's services, not by tables: async,
//   typed values (JSON columns are typed fields), no rowid — so PostgreSQL can implement it too.
// - Its SQL lives here, in `db/sqlite/<feature>.ts`: `sqlite<Feature>s(db)` over a read handle and
//   `sqlite<Feature>Writes(tx)` over an edit's transaction, writing through `tx.put/insert/remove`,
//   so every write is logged and undo and redo keep working. The feature's folder holds no SQL.
// - Both are added to `ProjectStores` and `EditWrites` (db/stores.ts) and to `storesOver` and
//   `writesIn` below.
// How a service reaches them:
// - `project.stores.<feature>` reads the committed data (the read connection);
// - `project.edit(person, label, (w, tx) => …)` is one undoable edit: `w.<feature>` writes, and
//   reads what the edit has written so far; `tx.pace()` lets a long edit give way to requests;
// - `project.snapshot((stores) => …)` reads one consistent state, on a connection of its own, for
//   long work (an export, scoring, a report);
// - code that runs an edit without a project (the import's writer thread) calls `writesIn(tx)`.
// Another feature's data is read through its owner: its store, or its service where that applies
// more than storage (the videos' status, a profile's blinding).
import type { EditWrites, ProjectStores } from '../stores';
import type { EditTransaction } from '../edit-log';
import type { ReadableDb } from '../readable';
import { sqliteAnnotation, sqliteAnnotationWrites } from './annotation';
import { sqliteDrafting, sqliteDraftingWrites } from './drafting';
import { sqliteExchange, sqliteExchangeWrites } from './exchange';
import { sqliteProfiles, sqliteProfileWrites } from './profiles';
import { sqliteReview, sqliteReviewWrites } from './review';
import { sqliteRuns, sqliteRunWrites } from './runs';
import { sqliteVideos, sqliteVideoWrites } from './videos';

/** Every feature's store over one read handle. */
export function storesOver(db: ReadableDb): ProjectStores {
  return {
    annotation: sqliteAnnotation(db),
    drafting: sqliteDrafting(db),
    exchange: sqliteExchange(db),
    profiles: sqliteProfiles(db),
    review: sqliteReview(db),
    runs: sqliteRuns(db),
    videos: sqliteVideos(db),
  };
}

/** Every feature's writes inside one edit. */
export function writesIn(tx: EditTransaction): EditWrites {
  return {
    annotation: sqliteAnnotationWrites(tx),
    drafting: sqliteDraftingWrites(tx),
    exchange: sqliteExchangeWrites(tx),
    profiles: sqliteProfileWrites(tx),
    review: sqliteReviewWrites(tx),
    runs: sqliteRunWrites(tx),
    videos: sqliteVideoWrites(tx),
  };
}
