// The zod-free part of the route manifest contract (route-manifest.ts re-exports it): the
// browser's first load (@outpost/contracts/browser) uses these without pulling in zod.

/** The file a remote's build writes its route table to, beside mf-manifest.json. */
export const ROUTE_TABLE_FILE = 'route-table.json';

/**
 * The file an app's build writes its prerender module to (dist/, beside mf-manifest.json): the
 * pages the server may draw for a visitor's first screen (api/src/web/prerender).
 */
export const PRERENDER_FILE = 'prerender.cjs';

/**
 * Whether a registry entry's route prefixes cover a path; '/' covers only '/' itself. The shell
 * (which remote failed for this path) and the server (which remote's code to hint for a page)
 * decide alike.
 */
export function ownsPath(prefixes: readonly string[] | undefined, pathname: string): boolean {
  return (prefixes ?? []).some((prefix) =>
    prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** kebab-case remote id -> snake_case MF container name. */
export function containerName(remoteId: string): string {
  return remoteId.replaceAll('-', '_');
}

/**
 * Counts the signed-in session carries (SPEC 3) that a nav entry may show as a badge. Names only:
 * the words a screen reader hears after the number are the shell's, in the reader's language
 * (shell.chrome.nav.badge.<name>, issue 27).
 */
export const SESSION_COUNTS = ['openDiscussions'] as const;
