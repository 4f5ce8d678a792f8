/**
 * The JSON a route names as its first data (`data` in its route table), fetched by the shell
 * while the page's code loads and handed to the page once (HostApi.takePrefetched), so the page
 * draws it in its first render. The server already preloads these with the page; this fetch
 * reads that preload.
 */

/** An answer older than this is not handed out: a page drawn that late fetches anew. */
export const PREFETCH_FRESH_MS = 10_000;

const answers = new Map<string, { body: unknown; at: number }>();

/** Fetches each path (same-origin API paths only); failures are left for the page to meet. */
export async function prefetchRouteData(paths: readonly string[], now: () => number = Date.now): Promise<void> {
  await Promise.all(
    paths
      .filter((path) => /^\/api\/[^/]/.test(path))
      .map(async (path) => {
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
