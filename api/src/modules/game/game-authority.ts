import { hasPermission, parseSteamId, steamIdForms } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../lib/clock';
import type { Principal } from '../../lib/principal';
import { type Actor, accountsService } from '../accounts';
import { authService } from '../auth';
import { metaService } from '../meta';
import { playersBansNotesService } from '../players-bans-notes';
import { gameAdmins } from './game-admins';
import type { GameTables } from './tables';

/*
 * What a game-server token may do, and in whose name (issue 9 item 8). A token speaks for
 * its own server only, and anything it says about who the admin is could be forged by
 * whoever holds the token, so:
 *  - a row is attributed to an Outpost account only when that account is an in-game admin
 *    of this server (its SteamID is in the admin list this server is served); any other
 *    named admin is kept as a display name, never as an account;
 *  - the token lifts only restrictions this server issued, whoever it names: a ban from
 *    another server or from the web is lifted on the web, by someone signed in (issue 31
 *    item 8: a stolen token naming the owner, in any SteamID form, must not outrank the web);
 *  - unless the site setting `trustInGameUnbans` is on (off by default). Then a ban issued on
 *    the web or by another server may be lifted too, but only when the named admin (by SteamID;
 *    a name alone never counts) is attributable as above, holds `bans.unban` (what lifting it on
 *    the web takes, with the same withheld second-factor roles), and is connected to THIS server
 *    now by this server's own plugin events: its last connect has no disconnect after it and is
 *    less than CONNECTED_TRUST_SECONDS old (a crashed server never sends the disconnect). Seen
 *    on another server, seen earlier and since disconnected, or never seen: refused.
 * Every /api/game endpoint that writes in someone's name goes through gameAuthority.
 */

export interface GameAdminClaim {
  steamid?: string;
  name?: string;
}

export interface GameAuthority {
  serverId: string;
  /** Who the ban row and the audit line name. */
  actor: Actor;
  /**
   * Whether this token may lift a restriction issued by `row.server_id`: its own server's, and
   * others' only through the trustInGameUnbans setting (see above).
   */
  mayLift(row: { server_id: string | null }): boolean;
  /**
   * The named admin as a signed-in account would be (attributable as above), for the web's
   * permission and immunity rules; null when the admin is a display name only.
   */
  principal: Principal | null;
  /**
   * Whether this token may lift a warning given by `row.server_id` (POST /api/game/unwarn): its
   * own server's, and others' only with trustInGameUnbans on and the admin connected to this
   * server now, as for bans (the permission, warnings.lift, is checked on `principal`).
   */
  mayLiftWarning(row: { server_id: string | null }): Promise<boolean>;
}

const DISPLAY_NAME_FALLBACK = 'Console';

/** A connect older than this, with no disconnect since, no longer counts as "connected now". */
export const CONNECTED_TRUST_SECONDS = 12 * 3600;

export async function gameAuthority(
  db: Kysely<GameTables>,
  serverId: string,
  admin: GameAdminClaim,
): Promise<GameAuthority> {
  const steamid = admin.steamid ? parseSteamId(admin.steamid) : null;
  const displayName = admin.name ?? (steamid ? steamIdForms(steamid).steam2 : DISPLAY_NAME_FALLBACK);
  const account = steamid ? await attributableAccount(db, steamid) : null;
  const trusted =
    steamid !== null &&
    account !== null &&
    hasPermission(account.permissions.codes, 'bans.unban') &&
    (await metaService.readSiteSettings(db)).trustInGameUnbans &&
    (await connectedTo(db, steamid, serverId));
  return {
    serverId,
    actor: account ? { id: account.userId, name: account.name } : { id: null, name: displayName },
    mayLift: (row) => row.server_id === serverId || trusted,
    principal: account
      ? { userId: account.userId, sessionId: null, via: 'apikey', permissions: account.permissions }
      : null,
    mayLiftWarning: async (row) =>
      row.server_id === serverId ||
      (steamid !== null &&
        account !== null &&
        (await metaService.readSiteSettings(db)).trustInGameUnbans &&
        (await connectedTo(db, steamid, serverId))),
  };
}

/** Whether this server's own events show the SteamID connected to it now (see the header). */
async function connectedTo(db: Kysely<GameTables>, steamid: string, serverId: string): Promise<boolean> {
  const at = await playersBansNotesService.connectedSince(db, steamid, serverId);
  return at !== null && nowSeconds() - at < CONNECTED_TRUST_SECONDS;
}

/**
 * The Outpost account behind a SteamID when it is an in-game admin of the server (admin
 * lists are the same for every server, so "of this server" is "in the list this token is
 * served"), with its permissions; null otherwise. Matched on the SteamID column only: an
 * account id or any other text named as the admin never selects an account.
 */
async function attributableAccount(
  db: Kysely<GameTables>,
  steamid: string,
): Promise<{ userId: string; name: string; permissions: Principal['permissions'] } | null> {
  const servedAdmins = await gameAdmins(db);
  if (!servedAdmins.some((entry) => entry.authType === 'steam' && entry.identity === steamid)) return null;
  const user = await accountsService.findUserBySteamId(db, steamid);
  if (!user) return null;
  // The same withheld roles as on the web: a role whose second factor is missing speaks for nobody.
  const permissions = await accountsService.loadPermissions(
    db,
    user.id,
    await authService.withheldRoleIds(db, user.id),
  );
  if (!permissions) return null;
  return { userId: user.id, name: user.name, permissions };
}
