import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/principal';
import { findUserName } from './users-repository';

/** Who did something, for the ban/note rows and the audit log. Null id = the console. */
export interface Actor {
  id: string | null;
  name: string | null;
}

/** The signed-in staff member behind a request (route guards ran first). */
export async function actorOf(db: Kysely<Database>, request: FastifyRequest): Promise<Actor> {
  const auth = request.auth as Principal;
  return { id: auth.userId, name: (await findUserName(db, auth.userId)) ?? auth.userId };
}
