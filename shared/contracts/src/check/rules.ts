// The predicates zod schemas of the browser contracts refine with, by name. They are plain
// functions (no zod), so the checks the browser runs (check/shape.ts) call the very same code
// the zod schemas do; check/describe.ts names each one it meets, and refuses a predicate that
// is not listed here.

/** An external route leaves Outpost: it needs the address it leaves to. */
export function externalHasRedirect(route: { external?: boolean | undefined; redirect?: string | undefined }): boolean {
  return !route.external || typeof route.redirect === 'string';
}

/** A page loader in a remote's manifest. */
export function isFunction(value: unknown): boolean {
  return typeof value === 'function';
}

export const RULES: Record<string, (value: never) => boolean> = { externalHasRedirect, isFunction };
