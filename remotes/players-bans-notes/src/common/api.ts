import type { HostApi } from '@outpost/host';
// Core's safeParse takes classic and zod/mini schemas alike.
import { type $ZodType, type output, safeParse } from 'zod/v4/core';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/** A query string from defined, non-blank values (so blank filters are simply left out). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') search.set(key, text);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The API's `{error, message}` sentence, else '{status} {statusText}'. */
export async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON.
  }
  return `${response.status} ${response.statusText}`.trim();
}

/**
 * SPEC 8: a failed user lookup reports the HTTP status, status text and body, in that order;
 * a missing user ('No users were found for id?') is the API's sentence alone.
 */
export async function lookupFailureMessage(response: Response): Promise<string> {
  if (response.status === 404) return failureMessage(response);
  const body = await response
    .clone()
    .text()
    .catch(() => '');
  return `${response.status} ${response.statusText} ${body}`.trim();
}

/** GET and parse with the contract's schema; failures come back as a message, never thrown. */
export async function getJson<S extends $ZodType>(
  host: HostApi,
  path: string,
  schema: S,
  signal?: AbortSignal,
  describeFailure: (response: Response) => Promise<string> = failureMessage,
): Promise<Loaded<output<S>>> {
  const response = await host.apiFetch(path, { quiet: true, signal });
  if (!response) return { status: 'failed', message: 'Could not reach the server' };
  if (!response.ok) return { status: 'failed', message: await describeFailure(response) };
  const parsed = safeParse(schema, await response.json());
  return parsed.success
    ? { status: 'ready', data: parsed.data }
    : { status: 'failed', message: 'Unexpected answer from the server' };
}

/**
 * A change (POST/PATCH/PUT/DELETE) with a JSON body. The host's helper raises the error
 * notification on failure; this returns the parsed answer, or null when it failed.
 */
export async function sendJson<S extends $ZodType>(
  host: HostApi,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema?: S,
): Promise<output<S> | true | null> {
  const response = await host.apiFetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response?.ok) return null;
  if (!schema || response.status === 204) return true;
  const parsed = safeParse(schema, await response.json());
  return parsed.success ? parsed.data : true;
}
