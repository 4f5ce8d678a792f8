/**
 * The registry the shell reads first. The server inlines it in the page (a JSON script
 * element, api/src/web/shell-page.ts), so the route tables are known without a request; a
 * page without it (a static host, the dev server) fetches /remotes.json here, before the
 * shell's own code has loaded. Imports nothing shared.
 */
export const REGISTRY_ELEMENT_ID = 'outpost-registry';

let early: Promise<Response> | null = null;

export function requestRegistryEarly(): void {
  const inlined = document.getElementById(REGISTRY_ELEMENT_ID);
  if (inlined?.textContent) {
    // Read once: later reads (Retry) fetch anew. Still checked like a fetched registry.
    const text = inlined.textContent;
    inlined.remove();
    early = Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }));
    return;
  }
  // The server marks the registry no-cache, so it is never stale.
  early = fetch('/remotes.json');
}

/** The early answer, once; later reads (Retry) fetch anew. */
export function takeEarlyRegistry(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
