import { apiErrorSchema, birthdaySchema, localePreferenceSchema, profileResponseSchema } from '@outpost/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnDb } from '../../db/module-db';
import { HttpError } from '../../lib/http-error';
import type { Principal } from '../../lib/principal';
import { visitLocale } from '../../lib/visit-locale';
import { requireSignedIn } from '../../plugins/authorization';
import { accountsService } from '../accounts';
import { discussEventsService } from '../discuss-events';
import { notificationsService } from '../notifications';
import { listProviders } from './providers-service';
import { withheldRoleIds } from './second-factor';
import type { AuthTables } from './tables';

/** GET /api/auth/profile: who is signed in, with permissions; 401 when nobody is. Members set their birthday and language. */
export const profileRoutes: FastifyPluginAsyncZod<OwnDb<AuthTables>> = async (app, { db }) => {
  app.get(
    '/auth/profile',
    { schema: { tags: ['auth'], response: { 200: profileResponseSchema, 401: apiErrorSchema } } },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, 'UNAUTHORIZED', 'You are not logged in');
      const user = await accountsService.findUserById(db, auth.userId);
      if (!user) throw new HttpError(401, 'UNAUTHORIZED', 'You are not logged in');
      const [notifications, providers, openDiscussions, limits] = await Promise.all([
        // In the reader's language (issue 27): the one rule pages and errors follow.
        notificationsService.listNotifications(db, auth.userId, visitLocale(request)),
        listProviders(app, db, auth.userId),
        discussEventsService.openDiscussionsOf(db, auth),
        // What the ban form may offer (issue 25 item 4); the API checks it again on every ban.
        withheldRoleIds(db, auth.userId).then((withheld) =>
          accountsService.restrictionLimits(db, auth.userId, withheld),
        ),
      ]);
      return {
        user: { name: user.name, accountid: user.steamid ?? '', id: user.id, avatarhash: user.avatar_hash },
        permissions: { ...auth.permissions, base: null, limits },
        notifications,
        impersonatingId: auth.impersonatorId ? auth.userId : null,
        profile: { birthMonth: user.birth_month, birthDate: user.birth_date, locale: user.locale },
        openDiscussions,
        providers: Object.fromEntries(providers.map((provider) => [provider.id, provider])),
      };
    },
  );

  app.put(
    '/auth/profile/birthday',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['auth'],
        description: 'The signed-in user’s birthday (month and day), or both null to remove it.',
        body: birthdaySchema,
        response: { 200: birthdaySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      await accountsService.setBirthday(db, auth.userId, request.body);
      return request.body;
    },
  );

  app.put(
    '/auth/profile/locale',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['auth'],
        description:
          'The signed-in user’s language (issue 27): the panel starts in it in every browser they sign in on.',
        body: localePreferenceSchema,
        response: { 200: localePreferenceSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth as Principal;
      await accountsService.setLocale(db, auth.userId, request.body.locale);
      return request.body;
    },
  );
};
