// The one API contract, as the rest of the code reads it: every call's request schema (validated
// where requests arrive) and response type, derived from the declarations in shared/contract (one
// per method, in its feature's file). Electron IPC and the local HTTP server are two thin
// transports over the same handlers.
import type { z } from 'zod';
import { declarations, type ApiMethod, type Methods, type ResponseOfMethod } from './contract';
import { apiMethods } from './api-methods';
import type { ImportReport } from './domain';

export { apiMethods, isApiMethod, type ApiMethod } from './api-methods';
export { BULK_LIMIT } from './contract/fields';
export { bulkFields, type VideoAnnotations } from './contract/annotation';
export type { AppInfo } from './contract/app';
export type { AppliedEditSummary, EditHistoryEntry } from './contract/edits';

/** Each method's request schema. */
export const requestSchemas = Object.fromEntries(apiMethods.map((m) => [m, declarations[m].request])) as { [M in ApiMethod]: Methods[M]['request'] };

/** Each method's response type. */
export type ApiResponses = { [M in ApiMethod]: ResponseOfMethod<M> };

export type { ExportOutcome, FormatInfo, ImportOutcomeView } from './exchange';
export type { Job, JobKind, JobOf, JobState } from './jobs';

export type ApiRequest<M extends ApiMethod> = z.input<(typeof requestSchemas)[M]>;
export type ApiParsedRequest<M extends ApiMethod> = z.output<(typeof requestSchemas)[M]>;

export type ApiErrorCode =
  | 'invalid-request'
  | 'unknown-method'
  | 'no-project'
  | 'not-found'
  | 'conflict'
  | 'unavailable'
  | 'forbidden'
  /** The caller's name is protected by a passphrase this session has not given in the open project: sign in again. */
  | 'unauthenticated'
  | 'failed';

export interface ApiError {
  code: ApiErrorCode;
  message: string;
}

/** Errors travel as data: a person-readable message, never a thrown stack across the boundary. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export type { ImportReport };
