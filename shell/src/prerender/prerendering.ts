/**
 * Whether this code is drawing a visitor's first screen on the server (prerender.tsx) rather
 * than in a browser. A component whose output depends on what only the browser knows (a
 * notice this browser dismissed, in localStorage) draws nothing there; the live render that
 * replaces the prerendered screen draws it.
 */
let prerendering = false;

export const isPrerendering = (): boolean => prerendering;

export function markPrerendering(): void {
  prerendering = true;
}
