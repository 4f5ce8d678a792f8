import { STEP_UP_REQUIRED } from '@outpost/contracts';
import type { FastifyRequest } from 'fastify';
import { nowSeconds } from '../lib/clock';
import { eventBus } from '../lib/event-bus';
import { HttpError } from '../lib/http-error';
import type { Principal } from '../lib/principal';

/** Until when a proof made at `provedAt` counts for step-up (seconds), or null. */
export function stepUpUntil(provedAt: number | null | undefined, windowMinutes: number): number | null {
  return provedAt === null || provedAt === undefined ? null : provedAt + windowMinutes * 60;
}

/**
 * preHandler, after the permission guard, of every dangerous action (issue 31 item 2): the
 * ONE step-up check. A session whose person has a second factor enrolled must have proved it
 * within STEP_UP_WINDOW_MINUTES, else 401 STEP_UP_REQUIRED (audited), which the shell's
 * fetch helper answers with a prompt and a retry. Nobody enrolled: nothing to prove (a role
 * that requires a factor withholds its permissions instead). An API key is exempt: minting
 * one is itself a dangerous action, so the key is the proof, and scripts cannot answer a prompt.
 * A plugin, not the auth module's: every module's routes use it, and modules may not import
 * auth back (issue 23: no module cycles).
 */
export async function requireStepUp(request: FastifyRequest): Promise<void> {
  const auth = request.auth as Principal | null;
  if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'You need to be logged in to do this');
  if (auth.via === 'apikey' || !auth.secondFactor?.enrolled) return;
  const until = stepUpUntil(auth.secondFactor.provedAt, request.server.config.STEP_UP_WINDOW_MINUTES);
  if (until !== null && nowSeconds() <= until) return;
  // Audited (by the auth module, which owns second factors) before the refusal is answered.
  await eventBus(request.server.db).settle('step-up.refused', {
    request,
    message: `step-up refused for ${request.method} ${request.routeOptions.url ?? request.url}`,
  });
  throw new HttpError(
    401,
    STEP_UP_REQUIRED,
    'Confirm it is you: enter a code from your authenticator app, a recovery code or use a passkey',
  );
}
