import { recoveryCodesSchema, secondFactorStatusSchema, totpConfirmSchema, totpSetupSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnDb } from '../../../db/module-db';
import { errorResponses } from '../../../lib/error-responses';
import { HttpError } from '../../../lib/http-error';
import { accountsService } from '../../accounts';
import type { AuthTables } from '../tables';
import { auditSecurity } from './audit-security';
import { hasSecondFactor, recordProof } from './factors';
import { recoveryCodesLeft, removeRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { proofRateLimit, sessionPerson } from './session-person';
import { secondFactorStatus } from './status';
import { requireStepUp } from './step-up-guard';
import { consumeTotpCode, enrolmentPicture, newTotpSecret, removeTotp, startTotpEnrolment } from './totp';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The Security tab's API: status, TOTP enrolment and removal, recovery codes. Adding or
 * removing a factor, or new recovery codes, needs a step-up once a factor exists: a stolen
 * session must not add its own authenticator.
 */
export const enrolmentRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  app.get(
    '/auth/second-factor',
    { schema: { tags: ['auth'], response: { 200: secondFactorStatusSchema, ...errors } } },
    async (request) => secondFactorStatus(db, request, sessionPerson(request)),
  );

  app.post(
    '/auth/second-factor/totp/setup',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['auth'],
        description: 'A new TOTP secret (otpauth:// URI and QR code) that counts once a code from it is confirmed.',
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionPerson(request);
      const secret = newTotpSecret();
      if (!(await startTotpEnrolment(db, userId, secret))) {
        throw new HttpError(409, 'ALREADY_ENROLLED', 'An authenticator app is already set up: remove it first');
      }
      const name = (await accountsService.findUserName(db, userId)) ?? userId;
      return { secret, ...(await enrolmentPicture(secret, name, app.config.SITE_NAME)) };
    },
  );

  app.post(
    '/auth/second-factor/totp/confirm',
    {
      preHandler: requireStepUp,
      config: proofRateLimit,
      schema: {
        tags: ['auth'],
        description: 'Confirms the new secret with a code from it; the first factor also brings ten recovery codes.',
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionPerson(request);
      const first = !(await hasSecondFactor(db, userId));
      if (!(await consumeTotpCode(db, userId, request.body.code, true))) {
        throw new HttpError(400, 'INVALID_CODE', 'That code is not right: check the time on your device and try again');
      }
      await recordProof(db, sessionId, 'totp');
      await auditSecurity(request, 'enrolled an authenticator app (TOTP)');
      const needCodes = first || (await recoveryCodesLeft(db, userId)) === 0;
      return { recoveryCodes: needCodes ? await replaceRecoveryCodes(db, userId) : [] };
    },
  );

  app.delete(
    '/auth/second-factor/totp',
    { preHandler: requireStepUp, schema: { tags: ['auth'], response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { userId } = sessionPerson(request);
      if (!(await removeTotp(db, userId))) throw new HttpError(404, 'NOT_FOUND', 'No authenticator app is set up');
      if (!(await hasSecondFactor(db, userId))) await removeRecoveryCodes(db, userId);
      await auditSecurity(request, 'removed the authenticator app (TOTP)');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/second-factor/recovery-codes',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['auth'],
        description: 'Ten new recovery codes (the old ones stop working); shown once.',
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = sessionPerson(request);
      if (!(await hasSecondFactor(db, userId))) {
        throw new HttpError(409, 'NOT_ENROLLED', 'Set up an authenticator app or a passkey first');
      }
      const recoveryCodes = await replaceRecoveryCodes(db, userId);
      await auditSecurity(request, 'made new recovery codes');
      return { recoveryCodes };
    },
  );
};
