import { CONTRACT_VERSION } from '@outpost/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../test-support/fake-api';
import { REGISTRY_ELEMENT_ID, requestRegistryEarly } from './early-registry';
import { useRemotesStore } from './remotes-store';

const table = (id: string) => ({ id, contractVersion: CONTRACT_VERSION, routes: [{ path: `/${id}`, title: id }] });

afterEach(() => {
  vi.unstubAllGlobals();
  useRemotesStore.setState({ registry: 'loading', registryError: null, order: [], remotes: {} });
});

describe('the remotes store reads route tables, not remote code', () => {
  it('takes inlined tables from the one /remotes.json request and fetches a missing one beside its entry', async () => {
    const api = installFakeApi({
      'GET /remotes.json': {
        body: [
          { name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') },
          { name: 'panel', entry: '/cdn/panel/mf-manifest.json' },
        ],
      },
      'GET /cdn/panel/route-table.json': { body: table('panel') },
    });
    await useRemotesStore.getState().start();
    const { remotes, order } = useRemotesStore.getState();
    expect(order).toEqual(['docs', 'panel']);
    expect(remotes.docs).toMatchObject({ status: 'ready', table: table('docs') });
    expect(remotes.panel).toMatchObject({ status: 'ready', table: table('panel') });
    expect(api.calls.map((call) => call.path)).toEqual(['/remotes.json', '/cdn/panel/route-table.json']);
  });

  it('drops only the remote whose table is invalid or unreachable, with the reason', async () => {
    installFakeApi({
      'GET /remotes.json': {
        body: [
          { name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') },
          { name: 'panel', entry: '/remotes/panel/mf-manifest.json', routeTable: { id: 'panel', routes: [] } },
          { name: 'ghost', entry: '/remotes/ghost/mf-manifest.json' },
        ],
      },
    });
    await useRemotesStore.getState().start();
    const { remotes } = useRemotesStore.getState();
    expect(remotes.docs?.status).toBe('ready');
    expect(remotes.panel).toMatchObject({ status: 'failed', table: null });
    expect(remotes.panel?.error).toMatch(/^invalid route table at contractVersion/);
    expect(remotes.ghost).toMatchObject({ status: 'failed', error: 'Remote ghost: 404 Not Found' });
  });

  it('Retry reads the registry again and takes a fixed table', async () => {
    let fixed = false;
    installFakeApi({
      'GET /remotes.json': () => ({
        body: [{ name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: fixed ? table('docs') : {} }],
      }),
    });
    await useRemotesStore.getState().start();
    expect(useRemotesStore.getState().remotes.docs?.status).toBe('failed');
    fixed = true;
    await useRemotesStore.getState().retry('docs');
    expect(useRemotesStore.getState().remotes.docs?.status).toBe('ready');
  });

  it('uses the request index.ts started before the shell code loaded, once', async () => {
    const api = installFakeApi({
      'GET /remotes.json': {
        body: [{ name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') }],
      },
    });
    requestRegistryEarly();
    await useRemotesStore.getState().start();
    expect(useRemotesStore.getState().remotes.docs?.status).toBe('ready');
    expect(api.calls.map((call) => call.path)).toEqual(['/remotes.json']);
    // A Retry reads the registry anew.
    await useRemotesStore.getState().retry('docs');
    expect(api.calls.map((call) => call.path)).toEqual(['/remotes.json', '/remotes.json']);
  });

  it('reads the registry the server inlined in the page, once, and checks it like a fetched one', async () => {
    const api = installFakeApi({
      'GET /remotes.json': {
        body: [{ name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') }],
      },
    });
    const inlined = document.createElement('script');
    inlined.type = 'application/json';
    inlined.id = REGISTRY_ELEMENT_ID;
    inlined.textContent = JSON.stringify([
      { name: 'docs', entry: '/remotes/docs/mf-manifest.json', routeTable: table('docs') },
      { name: 'bad', entry: '/remotes/bad/mf-manifest.json', routeTable: { id: 'bad' } },
    ]);
    document.head.append(inlined);
    requestRegistryEarly();
    await useRemotesStore.getState().start();
    expect(useRemotesStore.getState().remotes.docs?.status).toBe('ready');
    // An invalid table in the inlined registry drops that remote alone, with its reason.
    expect(useRemotesStore.getState().remotes.bad?.status).toBe('failed');
    expect(useRemotesStore.getState().remotes.bad?.error).toBeTruthy();
    expect(api.calls).toEqual([]);
    expect(document.getElementById(REGISTRY_ELEMENT_ID)).toBeNull();
    // A Retry reads the registry anew, from the server.
    await useRemotesStore.getState().retry('docs');
    expect(api.calls.map((call) => call.path)).toEqual(['/remotes.json']);
  });
});
