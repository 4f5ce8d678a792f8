import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditMessages, callAs, rowCount } from '../../../test-support/app-queries';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';
import { loadPermissions } from '../permissions';

// The roles editor (the panel's Roles page), served by the accounts module that owns roles.
describe.each(testDatabases())('roles API on $name', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await signInAs(t, { name: 'Owner', flags: 'z', immunity: 100 });
    await signInAs(t, { name: 'Plain Player' });
  });
  afterAll(async () => t?.close());

  const call = (who: SignedIn | null, request: InjectOptions) => callAs(t, who, request);
  const db = () => t.database.db;
  const countRows = (table: 'roles' | 'user_roles') => rowCount(t, table);
  const createRole = (who: SignedIn, body: Record<string, unknown>) =>
    call(who, { method: 'POST', url: '/api/panel/roles', payload: body });

  describe('roles', () => {
    it('creates, renames and edits a role; the holder gets its codes; names are unique', async () => {
      const created = await createRole(owner, {
        name: 'Moderators',
        codes: ['bans.*', 'panel.view', 'bans.*'],
        flags: 'dcb',
        immunityLevel: 20,
      });
      expect(created.statusCode).toBe(201);
      const role = created.json();
      expect(role).toMatchObject({ name: 'Moderators', codes: ['bans.*', 'panel.view'], flags: 'bcd', holders: 0 });
      expect((await createRole(owner, { name: 'moderators', codes: [], flags: '', immunityLevel: 0 })).statusCode).toBe(
        409,
      );
      const renamed = await call(owner, {
        method: 'PATCH',
        url: `/api/panel/roles/${role.id}`,
        payload: { name: 'Mods', codes: ['bans.create'] },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Mods', codes: ['bans.create'], flags: 'bcd', immunityLevel: 20 });
      const member = await signInAs(t, { name: 'Member' });
      const given = await call(owner, {
        method: 'POST',
        url: `/api/panel/roles/${role.id}/holders`,
        payload: { userId: member.userId },
      });
      expect(given.statusCode).toBe(200);
      expect(given.json().users.map((user: { name: string }) => user.name)).toEqual(['Member']);
      expect((await loadPermissions(db(), member.userId))?.codes).toEqual(['bans.create']);
      const listed = await call(owner, { method: 'GET', url: '/api/panel/roles' });
      expect(listed.json().roles.find((r: { id: string }) => r.id === role.id).holders).toBe(1);
      const audit = (await auditMessages(t)).join('\n');
      expect(audit).toContain('created role "Moderators": before none after');
      expect(audit).toContain('edited role "Mods": before {"id"');
      expect(audit).toContain('gave role "Mods": before {"holds":false} after {"holds":true}');
      const removed = await call(owner, {
        method: 'DELETE',
        url: `/api/panel/roles/${role.id}/holders/${member.userId}`,
      });
      expect(removed.json().users).toEqual([]);
      expect((await loadPermissions(db(), member.userId))?.codes).toEqual([]);
      const again = await call(owner, {
        method: 'DELETE',
        url: `/api/panel/roles/${role.id}/holders/${member.userId}`,
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses to delete a role while it is held, unless its holders move to another role', async () => {
      const old = (
        await createRole(owner, { name: 'Old', codes: ['notes.create'], flags: '', immunityLevel: 5 })
      ).json();
      const next = (await createRole(owner, { name: 'New', codes: ['notes.*'], flags: '', immunityLevel: 5 })).json();
      const member = await signInAs(t, { name: 'Holder' });
      await call(owner, {
        method: 'POST',
        url: `/api/panel/roles/${old.id}/holders`,
        payload: { userId: member.userId },
      });
      const refused = await call(owner, { method: 'DELETE', url: `/api/panel/roles/${old.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('ROLE_IN_USE');
      expect(await db().selectFrom('roles').select('id').where('id', '=', old.id).executeTakeFirst()).toBeDefined();
      expect(
        (await call(owner, { method: 'DELETE', url: `/api/panel/roles/${old.id}?reassignTo=missing` })).statusCode,
      ).toBe(400);
      expect(
        (await call(owner, { method: 'DELETE', url: `/api/panel/roles/${old.id}?reassignTo=${old.id}` })).statusCode,
      ).toBe(400);
      const moved = await call(owner, { method: 'DELETE', url: `/api/panel/roles/${old.id}?reassignTo=${next.id}` });
      expect(moved.statusCode).toBe(204);
      expect(await db().selectFrom('roles').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();
      const holders = await call(owner, { method: 'GET', url: `/api/panel/roles/${next.id}/holders` });
      expect(holders.json().users.map((user: { id: string }) => user.id)).toEqual([member.userId]);
      expect((await auditMessages(t)).at(-1)).toContain('deleted role "Old", moving 1 holder(s) to "New"');
      const unheld = (await createRole(owner, { name: 'Unheld', codes: [], flags: '', immunityLevel: 0 })).json();
      expect((await call(owner, { method: 'DELETE', url: `/api/panel/roles/${unheld.id}` })).statusCode).toBe(204);
    });

    it('nobody gives more than they hold: patterns, flags, superuser and immunity beyond the caller are refused', async () => {
      const editor = await signInAs(t, {
        name: 'Editor',
        codes: ['panel.roles', 'bans.*', 'notes.create'],
        flags: 'bcd',
        immunity: 30,
      });
      const ok = await createRole(editor, {
        name: 'Ban team',
        codes: ['bans.create', 'bans.*'],
        flags: 'cd',
        immunityLevel: 30,
      });
      expect(ok.statusCode).toBe(201);
      const before = await countRows('roles');
      const beyond: Record<string, unknown>[] = [
        { codes: ['logs.view'] },
        { codes: ['*'] },
        { codes: ['notes.*'] },
        { codes: ['{bans,logs}.*'] },
        { codes: ['panel.*'] },
        { flags: 'z' },
        { flags: 'm' },
        { immunityLevel: 31 },
      ];
      for (const [index, change] of beyond.entries()) {
        const response = await createRole(editor, {
          name: `Too much ${index}`,
          codes: [],
          flags: '',
          immunityLevel: 0,
          ...change,
        });
        expect(response.statusCode, JSON.stringify(change)).toBe(403);
      }
      expect(await countRows('roles')).toBe(before);
      // Nor by editing a role into more, nor touching a role above them.
      const id = ok.json().id;
      expect(
        (await call(editor, { method: 'PATCH', url: `/api/panel/roles/${id}`, payload: { codes: ['logs.*'] } }))
          .statusCode,
      ).toBe(403);
      const above = (await createRole(owner, { name: 'Admins', codes: ['*'], flags: 'z', immunityLevel: 90 })).json();
      for (const request of [
        { method: 'PATCH', url: `/api/panel/roles/${above.id}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/panel/roles/${above.id}` },
        { method: 'POST', url: `/api/panel/roles/${above.id}/holders`, payload: { userId: editor.userId } },
      ] as InjectOptions[]) {
        expect((await call(editor, request)).statusCode).toBe(403);
      }
      expect((await db().selectFrom('roles').select('name').where('id', '=', above.id).executeTakeFirst())?.name).toBe(
        'Admins',
      );
      // Acting on a user with a higher effective immunity (through a role) is refused too.
      const senior = await signInAs(t, { name: 'Senior', immunity: 0 });
      await call(owner, {
        method: 'POST',
        url: `/api/panel/roles/${above.id}/holders`,
        payload: { userId: senior.userId },
      });
      const onSenior = await call(editor, {
        method: 'POST',
        url: `/api/panel/roles/${id}/holders`,
        payload: { userId: senior.userId },
      });
      expect(onSenior.statusCode).toBe(403);
      // The one act-on rule (accounts' assertMayActOn) answers for people.
      expect(onSenior.json().error).toBe('TARGET_IMMUNE');
    });

    it.each([
      ['no name', { name: ' ', codes: [], flags: '', immunityLevel: 0 }],
      ['a name of 65 characters', { name: 'x'.repeat(65), codes: [], flags: '', immunityLevel: 0 }],
      ['a control character in the name', { name: 'a\u0007b', codes: [], flags: '', immunityLevel: 0 }],
      ['an unknown flag', { name: 'R', codes: [], flags: 'y', immunityLevel: 0 }],
      ['immunity 101', { name: 'R', codes: [], flags: '', immunityLevel: 101 }],
      ['a fractional immunity', { name: 'R', codes: [], flags: '', immunityLevel: 1.5 }],
      ['an empty pattern', { name: 'R', codes: [''], flags: '', immunityLevel: 0 }],
      ['a pattern of 201 characters', { name: 'R', codes: ['a'.repeat(201)], flags: '', immunityLevel: 0 }],
      [
        '101 patterns',
        { name: 'R', codes: Array.from({ length: 101 }, (_, i) => `c${i}`), flags: '', immunityLevel: 0 },
      ],
      ['codes as a string', { name: 'R', codes: 'bans.*', flags: '', immunityLevel: 0 }],
      ['an extra field', { name: 'R', codes: [], flags: '', immunityLevel: 0, owner: true }],
    ])('refuses a role with %s (400, nothing stored)', async (_name, payload) => {
      const before = await countRows('roles');
      const response = await createRole(owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(await countRows('roles')).toBe(before);
    });

    it('answers 404 for unknown roles and users, and finds users to give roles to', async () => {
      expect(
        (await call(owner, { method: 'PATCH', url: '/api/panel/roles/none', payload: { name: 'a' } })).statusCode,
      ).toBe(404);
      const role = (await createRole(owner, { name: 'Lookup', codes: [], flags: '', immunityLevel: 0 })).json();
      const before = await countRows('user_roles');
      const unknownUser = await call(owner, {
        method: 'POST',
        url: `/api/panel/roles/${role.id}/holders`,
        payload: { userId: 'nobody-here' },
      });
      expect(unknownUser.statusCode).toBe(404);
      expect(await countRows('user_roles')).toBe(before);
      const found = await call(owner, { method: 'GET', url: '/api/panel/users?q=plain' });
      expect(found.json().users.map((user: { name: string }) => user.name)).toEqual(['Plain Player']);
      const wildcard = await call(owner, { method: 'GET', url: '/api/panel/users?q=%25' });
      expect(wildcard.json().users).toEqual([]);
    });
  });
});
