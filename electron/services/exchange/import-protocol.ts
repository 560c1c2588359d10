// What an import's reading half (import-edit-runner.ts) and its writer thread
// (import-edit-thread.worker.ts) say to each other. The thread reads the messages in the order they were sent.
import type { ApiErrorCode } from '../../../shared/api';
import type { ImportEntry, ImportPlan, VideoPlan, WrittenCounts } from './import-edit';

export type ToWriter =
  /** The go-ahead: the project's other writes are held, the transaction may open (anything sent before it waits). */
  | { kind: 'begin'; plan: ImportPlan }
  | { kind: 'videos'; plan: VideoPlan }
  | { kind: 'items'; entries: ImportEntry[] }
  /** Every item was sent: commit. */
  | { kind: 'commit' }
  /** Roll back (or never begin): nothing is written. */
  | { kind: 'abort' };

export type FromWriter =
  /** Loaded, the storage engine's native part included: it can write. */
  { kind: 'ready' } | { kind: 'written'; written: number } | { kind: 'done'; counts: WrittenCounts } | { kind: 'cancelled' } | { kind: 'failed'; message: string; code: ApiErrorCode | null };
