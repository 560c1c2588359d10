import type { ApiError, ApiErrorCode } from '../../shared/api';

/** A failure with a message a person can act on; transports turn it into `{ok:false,error}`. */
export class ServiceError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ServiceError) return { code: error.code, message: error.message };
  // JSON.parse quotes the text it failed on: never pass a file's or a request's bytes back
  if (error instanceof SyntaxError) return { code: 'failed', message: 'Data that should be JSON is not valid JSON.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'failed', message };
}
