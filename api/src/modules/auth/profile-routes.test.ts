import { profileResponseSchema } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';

describe.each(testDatabases())('GET /api/auth/profile on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers 401 when signed out or with an unknown session cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: 'outpost_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('UNAUTHORIZED');
  });

  it('returns the signed-in user with permissions from the user and their roles', async () => {
    const me = await signInAs(t, {
      name: 'Alice',
      steamid: '76561198000000042',
      codes: ['bans.*'],
      flags: 'bd',
      immunity: 10,
    });
    await t.database.db
      .insertInto('roles')
      .values({
        id: 'r1',
        name: 'Moderator',
        flags: 'c',
        immunity: 20,
        permission_codes: '["notes.create"]',
        created_at: 1,
      })
      .execute();
    await t.database.db.insertInto('user_roles').values({ user_id: me.userId, role_id: 'r1' }).execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { cookie: me.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    const profile = profileResponseSchema.parse(response.json());
    expect(profile.user).toEqual({ name: 'Alice', accountid: '76561198000000042', id: me.userId, avatarhash: null });
    expect(profile.permissions.codes.sort()).toEqual(['bans.*', 'notes.create']);
    expect(profile.permissions.flags).toBe('bcd');
    expect(profile.permissions.immunityLevel).toBe(20);
    expect(profile.impersonatingId).toBeNull();
  });

  it('lets a member set and remove their birthday (month and day), refusing impossible dates', async () => {
    const me = await signInAs(t, { name: 'Birthday Member' });
    const put = (body: unknown, headers: Record<string, string> = me.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile/birthday', headers, payload: body as object });
    const birthday = async () => {
      const { profile } = profileResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: me.headers })).json(),
      );
      return { birthMonth: profile.birthMonth, birthDate: profile.birthDate };
    };

    const set = await put({ birthMonth: 2, birthDate: 29 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ birthMonth: 2, birthDate: 29 });
    expect(await birthday()).toEqual({ birthMonth: 2, birthDate: 29 });

    for (const bad of [
      { birthMonth: 2, birthDate: 30 },
      { birthMonth: 4, birthDate: 31 },
      { birthMonth: 13, birthDate: 1 },
      { birthMonth: 0, birthDate: 1 },
      { birthMonth: 5, birthDate: 0 },
      { birthMonth: 5, birthDate: null },
      { birthMonth: null, birthDate: 5 },
      { birthMonth: 1.5, birthDate: 2 },
      { birthMonth: '5', birthDate: '6' },
      {},
    ]) {
      const refused = await put(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
    // Nothing was lost to the refused attempts.
    expect(await birthday()).toEqual({ birthMonth: 2, birthDate: 29 });

    expect((await put({ birthMonth: null, birthDate: null })).statusCode).toBe(200);
    expect(await birthday()).toEqual({ birthMonth: null, birthDate: null });
    const signedOut = await put({ birthMonth: 1, birthDate: 1 }, {});
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps a member’s language (issue 27): one of ours, null until chosen, refused when unknown or signed out', async () => {
    const me = await signInAs(t, { name: 'Locale Member' });
    const put = (body: unknown, headers: Record<string, string> = me.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile/locale', headers, payload: body as object });
    const saved = async () =>
      profileResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: me.headers })).json(),
      ).profile.locale;

    expect(await saved()).toBeNull();
    const set = await put({ locale: 'de' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ locale: 'de' });
    expect(await saved()).toBe('de');

    for (const bad of [
      { locale: 'xx' },
      { locale: 'DE' },
      { locale: '' },
      { locale: null },
      { locale: 7 },
      {},
      { locale: 'en', extra: 1 },
    ]) {
      const refused = await put(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().error).toBe('VALIDATION_FAILED');
    }
    expect(await saved()).toBe('de');

    // Every locale of the panel, region-tagged ones as written (BCP 47); not in another case.
    for (const locale of ['pt-BR', 'ru', 'es', 'pl', 'tr', 'zh-CN']) {
      const chosen = await put({ locale });
      expect(chosen.statusCode, locale).toBe(200);
      expect(chosen.json()).toEqual({ locale });
      expect(await saved()).toBe(locale);
    }
    for (const bad of ['pt-br', 'pt', 'zh', 'zh-TW']) expect((await put({ locale: bad })).statusCode, bad).toBe(400);
    expect(await saved()).toBe('zh-CN');

    expect((await put({ locale: 'en' })).statusCode).toBe(200);
    expect(await saved()).toBe('en');
    const signedOut = await put({ locale: 'de' }, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toBe('UNAUTHORIZED');
    expect(await saved()).toBe('en');
  });
});
