import type { FederationPublishingView, FederationReceived, FederationSubscription } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-support/catalogs';
import { PublishingCard } from './publishing-card';
import { FederationReviewView } from './review-view';
import { SubscriptionsCard } from './subscriptions-card';

afterEach(cleanup);

const FINGERPRINT = 'aaaa:bbbb:cccc:dddd:eeee:ffff:0000:1111:2222:3333:4444:5555:6666:7777:8888:9999';
const publishing = (changes: Partial<FederationPublishingView> = {}): FederationPublishingView => ({
  enabled: false,
  kinds: ['ban'],
  rules: [],
  fingerprint: FINGERPRINT,
  publicKey: 'x'.repeat(43),
  published: 0,
  ...changes,
});
const subscription = (changes: Partial<FederationSubscription> = {}): FederationSubscription => ({
  id: '0123456789abcdef',
  site: 'https://bans.friends.example',
  name: 'bans.friends.example',
  fingerprint: FINGERPRINT,
  categories: ['cheating'],
  mode: 'review',
  state: 'active',
  problem: null,
  heldSeq: 12,
  lastPolledAt: 1_700_000_000,
  receivedLastDay: 3,
  usualPerDay: 2.5,
  pending: 1,
  applied: 4,
  createdAt: 1_700_000_000,
  ...changes,
});
const received = (changes: Partial<FederationReceived> = {}): FederationReceived => ({
  subscriptionId: '0123456789abcdef',
  site: 'https://bans.friends.example',
  entryId: '42',
  kind: 'ban',
  steamid: '76561197960287930',
  category: 'cheating',
  length: null,
  createdAt: 1_700_000_000,
  expiresAt: null,
  status: 'pending',
  banId: null,
  receivedAt: 1_700_000_100,
  ...changes,
});

describe('the Federation page', () => {
  it('shows the fingerprint and saves what is published, with the rules mapping reasons to categories', async () => {
    const host = createTestHost({
      'GET /api/panel/federation/publishing': { body: publishing() },
      'PUT /api/panel/federation/publishing': (request) => ({
        body: { ...publishing(), ...(request.body as object), published: 2 },
      }),
    });
    signInForTest(['panel.settings']);
    render(<PublishingCard />);
    const shown = (await screen.findByLabelText("This site's key fingerprint")) as HTMLTextAreaElement;
    expect(shown.value).toBe(FINGERPRINT);
    // A box that wraps (a one-line input cut it off on a 360 px phone), and a Copy button beside it.
    expect(shown.tagName).toBe('TEXTAREA');
    expect(shown.readOnly).toBe(true);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(FINGERPRINT);
    fireEvent.click(screen.getByLabelText("Publish a feed of this site's bans"));
    fireEvent.click(screen.getByLabelText('Mutes'));
    fireEvent.click(screen.getByRole('button', { name: 'Add a pattern' }));
    fireEvent.change(screen.getByLabelText('Pattern 1'), { target: { value: '*aimbot*' } });
    fireEvent.change(screen.getByLabelText('Category 1'), { target: { value: 'cheating' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save publishing' }));
    await waitFor(() => expect(host.notifications.at(-1)?.message).toBe('Publishing saved'));
    expect(host.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      enabled: true,
      kinds: ['ban', 'mute'],
      rules: [{ pattern: '*aimbot*', category: 'cheating' }],
    });
  });

  it('shows the API’s refusal of a subscription beside the form (a fingerprint that does not match)', async () => {
    createTestHost({
      'GET /api/panel/federation/subscriptions': { body: { subscriptions: [] } },
      'POST /api/panel/federation/subscriptions': {
        status: 400,
        body: { error: 'FINGERPRINT_MISMATCH', message: 'https://x.example shows the fingerprint 1234:…' },
      },
    });
    signInForTest(['panel.settings']);
    render(<SubscriptionsCard />);
    expect(await screen.findByText('No subscriptions yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to a site' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to a site' });
    fireEvent.change(within(dialog).getByLabelText('Site address'), { target: { value: 'https://x.example' } });
    fireEvent.change(within(dialog).getByLabelText('Key fingerprint'), { target: { value: FINGERPRINT } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('shows the fingerprint');
  });

  it('shows a stopped feed with its reason, and offers to pin the new fingerprint after a key change', async () => {
    const host = createTestHost({
      'GET /api/panel/federation/subscriptions': {
        body: {
          subscriptions: [
            subscription({ state: 'key-changed', problem: 'bans.friends.example now signs with another key' }),
          ],
        },
      },
      'PATCH /api/panel/federation/subscriptions/0123456789abcdef': { body: subscription() },
    });
    signInForTest(['panel.settings']);
    render(<SubscriptionsCard />);
    const item = await screen.findByRole('article', { name: 'bans.friends.example' });
    expect(within(item).getByText('Key changed')).toBeTruthy();
    expect(within(item).getByRole('alert').textContent).toContain('another key');
    expect(within(item).getByText('3 (usually 2.5 a day)')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Pin the new fingerprint…' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New key fingerprint'), { target: { value: FINGERPRINT } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(host.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(host.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ fingerprint: FINGERPRINT });
  });
});

describe('the Federated bans page', () => {
  it('lets staff apply a waiting ban, and shows exceptions only to those who may lift bans', async () => {
    const host = createTestHost({
      'GET /api/federation/review': { body: { entries: [received()] } },
      'POST /api/federation/review/0123456789abcdef/42': { body: received({ status: 'applied', banId: 7 }) },
      'GET /api/federation/exceptions': { body: { exceptions: [] } },
    });
    signInForTest(['bans.create']);
    render(<FederationReviewView />);
    const table = await screen.findByRole('table', { name: 'Federated bans waiting for review' });
    expect(within(table).getByText('76561197960287930')).toBeTruthy();
    expect(within(table).getByText('Permanent')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Exceptions' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Apply here' }));
    await waitFor(() => expect(host.notifications.at(-1)?.message).toBe('Ban applied here'));
    expect(host.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'apply' });
  });

  it('excepts a player, and says why the API refused one', async () => {
    createTestHost({
      'GET /api/federation/exceptions': { body: { exceptions: [] } },
      'POST /api/federation/exceptions': {
        status: 400,
        body: { error: 'BAD_STEAMID', message: 'That is not a Steam id' },
      },
    });
    signInForTest(['bans.unban']);
    render(<FederationReviewView />);
    expect(await screen.findByText('No player is excepted.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Waiting for review' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Steam id or profile URL'), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText('Why'), { target: { value: 'Known to us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Except the player' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is not a Steam id');
  });
});
