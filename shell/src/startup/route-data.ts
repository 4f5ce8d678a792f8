/**
 * The JSON a route names as its first data (`data` in its route table), fetched by the shell
 * while the page's code loads and handed to the page once (HostApi.takePrefetched), so the page
 * draws it in its first render. The server already preloads these with the page; this fetch
 * reads that preload.
 */

/** An answer older than this is not handed out: a page drawn that late fetches anew. */
export const PREFETCH_FRESH_MS = 10_000;

const answers = new Map<string, { body: unknown; at: number }>();

/** The id of the JSON element a prerendered page carries its data in (api/src/web/shell-page.ts). */
export const ROUTE_DATA_ELEMENT_ID = 'outpost-route-data';

/**
 * The data a prerendered first screen was drawn from, inlined in the page by the server: the
 * first render draws the very same, without a request. Read once, then removed.
 */
function takeInlinedData(): Record<string, unknown> {
  const element = document.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element) return {};
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Fetches each path (same-origin API paths only) the page did not bring inlined; failures are
 * left for the page to meet. What the page is handed is checked by the page (its schema).
 */
export async function prefetchRouteData(paths: readonly string[], now: () => number = Date.now): Promise<void> {
  const inlined = takeInlinedData();
  await Promise.all(
    paths
      .filter((path) => /^\/api\/[^/]/.test(path))
      .map(async (path) => {
        if (Object.hasOwn(inlined, path)) {
          answers.set(path, { body: inlined[path], at: now() });
          return;
        }
        try {
          // Credentials and mode as the preload's (crossorigin=use-credentials), so it is reused.
          const response = await fetch(path, { credentials: 'include' });
          if (response.ok) answers.set(path, { body: await response.json(), at: now() });
        } catch {
          // The page fetches it itself and shows the failure.
        }
      }),
  );
}

/** The prefetched body of `path`, once, while fresh; undefined otherwise. */
export function takePrefetched(path: string, now: () => number = Date.now): unknown {
  const answer = answers.get(path);
  answers.delete(path);
  if (!answer || now() - answer.at > PREFETCH_FRESH_MS) return undefined;
  return answer.body;
}
