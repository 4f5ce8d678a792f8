import { type MetaResponse, metaResponseSchema } from '@outpost/contracts';
import { useMetaStore } from '@outpost/host';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Links } from './links';
import '../../test-support/catalogs';

const meta = (links: MetaResponse['links']): MetaResponse =>
  metaResponseSchema.parse({
    settings: { notice: { enabled: false, text: '', class: '' }, domain: 'outpost.test' },
    steamAvailable: true,
    siteName: 'Outpost',
    loginProviders: { steam: { openidUrl: 'x', realm: 'x', callbackUrl: 'x' }, discord: { enabled: false } },
    sentry: null,
    links,
  });

afterEach(cleanup);

it('lists only the links the site has set', () => {
  useMetaStore.setState({ meta: meta(['steam-group', 'discord']) });
  render(<Links />);
  expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Steam Group', '/api/links/steam-group'],
    ['Discord', '/api/admins/discord'],
  ]);
});

it('says so when no link is set', () => {
  useMetaStore.setState({ meta: meta([]) });
  render(<Links />);
  expect(screen.queryAllByRole('link')).toEqual([]);
  expect(screen.getByText('This community has not set up any links yet.')).toBeTruthy();
});
