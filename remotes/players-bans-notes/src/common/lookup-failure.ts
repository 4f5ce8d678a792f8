import type { Loaded } from '@outpost/host';

/**
 * SPEC 8: a failed user lookup reports the HTTP status, status text and body, in that order;
 * a missing user ('No users were found for id?') is the API's sentence alone.
 */
export function withLookupFailure<T>(state: Loaded<T>): Loaded<T> {
  if (state.status !== 'failed' || state.failure.status === null || state.failure.status === 404) return state;
  const { status, statusText, text } = state.failure;
  return { status: 'failed', failure: { ...state.failure, message: `${status} ${statusText} ${text}`.trim() } };
}
