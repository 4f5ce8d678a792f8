import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getJson, type Loaded, sendJson, takePrefetchedJson, UNEXPECTED_ANSWER, useLoad } from './load';
import { createTestHost } from './testing';

afterEach(cleanup);

const itemSchema = z.object({ id: z.string(), name: z.string() });

function Show({ state }: { state: Loaded<{ name: string }> }) {
  if (state.status === 'loading') return <p>loading</p>;
  if (state.status === 'failed') return <p role="alert">{`${state.failure.code ?? '-'}: ${state.failure.message}`}</p>;
  return <p>{state.data.name}</p>;
}

function Item({ path }: { path: string | null }) {
  const { state, reload } = useLoad(path, itemSchema);
  return (
    <>
      <Show state={state} />
      <button type="button" onClick={reload}>
        reload
      </button>
    </>
  );
}

function Switcher() {
  const [path, setPath] = useState('/api/items/slow');
  return (
    <>
      <Item path={path} />
      <button type="button" onClick={() => setPath('/api/items/fast')}>
        switch
      </button>
    </>
  );
}

describe('getJson / sendJson', () => {
  it('checks the answer with the schema', async () => {
    const { host } = createTestHost({
      'GET /api/items/:id': (request) => ({ body: { id: request.params.id, name: 'A' } }),
    });
    expect(await getJson(host, '/api/items/1', itemSchema)).toEqual({ status: 'ready', data: { id: '1', name: 'A' } });
    const other = createTestHost({ 'GET /api/items/1': { body: { id: 1 } } });
    const wrong = await getJson(other.host, '/api/items/1', itemSchema);
    expect(wrong).toMatchObject({ status: 'failed', failure: { message: UNEXPECTED_ANSWER } });
  });

  it('fails quietly with the parsed failure (the page shows it)', async () => {
    const testHost = createTestHost({
      'GET /api/items/1': { status: 403, body: { error: 'FORBIDDEN', message: 'No' } },
    });
    const result = await getJson(testHost.host, '/api/items/1', itemSchema);
    expect(result).toMatchObject({ status: 'failed', failure: { code: 'FORBIDDEN', message: 'No', status: 403 } });
    expect(testHost.notifications).toEqual([]);
  });

  it('sends JSON, notifies a failure through the helper, and returns it', async () => {
    const testHost = createTestHost({
      'POST /api/items': (request) => ({ status: 201, body: { id: '2', ...(request.body as object) } }),
      'DELETE /api/items/:id': { status: 409, body: { error: 'IN_USE', message: 'Still in use' } },
    });
    expect(await sendJson(testHost.host, 'POST', '/api/items', { name: 'B' }, itemSchema)).toEqual({
      ok: true,
      data: { id: '2', name: 'B' },
    });
    expect(testHost.calls[0]?.headers.get('content-type')).toBe('application/json');
    const refused = await sendJson(testHost.host, 'DELETE', '/api/items/2');
    expect(refused).toMatchObject({ ok: false, failure: { code: 'IN_USE' } });
    expect(testHost.notifications).toEqual([{ level: 'error', title: 'IN_USE', message: 'Still in use' }]);
  });
});

describe('useLoad', () => {
  it('shows loading, then the data; a failure by its code; reload keeps the data while loading', async () => {
    let name = 'First';
    createTestHost({ 'GET /api/items/1': () => ({ body: { id: '1', name } }) });
    render(<Item path="/api/items/1" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('First')).toBeTruthy();
    name = 'Second';
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    expect(screen.queryByText('loading')).toBeNull();
    expect(await screen.findByText('Second')).toBeTruthy();
  });

  it('shows the failure code and message', async () => {
    createTestHost({ 'GET /api/items/1': { status: 404, body: { error: 'NOT_FOUND', message: 'No such item' } } });
    render(<Item path="/api/items/1" />);
    expect((await screen.findByRole('alert')).textContent).toBe('NOT_FOUND: No such item');
  });

  it('aborts the older request when the path changes, so a late answer never wins', async () => {
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const testHost = createTestHost({
      'GET /api/items/slow': async () => {
        await slow;
        return { body: { id: 'slow', name: 'Slow' } };
      },
      'GET /api/items/fast': { body: { id: 'fast', name: 'Fast' } },
    });
    render(<Switcher />);
    act(() => screen.getByRole('button', { name: 'switch' }).click());
    expect(await screen.findByText('Fast')).toBeTruthy();
    releaseSlow();
    await waitFor(() => expect(testHost.calls).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Slow')).toBeNull();
  });

  it('loads nothing while the path is null', async () => {
    const testHost = createTestHost({});
    render(<Item path={null} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(testHost.calls).toEqual([]);
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('draws the answer the shell prefetched for its path in the first render, without asking again; reload asks', async () => {
    const testHost = createTestHost(
      { 'GET /api/items/1': { body: { id: '1', name: 'Zoey again' } } },
      { prefetched: { '/api/items/1': { id: '1', name: 'Zoey' } } },
    );
    render(<Item path="/api/items/1" />);
    expect(screen.getByText('Zoey')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(testHost.calls).toEqual([]);
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    expect(await screen.findByText('Zoey again')).toBeTruthy();
    expect(testHost.paths()).toEqual(['GET /api/items/1']);
  });

  it('asks as usual where the prefetched answer is for another path or breaks the contract', async () => {
    const testHost = createTestHost(
      { 'GET /api/items/:id': (request) => ({ body: { id: '1', name: `Fetched ${request.path}` } }) },
      { prefetched: { '/api/items/2': { id: '2', name: 'Other' }, '/api/items/3': { id: 3 } } },
    );
    render(<Item path="/api/items/1" />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText(/^Fetched/)).toBeTruthy();
    cleanup();
    render(<Item path="/api/items/3" />);
    expect(await screen.findByText(/^Fetched/)).toBeTruthy();
    expect(testHost.paths()).toEqual(['GET /api/items/1', 'GET /api/items/3']);
  });
});

describe('takePrefetchedJson', () => {
  it('gives the checked body the shell prefetched, once', () => {
    const { host } = createTestHost({}, { prefetched: { '/api/item': { id: '1', name: 'Zoey' } } });
    expect(takePrefetchedJson(host, '/api/item', itemSchema)).toEqual({ id: '1', name: 'Zoey' });
    expect(takePrefetchedJson(host, '/api/item', itemSchema)).toBeNull();
  });

  it('is null for a body that breaks the contract, one never fetched, or a shell without prefetching', () => {
    const { host } = createTestHost({}, { prefetched: { '/api/item': { id: 1 } } });
    expect(takePrefetchedJson(host, '/api/item', itemSchema)).toBeNull();
    expect(takePrefetchedJson(host, '/api/other', itemSchema)).toBeNull();
    const { takePrefetched: _, ...olderShell } = host;
    expect(takePrefetchedJson(olderShell, '/api/item', itemSchema)).toBeNull();
  });
});
