// Where a player's pages are (the players-bans-notes remote's manage-user route), for links from
// a server page: the host's router resolves them, no remote imports another.

function playerPath(steamid: string, section: string, returnTo: string): string {
  return `/admin/players/${encodeURIComponent(steamid)}/${section}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The player's overview, coming back here when closed. */
export function playerOverviewPath(steamid: string, returnTo: string): string {
  return playerPath(steamid, 'overview', returnTo);
}

/** The usual ban / comm-block form, prefilled with the player (bans/new in the player modal). */
export function banFormPath(steamid: string, returnTo: string): string {
  return playerPath(steamid, 'bans/new', returnTo);
}
