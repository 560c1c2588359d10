// NOT YET WRITTEN: the runs store on PostgreSQL (being written now).
import type { RunStore, RunWrites } from '../../runs/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgRuns(reader: PgReader): RunStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as RunStore;
}

export function pgRunWrites(tx: PgEditTransaction): RunWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as RunWrites;
}
