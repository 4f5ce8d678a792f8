import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../../lib/principal';
import type { AccountsTables } from './tables';
import { findUserName } from './users-repository';

/** Who did something, for the ban/note rows and the audit log. Null id = the console. */
export interface Actor {
  id: string | null;
  name: string | null;
  /**
   * The admin who really acted when `id` is an account they are impersonating (issue 9
   * item 13): rows and audit lines keep both. Absent or null otherwise.
   */
  realId?: string | null;
  realName?: string | null;
  /** Where the action came from when not the site (e.g. 'Discord'): the audit line says "via Discord". */
  via?: string | null;
}

/** The signed-in staff member behind a request (route guards ran first), and who really acts. */
export async function actorOf(db: Kysely<AccountsTables>, request: FastifyRequest): Promise<Actor> {
  const auth = request.auth as Principal;
  const actor = { id: auth.userId, name: (await findUserName(db, auth.userId)) ?? auth.userId };
  if (!auth.impersonatorId) return actor;
  const realName = (await findUserName(db, auth.impersonatorId)) ?? auth.impersonatorId;
  return { ...actor, realId: auth.impersonatorId, realName };
}
