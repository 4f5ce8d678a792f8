/**
 * /remotes.json is requested by index.ts before the shell's own code has loaded, so the route
 * tables arrive while React and the app are still being fetched. Imports nothing shared.
 */
let early: Promise<Response> | null = null;

export function requestRegistryEarly(): void {
  // No `cache` option: the request must match the page's `Link: rel=preload` of /remotes.json to
  // take its answer (the server marks the registry no-cache, so it is never stale).
  early = fetch('/remotes.json');
}

/** The early request, once; later reads (Retry) fetch anew. */
export function takeEarlyRegistry(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
