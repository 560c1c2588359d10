// NOT YET WRITTEN: the annotation store on PostgreSQL (being written now).
import type { AnnotationStore, AnnotationWrites } from '../../annotation/store';
import type { PgReader } from './connection';
import type { PgEditTransaction } from './edit-log';

const notYet = (): never => {
  throw new Error('not yet on PostgreSQL');
};

export function pgAnnotation(reader: PgReader): AnnotationStore {
  void reader;
  return new Proxy({}, { get: () => notYet }) as AnnotationStore;
}

export function pgAnnotationWrites(tx: PgEditTransaction): AnnotationWrites {
  void tx;
  return new Proxy({}, { get: () => notYet }) as AnnotationWrites;
}
