// A call the services refused: its code (shared/api.ts's ApiErrorCode) and their message. A module of
// its own, as superseded.ts is, so what turns errors into messages needs nothing else of the client.
export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}
