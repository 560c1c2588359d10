// NOT YET WRITTEN: the review store on PostgreSQL (being written now).
import type { ReviewStore, ReviewWrites } from '../../review/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgReview(reader: PgReader): ReviewStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as ReviewStore;
}

export function pgReviewWrites(tx: PgEditTransaction): ReviewWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as ReviewWrites;
}
