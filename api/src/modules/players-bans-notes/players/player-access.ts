import { parseSteamId } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../../../lib/http-error';
import type { Principal } from '../../../lib/principal';
import { principalHas, requireSignedIn } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import type { PlayersBansNotesTables } from '../tables';

/**
 * preHandler for one player's pages: players.view, or the player is the caller themself
 * (everyone may read their own profile: the user menu's Profile link).
 */
export function requirePlayerAccess(db: Kysely<PlayersBansNotesTables>) {
  return async (request: FastifyRequest<{ Params: { id: string } }>): Promise<void> => {
    await requireSignedIn(request);
    const auth = request.auth as Principal;
    if (principalHas(auth, 'players.view')) return;
    const steamid = parseSteamId(request.params.id);
    const own = steamid ? await accountsService.findUserByAnyId(db, steamid) : undefined;
    if (own?.id === auth.userId) return;
    throw new HttpError(403, 'FORBIDDEN', 'You do not have the permission players.view');
  };
}
