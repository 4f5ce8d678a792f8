import {
  stepUpCodeSchema,
  stepUpResultSchema,
  webauthnAssertionSchema,
  webauthnOptionsSchema,
} from '@outpost/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest as Request } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import type { AuthTables } from '../tables';
import { auditSecurity } from './audit-security';
import { hasSecondFactor, recordProof } from './factors';
import { assertionOptions, relyingPartyOf, verifyPasskeyAssertion } from './passkeys';
import { consumeRecoveryCode, recoveryCodesLeft } from './recovery-codes';
import { proofRateLimit, sessionPerson } from './session-person';
import { stepUpUntil } from './step-up-guard';
import { consumeTotpCode } from './totp';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Proving a factor on this session: dangerous actions then pass for STEP_UP_WINDOW_MINUTES. */
export const stepUpRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  const rp = relyingPartyOf(app.config.PUBLIC_URL, app.config.SITE_NAME);
  const windowMinutes = app.config.STEP_UP_WINDOW_MINUTES;

  async function proved(request: Request, method: 'totp' | 'recovery' | 'passkey') {
    const { userId, sessionId } = sessionPerson(request);
    const at = await recordProof(db, sessionId, method);
    const left = await recoveryCodesLeft(db, userId);
    if (method === 'recovery') await auditSecurity(request, `used a recovery code (${left} left)`);
    return { method, stepUpUntil: stepUpUntil(at, windowMinutes) as number, recoveryCodesLeft: left };
  }

  async function enrolledPerson(request: Request) {
    const person = sessionPerson(request);
    if (!(await hasSecondFactor(db, person.userId))) {
      throw new HttpError(409, 'NOT_ENROLLED', 'You have no second factor to prove: set one up in Settings, Security');
    }
    return person;
  }

  app.post(
    '/auth/step-up',
    {
      config: proofRateLimit,
      schema: {
        tags: ['auth'],
        description: 'Proves a second factor with an authenticator code or a recovery code. Each code works once.',
        body: stepUpCodeSchema,
        response: { 200: stepUpResultSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = await enrolledPerson(request);
      const { method, code } = request.body;
      const accepted =
        method === 'totp' ? await consumeTotpCode(db, userId, code) : await consumeRecoveryCode(db, userId, code);
      if (!accepted) {
        await auditSecurity(request, `step-up refused: wrong or used ${method === 'totp' ? 'code' : 'recovery code'}`);
        throw new HttpError(400, 'INVALID_CODE', 'That code is not right, or was used already');
      }
      return proved(request, method);
    },
  );

  app.post(
    '/auth/step-up/passkey/options',
    {
      schema: {
        tags: ['auth'],
        description: 'Options for navigator.credentials.get (JSON form), naming the person’s passkeys.',
        response: { 200: webauthnOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = await enrolledPerson(request);
      const options = await assertionOptions(db, rp, userId, sessionId);
      if (!options) throw new HttpError(404, 'NO_PASSKEY', 'You have no passkey: use a code instead');
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/auth/step-up/passkey',
    {
      config: proofRateLimit,
      schema: {
        tags: ['auth'],
        description: 'Proves a second factor with a passkey’s answer to the options’ challenge.',
        body: webauthnAssertionSchema,
        response: { 200: stepUpResultSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = await enrolledPerson(request);
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      if (!(await verifyPasskeyAssertion(db, rp, userId, sessionId, response))) {
        await auditSecurity(request, 'step-up refused: the passkey did not verify');
        throw new HttpError(400, 'PASSKEY_REFUSED', 'The passkey could not be verified: try again');
      }
      return proved(request, 'passkey');
    },
  );
};
