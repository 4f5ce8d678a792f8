import type { AddressInfo } from 'node:net';
import { steamIdForms } from '@outpost/contracts';
import { expect } from 'vitest';
import { FakePlugin } from './fakes/fake-plugin';
import { json, seedServer } from './players-bans-notes-fixtures';
import type { SignedIn, TestApp } from './test-app';

// The game-server API's test setup, shared by the authority and unban-trust tests: two servers
// reached over real HTTP by fake plugins, admin identities, and resetting the player's bans.

/** Every way a plugin may spell one SteamID. */
export function spellings(steamid64: string): Record<string, string> {
  const forms = steamIdForms(steamid64);
  return {
    steamid64,
    steam1: forms.steam2.replace(/^STEAM_0:/, 'STEAM_1:'),
    steam0: forms.steam2.replace(/^STEAM_1:/, 'STEAM_0:'),
    steam3: forms.steam3,
    padded: `  ${steamid64} `,
    profileUrl: forms.profileUrl,
  };
}

/**
 * Serves the game-server API over real HTTP: listens on a free local port, seeds the servers s1 and s2 ('Versus #1',
 * 'Versus #2'), lists a bare Steam admin identity (no account: Guest, flags bcde, immunity 1), and answers a fake
 * plugin for s1 and one for s2, each with a token the owner (servers.tokens) makes for it.
 */
export async function serveTwoServers(
  t: TestApp,
  owner: SignedIn,
  guestIdentity: string,
): Promise<[FakePlugin, FakePlugin]> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await seedServer(t, 's1', 'Versus #1');
  await seedServer(t, 's2', 'Versus #2');
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const identities = await t.app.inject({
    method: 'PUT',
    url: '/api/game-admin-identities',
    headers: owner.headers,
    payload: {
      admins: [{ authType: 'steam', identity: guestIdentity, name: 'Guest', flags: 'bcde', immunity: 1, roleIds: [] }],
    },
  });
  expect(identities.statusCode).toBe(200);
  const plugin = async (serverId: string) => {
    const made = await t.app.inject({ method: 'POST', url: `/api/game-tokens/${serverId}`, headers: owner.headers });
    return new FakePlugin(baseUrl, json(made).token);
  };
  return [await plugin('s1'), await plugin('s2')];
}

/** Lifts every active restriction, so each case starts clean. */
export async function liftAllBans(t: TestApp): Promise<void> {
  await t.database.db
    .updateTable('bans')
    .set({ unbanned_at: 1, unban_reason: 'test reset' })
    .where('unbanned_at', 'is', null)
    .execute();
}

/** A ban's status as GET /api/bans/:id answers it. */
export async function banStatus(t: TestApp, id: number): Promise<string> {
  return json(await t.app.inject({ method: 'GET', url: `/api/bans/${id}` })).status;
}
