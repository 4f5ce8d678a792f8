import type { SecondFactorStatus } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthTables } from '../tables';
import { hasSecondFactor, requiringRolesOf } from './factors';
import { listPasskeys } from './passkeys';
import { recoveryCodesLeft } from './recovery-codes';
import { stepUpUntil } from './step-up-guard';
import { findTotp } from './totp';

/** What the Security tab and the shell's banner show of the signed-in person. */
export async function secondFactorStatus(
  db: Kysely<AuthTables>,
  request: FastifyRequest,
  person: { userId: string; sessionId: string },
): Promise<SecondFactorStatus> {
  const [totp, passkeys, left, enrolled, requiredBy, session] = await Promise.all([
    findTotp(db, person.userId),
    listPasskeys(db, person.userId),
    recoveryCodesLeft(db, person.userId),
    hasSecondFactor(db, person.userId),
    requiringRolesOf(db, person.userId),
    db.selectFrom('sessions').select('second_factor_at').where('id', '=', person.sessionId).executeTakeFirst(),
  ]);
  const windowMinutes = request.server.config.STEP_UP_WINDOW_MINUTES;
  const provedAt = session?.second_factor_at;
  return {
    totp: Boolean(totp?.confirmed_at),
    passkeys: passkeys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: Number(key.created_at),
      lastUsed: key.last_used === null ? null : Number(key.last_used),
    })),
    recoveryCodesLeft: left,
    enrolled,
    requiredBy,
    withheld: !enrolled && requiredBy.length > 0,
    stepUpUntil: enrolled
      ? stepUpUntil(provedAt === null || provedAt === undefined ? null : Number(provedAt), windowMinutes)
      : null,
    stepUpWindowMinutes: windowMinutes,
  };
}
