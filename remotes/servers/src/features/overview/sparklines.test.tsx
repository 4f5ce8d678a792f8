import { createTestHost, jsonResponse as json } from '@outpost/host/testing';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGroup, makeServer } from '../../test-support/fixtures';
import { Overview } from './overview';
import { sparkOf } from './sparklines';
import '../../test-support/catalogs';

// Issue 28 item 2: a sparkline per server on the overview, fetched after the table is drawn.

afterEach(cleanup);

const hours = (values: (number | null)[]) => [...Array.from({ length: 24 - values.length }, () => null), ...values];

describe('overview sparklines', () => {
  it('asks for them only after the table is drawn and draws one per server with three counted hours', async () => {
    const order: string[] = [];
    createTestHost((request) => {
      const path = new URL(request.url).pathname;
      order.push(path);
      if (path === '/api/servers/sparklines')
        return json({ from: 0, hourSeconds: 3600, servers: { 'coop-1': hours([2, 4, null, 3]), other: hours([1]) } });
      if (path === '/api/servers') return json([makeGroup({ servers: [makeServer()] })]);
      return undefined;
    });
    render(
      <MemoryRouter>
        <Overview />
      </MemoryRouter>,
    );
    const row = await screen.findByRole('row', { name: /Coop #1/ });
    const spark = await waitFor(() =>
      within(row).getByRole('img', { name: 'Players over the last 24 hours: 4 at the busiest hour, 3 in the last' }),
    );
    expect(spark.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(order.indexOf('/api/servers')).toBeLessThan(order.indexOf('/api/servers/sparklines'));
  });

  it('draws nothing for fewer than three counted hours', () => {
    expect(sparkOf(hours([5, null, 6]))).toBeNull();
    expect(sparkOf(hours([0, 0, 0]))?.points).toBe('43.8,11.0 45.9,11.0 48.0,11.0');
  });
});
