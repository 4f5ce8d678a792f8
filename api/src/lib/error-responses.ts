import { apiErrorSchema } from '@outpost/contracts';

/**
 * A route's error answers for its OpenAPI schema: every listed status answers the one
 * `{error, message}` shape (plugins/error-handling.ts). One place, so routes name their
 * statuses and nothing else: `response: { 200: x, ...errorResponses(400, 404) }`.
 */
export function errorResponses<const Status extends readonly number[]>(
  ...statuses: Status
): Record<Status[number], typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status[number],
    typeof apiErrorSchema
  >;
}
