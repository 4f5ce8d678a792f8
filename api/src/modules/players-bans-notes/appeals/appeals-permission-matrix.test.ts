import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import { testDatabases } from '../../../test-support/test-databases';

// Issue 15: ban appeals. Signed out 401; a stranger (neither the banned player nor
// appeals staff) 403; the allowed party gets the success status. A fresh banned player per
// case keeps the per-player appeal limit out of the way.
describe.each(testDatabases())('ban appeals permission matrix on $name', (kind) => {
  let t: TestApp;
  let nobody: SignedIn;

  beforeAll(async () => {
    t = await startTestApp(kind);
    nobody = await signInAs(t, { codes: ['panel.view'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  let playerSeq = 0;
  type Party = 'owner' | 'staff' | 'decider';
  interface AppealCase {
    method: 'GET' | 'POST' | 'PUT';
    url: (id: number, banId: number) => string;
    /** Who may: the banned player (owner), appeals.manage (staff), or appeals.manage + bans.unban. */
    allowed: Party;
    /** Parties refused with 403 besides a signed-in stranger. */
    alsoRefused: Party[];
    ok: number;
    payload?: (banId: number) => object;
    /** The appeal is opened before the call (else only the ban exists). */
    opened: boolean;
  }
  const appealCases: AppealCase[] = [
    { method: 'GET', url: () => '/api/appeals/mine', allowed: 'owner', alsoRefused: [], ok: 200, opened: true },
    {
      method: 'POST',
      url: () => '/api/appeals',
      allowed: 'owner',
      alsoRefused: ['staff'],
      ok: 201,
      opened: false,
      payload: (banId) => ({ banId, statement: 'please' }),
    },
    { method: 'GET', url: () => '/api/appeals', allowed: 'staff', alsoRefused: ['owner'], ok: 200, opened: true },
    {
      method: 'GET',
      url: () => '/api/appeals/assignees',
      allowed: 'staff',
      alsoRefused: ['owner'],
      ok: 200,
      opened: true,
    },
    { method: 'GET', url: (id) => `/api/appeals/${id}`, allowed: 'owner', alsoRefused: [], ok: 200, opened: true },
    { method: 'GET', url: (id) => `/api/appeals/${id}`, allowed: 'staff', alsoRefused: [], ok: 200, opened: true },
    {
      method: 'POST',
      url: (id) => `/api/appeals/${id}/messages`,
      allowed: 'owner',
      alsoRefused: [],
      ok: 201,
      opened: true,
      payload: () => ({ body: 'hi' }),
    },
    {
      method: 'POST',
      url: (id) => `/api/appeals/${id}/messages`,
      allowed: 'staff',
      alsoRefused: [],
      ok: 201,
      opened: true,
      payload: () => ({ body: 'internal', internal: true }),
    },
    {
      method: 'POST',
      url: (id) => `/api/appeals/${id}/close`,
      allowed: 'owner',
      alsoRefused: ['staff'],
      ok: 200,
      opened: true,
    },
    {
      method: 'PUT',
      url: (id) => `/api/appeals/${id}/assignee`,
      allowed: 'staff',
      alsoRefused: ['owner'],
      ok: 200,
      opened: true,
      payload: () => ({ assigneeId: null }),
    },
    {
      method: 'POST',
      url: (id) => `/api/appeals/${id}/decision`,
      allowed: 'staff',
      alsoRefused: ['owner'],
      ok: 200,
      opened: true,
      payload: () => ({ outcome: 'denied', reason: 'no' }),
    },
    {
      method: 'POST',
      url: (id) => `/api/appeals/${id}/decision`,
      allowed: 'decider',
      alsoRefused: ['owner', 'staff'],
      ok: 200,
      opened: true,
      payload: () => ({ outcome: 'accepted', action: 'lift', reason: 'ok' }),
    },
  ];
  it.each(appealCases)('$method $url by $allowed', async (c) => {
    playerSeq += 1;
    const steamid = String(76561197970000000n + BigInt(playerSeq));
    const owner = await signInAs(t, { name: `Appellant ${playerSeq}`, steamid });
    const maker = await signInAs(t, { codes: ['bans.create'], immunity: 10 });
    const banId = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/bans',
        headers: maker.headers,
        payload: { steamid, reason: 'r', length: 3600 },
      }),
    ).id as number;
    let id = 0;
    if (c.opened) {
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/appeals',
        headers: owner.headers,
        payload: { banId, statement: 'mine' },
      });
      id = json(opened).appeal.id;
    }
    const parties: Record<Party, SignedIn> = {
      owner,
      staff: await signInAs(t, { codes: ['appeals.manage'], immunity: 10 }),
      decider: await signInAs(t, { codes: ['appeals.manage', 'bans.unban'], immunity: 10 }),
    };
    const request = (headers?: Record<string, string>) =>
      t.app.inject({
        method: c.method,
        url: c.url(id, banId),
        headers,
        ...(c.payload ? { payload: c.payload(banId) } : {}),
      });
    const signedOut = await request();
    expect(signedOut.statusCode).toBe(401);
    expect(json(signedOut).error).toBe('UNAUTHORIZED');
    if (c.url(id, banId) !== '/api/appeals/mine') {
      expect((await request(nobody.headers)).statusCode).toBe(403);
    }
    for (const party of c.alsoRefused)
      expect([party, (await request(parties[party].headers)).statusCode]).toEqual([party, 403]);
    const allowed = await request(parties[c.allowed].headers);
    expect(allowed.statusCode, allowed.body).toBe(c.ok);
  });
});
