import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 31 item 5: changing or removing a role is acting on every holder; the one act-on
// rule (effective immunity strictly below the caller's) applies to each of them.
describe.each(testDatabases())('acting on a role acts on its holders on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let editor: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    editor = await signInAs(t, { name: 'Editor', codes: ['panel.roles', 'bans.*'], flags: 'bc', immunity: 50 });
  });
  afterAll(async () => t?.close());

  const call = (who: SignedIn, request: InjectOptions) =>
    t.app.inject({ ...request, headers: { ...who.headers, ...(request.headers ?? {}) } });
  const createRole = async (name: string, immunityLevel = 10) => {
    const response = await call(owner, {
      method: 'POST',
      url: '/api/panel/roles',
      payload: { name, codes: ['bans.view'], flags: 'b', immunityLevel },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const give = async (roleId: string, userId: string) =>
    expect(
      (await call(owner, { method: 'POST', url: `/api/panel/roles/${roleId}/holders`, payload: { userId } }))
        .statusCode,
    ).toBe(200);
  const snapshot = async () => ({
    roles: await t.database.db.selectFrom('roles').selectAll().orderBy('id').execute(),
    holders: await t.database.db.selectFrom('user_roles').selectAll().orderBy('role_id').orderBy('user_id').execute(),
  });
  const refusedShapes = (roleId: string, emptyRoleId: string): Array<[string, InjectOptions]> => [
    ['emptying it', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: { codes: [], flags: '' } }],
    ['removing one permission', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: { codes: [] } }],
    ['removing its flags', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: { flags: '' } }],
    ['lowering its immunity', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: { immunityLevel: 0 } }],
    ['renaming it', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: { name: 'Renamed' } }],
    ['an unchanged save', { method: 'PATCH', url: `/api/panel/roles/${roleId}`, payload: {} }],
    ['deleting it', { method: 'DELETE', url: `/api/panel/roles/${roleId}` }],
    [
      'deleting it, holders to an empty role',
      { method: 'DELETE', url: `/api/panel/roles/${roleId}?reassignTo=${emptyRoleId}` },
    ],
  ];

  it.each([
    ['own immunity above the editor’s', { immunity: 90 }, false],
    ['own immunity equal to the editor’s', { immunity: 50 }, false],
    ['immunity 90 from another role', { immunity: 0 }, true],
  ])(
    'refuses every change to a role held by a holder with %s (403, nothing stored)',
    async (_what, options, viaRole) => {
      const roleId = await createRole(`Held ${_what}`);
      const emptyRoleId = await createRole(`Empty ${_what}`, 0);
      const holder = await signInAs(t, { name: `Holder ${_what}`, ...options });
      const low = await signInAs(t, { name: `Low ${_what}`, immunity: 1 });
      await give(roleId, low.userId);
      await give(roleId, holder.userId);
      if (viaRole) await give(await createRole(`High ${_what}`, 90), holder.userId);
      const before = await snapshot();
      for (const [shape, request] of refusedShapes(roleId, emptyRoleId)) {
        const response = await call(editor, request);
        expect([shape, response.statusCode]).toEqual([shape, 403]);
        expect(response.json()).toEqual({ error: 'TARGET_IMMUNE', message: expect.any(String) });
      }
      const removed = await call(editor, {
        method: 'DELETE',
        url: `/api/panel/roles/${roleId}/holders/${holder.userId}`,
      });
      expect(removed.statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('allows every change when all holders are below the editor, and to a role only the editor holds', async () => {
    const roleId = await createRole('Juniors');
    const emptyRoleId = await createRole('Nobody', 0);
    await give(roleId, (await signInAs(t, { name: 'Junior', immunity: 49 })).userId);
    await give(roleId, editor.userId);
    for (const [shape, request] of refusedShapes(roleId, emptyRoleId)) {
      if (request.method === 'DELETE') continue;
      const response = await call(editor, request);
      expect([shape, response.statusCode]).toEqual([shape, 200]);
    }
    const moved = await call(editor, { method: 'DELETE', url: `/api/panel/roles/${roleId}?reassignTo=${emptyRoleId}` });
    expect(moved.statusCode).toBe(204);
    const holders = await t.database.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role_id', '=', emptyRoleId)
      .execute();
    expect(holders).toHaveLength(2);
  });
});
