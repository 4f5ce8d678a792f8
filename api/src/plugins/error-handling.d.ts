import type { FastifyInstance } from 'fastify';
/** An error a route throws on purpose: it becomes `{error, message}` with its status. */
export declare class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string);
}
/**
 * One error handler for the whole API: 4xx errors carry their message, 5xx a generic
 * sentence (the detail goes to the log, never to the client).
 */
export declare function registerErrorHandling(app: FastifyInstance): void;
export declare function apiNotFound(
  method: string,
  url: string,
): {
  error: string;
  message: string;
};
