import { recoveryCodesSchema, webauthnOptionsSchema, webauthnRegistrationSchema } from '@outpost/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { accountsService } from '../../accounts';
import type { AuthTables } from '../tables';
import { auditSecurity } from './audit-security';
import { hasSecondFactor, recordProof } from './factors';
import { registerPasskey, registrationOptions, relyingPartyOf, removePasskey } from './passkeys';
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { sessionPerson } from './session-person';
import { requireStepUp } from './step-up-guard';

const errors = errorResponses(400, 401, 403, 404);
const MAX_PASSKEYS = 10;

/** Adding and removing passkeys (WebAuthn); like every factor change, a step-up once enrolled. */
export const passkeyRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  const rp = relyingPartyOf(app.config.PUBLIC_URL, app.config.SITE_NAME);

  app.post(
    '/auth/second-factor/passkeys/options',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['auth'],
        description:
          'Options for navigator.credentials.create (JSON form); the challenge is this session’s for 5 minutes.',
        response: { 200: webauthnOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionPerson(request);
      const user = await accountsService.findUserById(db, userId);
      const options = await registrationOptions(db, rp, { id: userId, name: user?.name ?? userId }, sessionId);
      if ((options.excludeCredentials?.length ?? 0) >= MAX_PASSKEYS) {
        throw new HttpError(400, 'TOO_MANY_PASSKEYS', `At most ${MAX_PASSKEYS} passkeys: remove one first`);
      }
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/auth/second-factor/passkeys',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['auth'],
        description: 'Stores the passkey the browser made; the first factor also brings ten recovery codes.',
        body: webauthnRegistrationSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionPerson(request);
      const first = !(await hasSecondFactor(db, userId));
      const name = request.body.name ?? 'Passkey';
      const stored = await registerPasskey(
        db,
        rp,
        userId,
        sessionId,
        request.body.response as unknown as RegistrationResponseJSON,
        name,
      );
      if (!stored) throw new HttpError(400, 'PASSKEY_REFUSED', 'The passkey could not be verified: try again');
      await recordProof(db, sessionId, 'passkey');
      await auditSecurity(request, `added a passkey (${name})`);
      const needCodes = first || (await recoveryCodesLeft(db, userId)) === 0;
      return { recoveryCodes: needCodes ? await replaceRecoveryCodes(db, userId) : [] };
    },
  );

  app.delete(
    '/auth/second-factor/passkeys/:id',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['auth'],
        // A credential id is base64url: anything else (a NUL byte that PostgreSQL refuses, say)
        // is no passkey's id and answers 400, never reaching the database.
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(1400)
            .regex(/^[A-Za-z0-9_-]+$/, 'Not a passkey id'),
        }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = sessionPerson(request);
      if (!(await removePasskey(db, userId, request.params.id)))
        throw new HttpError(404, 'NOT_FOUND', 'No such passkey');
      if (!(await hasSecondFactor(db, userId))) await removeRecoveryCodes(db, userId);
      await auditSecurity(request, 'removed a passkey');
      return reply.status(204).send(null);
    },
  );
};
