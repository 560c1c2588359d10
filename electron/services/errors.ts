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
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'failed', message };
}
