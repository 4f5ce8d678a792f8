import { hasFlag, hasPermission } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error';
import type { Principal } from '../lib/principal';

/** preHandler: 401 unless signed in. */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
}

/** The one server-side permission guard: 401 when signed out, 403 without the permission. */
export function requirePermission(code: string) {
  return async function permissionGuard(request: FastifyRequest): Promise<void> {
    await requireSignedIn(request);
    if (!principalHas(request.auth as Principal, code)) {
      throw new HttpError(403, 'FORBIDDEN', `You do not have the permission ${code}`);
    }
  };
}

/** Flag 'z' (superuser) holds every permission code as well as every flag. */
export function principalHas(principal: Pick<Principal, 'permissions'>, code: string): boolean {
  return hasFlag(principal.permissions.flags, 'z', true) || hasPermission(principal.permissions.codes, code);
}

/** preHandler: 403 unless the caller holds the SourceMod flag (or 'z', unless strict). */
export function requireFlag(flag: string, strict = false) {
  return async function flagGuard(request: FastifyRequest): Promise<void> {
    await requireSignedIn(request);
    if (!hasFlag((request.auth as Principal).permissions.flags, flag, strict)) {
      throw new HttpError(403, 'FORBIDDEN', `You do not have the admin flag ${flag}`);
    }
  };
}
