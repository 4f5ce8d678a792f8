import { type HostApi, provideHost } from '@outpost/host';
import { createFakeApi, type FakeRoutes } from '@outpost/host/testing';
import { type Mock, vi } from 'vitest';
import { createHostApi } from '../host/create-host-api';

/**
 * Stands in for the API over the browser's fetch in the shell's component tests (the shell
 * calls fetch itself for the profile and meta): the one fake API of @outpost/host/testing.
 */
export function installFakeApi(routes: FakeRoutes) {
  const api = createFakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Provides the shell's real host API (toasts, Sentry) with a navigate the test can watch. */
export function provideTestHost(): { navigate: Mock<HostApi['navigate']> } {
  const navigate = vi.fn<HostApi['navigate']>();
  provideHost(createHostApi(navigate));
  return { navigate };
}

export const signedInData = {
  user: { id: 'user-1', name: 'Zoey', steamid: '76561198000000001', avatarhash: null },
  permissions: { codes: ['servers.view'], flags: '', immunityLevel: 0, base: null },
  impersonatingId: null,
};
