// One module for the manifest and the view (the manifest stays tiny: no view code in it).

/** Players a page of a leaderboard shows. */
export const LEADERBOARD_PAGE_SIZE = 50;

/**
 * The page's first call: the server groups, whose first is the leaderboard shown until the visitor
 * picks another. The route names it as its `data`, so it loads alongside the page's code.
 */
export const LEADERBOARD_GROUPS = '/api/servers/groups';
