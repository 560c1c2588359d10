// NOT YET WRITTEN: the videos store on PostgreSQL (being written now).
import type { VideoStore, VideoWrites } from '../../videos/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgVideos(reader: PgReader): VideoStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as VideoStore;
}

export function pgVideoWrites(tx: PgEditTransaction): VideoWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as VideoWrites;
}
