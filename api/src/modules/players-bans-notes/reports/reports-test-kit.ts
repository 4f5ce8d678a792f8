import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { COMMUNITY_EVENT_KINDS, type CommunityEvent } from '../../../lib/community-events';
import { eventBus } from '../../../lib/event-bus';
import { rowCount } from '../../../test-support/app-queries';
import { FakePlugin } from '../../../test-support/fakes/fake-plugin';
import { json, seedServer } from '../../../test-support/players-bans-notes-fixtures';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../../test-support/test-app';
import type { TestDatabase } from '../../../test-support/test-databases';

// The shared setup of the player report tests (reports-filing.test.ts, reports-queue.test.ts):
// the real app listening on loopback with one server, a reporter, a moderator, a game plugin
// with its token, and the community events seen; every test starts with no reports.

export const TARGET = '76561197962734863'; // STEAM_1:1:1234567
export const OTHER_TARGET = '76561197960287930'; // STEAM_1:0:11101
export const REPORTER_STEAM = '76561197960265731'; // STEAM_1:1:1
export const GAME_REPORTER = '76561197960265733'; // STEAM_1:1:2

export interface ReportsTestKit {
  /** Set in beforeAll. */
  t: TestApp;
  reporter: SignedIn;
  staff: SignedIn;
  plugin: FakePlugin;
  events: CommunityEvent[];
  inject: (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    who?: SignedIn,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  counts: () => Promise<{ reports: number; groups: number; bans: number; notes: number }>;
  clearReports: () => Promise<void>;
  notificationsOf: (who: SignedIn) => Promise<Array<{ message: string; level: number }>>;
}

/** Registers the hooks of one `describe` and returns the kit its tests read (fields filled in beforeAll). */
export function reportsTestKit(kind: TestDatabase): ReportsTestKit {
  const kit = { events: [] as CommunityEvent[] } as ReportsTestKit;
  kit.inject = (method, url, who, payload) =>
    kit.t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
  kit.counts = async () => {
    const n = (table: 'player_reports' | 'player_report_groups' | 'bans' | 'notes') => rowCount(kit.t, table);
    return {
      reports: await n('player_reports'),
      groups: await n('player_report_groups'),
      bans: await n('bans'),
      notes: await n('notes'),
    };
  };
  kit.clearReports = async () => {
    await kit.t.database.db.deleteFrom('player_reports').execute();
    await kit.t.database.db.deleteFrom('player_report_groups').execute();
  };
  kit.notificationsOf = async (who) =>
    json(await kit.inject('GET', '/api/auth/profile', who)).notifications as Array<{ message: string; level: number }>;

  beforeAll(async () => {
    kit.t = await startTestApp(kind);
    const t = kit.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await seedServer(t, 's1', 'Versus #1');
    kit.reporter = await signInAs(t, { name: 'Reporter', steamid: REPORTER_STEAM });
    kit.staff = await signInAs(t, {
      name: 'Moderator',
      codes: ['reports.manage', 'bans.*', 'notes.create', 'notes.view-private', 'servers.tokens'],
      immunity: 50,
    });
    const created = await kit.inject('POST', '/api/game-tokens/s1', kit.staff);
    expect(created.statusCode).toBe(201);
    kit.plugin = new FakePlugin(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      json(created).token,
    );
    eventBus(t.database.db).observe(COMMUNITY_EVENT_KINDS, (event) => kit.events.push(event as CommunityEvent));
  });
  afterAll(async () => kit.t?.close());
  beforeEach(async () => {
    await kit.clearReports();
    kit.events.length = 0;
  });
  return kit;
}
