import { type $ZodType, safeParse } from 'zod/v4/core';

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

/**
 * Input a service checks itself failed its schema (a path that does not pass the route's own
 * validator, e.g. Discord's staff buttons). It keeps the schema and the input so the error
 * handler can word the first issue as the validator's failures are worded, in the caller's
 * language (issue 27): "Invalid body at /reason: …". `message` is the English wording, for
 * callers that read it directly.
 */
export class InvalidInputError extends HttpError {
  constructor(
    readonly part: string,
    readonly schema: $ZodType,
    readonly input: unknown,
  ) {
    super(400, 'VALIDATION_FAILED', invalidInputMessage(part, safeParse(schema, input).error?.issues[0]));
  }
}

/** The validator's sentence for one issue: "Invalid {part} at {path}: {detail}" or "Invalid {part}: {detail}". */
export function invalidInputMessage(
  part: string,
  issue: { path: PropertyKey[]; message: string } | undefined,
  path = issue && issue.path.length > 0 ? `/${issue.path.map(String).join('/')}` : '',
): string {
  return `Invalid ${part}${path ? ` at ${path}` : ''}: ${issue?.message ?? 'does not match the schema'}`;
}
