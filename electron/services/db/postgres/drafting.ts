// NOT YET WRITTEN: the drafting store on PostgreSQL (being written now).
import type { DraftStore, DraftWrites } from '../../drafting/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgDrafting(reader: PgReader): DraftStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as DraftStore;
}

export function pgDraftingWrites(tx: PgEditTransaction): DraftWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as DraftWrites;
}
