// One module for the manifest and the view (the manifest stays tiny: no view code in it).

/** Bans a page of the list shows. */
export const BANS_PAGE_SIZE = 50;

/**
 * The ban list's first call with no filter set, exactly as BansView asks for it: the routes name
 * it as their `data`, so the shell fetches it alongside the page's code and the first render
 * draws it (useLoad takes it by this path).
 */
export const FIRST_BANS_PAGE = `/api/bans?limit=${BANS_PAGE_SIZE}`;
