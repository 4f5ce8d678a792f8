/**
 * /remotes.json is requested by index.ts before the shell's own code has loaded, so the route
 * tables arrive while React and the app are still being fetched. Imports nothing shared.
 */
let early: Promise<Response> | null = null;

export function requestRegistryEarly(): void {
  early = fetch('/remotes.json', { cache: 'no-cache' });
}

/** The early request, once; later reads (Retry) fetch anew. */
export function takeEarlyRegistry(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
