/**
 * What a remote may ask of the shell. The shell provides one implementation at
 * start (provideHost); remotes reach it with useHost()/getHost(). Because this
 * package is a Module Federation singleton, every remote sees the same object.
 */
export type NotificationLevel = 'info' | 'success' | 'warning' | 'error';

export interface HostNotification {
  level: NotificationLevel;
  title?: string;
  message: string;
  /** Milliseconds the toast stays; the shell's default when omitted. */
  durationMs?: number;
}

export interface HostFetchInit extends RequestInit {
  /** Abort the call after this many milliseconds (the time-out variant of the helper). */
  timeoutMs?: number;
  /** Do not raise an error notification on failure; the caller handles it. */
  quiet?: boolean;
  /**
   * Reject with the network exception instead of answering null, for callers that word their
   * own failure and must show that exception's message (SPEC 7: logout, create instance).
   */
  throwOnNetworkError?: boolean;
}

export interface HostApi {
  /**
   * The shared call helper: same-origin, with credentials. On a non-ok answer it shows an
   * error notification (JSON error as title and message as text, else '{status} {statusText}'),
   * on a network failure the exception message; it returns the response, or null on network failure.
   */
  apiFetch(path: string, init?: HostFetchInit): Promise<Response | null>;
  notify(notification: HostNotification): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /**
   * The JSON body of a GET of `path` the shell fetched while the page's code loaded (the
   * route's `data`), handed out once and only while fresh; undefined otherwise. Lets a page
   * draw its data in its first render instead of a render later. Optional: an older shell
   * has none, and the page then fetches as usual.
   */
  takePrefetched?(path: string): unknown;
}

let provided: HostApi | null = null;

export function provideHost(api: HostApi): void {
  provided = api;
}

export function getHost(): HostApi {
  if (!provided) throw new Error('The host API was not provided: is this running outside the Outpost shell?');
  return provided;
}

/** Hook form, so components read the host the React way (and tests can provide one first). */
export function useHost(): HostApi {
  return getHost();
}

/**
 * The kit's toast: the shell draws toasts (SPEC 9 defaults: top right, 3 s, closed on click), so a
 * remote shows one through the host instead of drawing its own: `useToast()({level, message})`.
 */
export function useToast(): HostApi['notify'] {
  return (notification) => getHost().notify(notification);
}
