// NOT YET WRITTEN: the exchange store on PostgreSQL (being written now).
import type { ExchangeStore, ExchangeWrites } from '../../exchange/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgExchange(reader: PgReader): ExchangeStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as ExchangeStore;
}

export function pgExchangeWrites(tx: PgEditTransaction): ExchangeWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as ExchangeWrites;
}
