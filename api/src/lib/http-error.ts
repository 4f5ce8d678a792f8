/** An error a route throws on purpose: it becomes `{error, message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Machine-readable figures a client shows (e.g. NO_FREE_RESOURCES), sent as `details`. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}
