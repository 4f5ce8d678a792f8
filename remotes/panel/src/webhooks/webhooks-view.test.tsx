import type { Webhook, WebhookDelivery, WebhooksList } from '@outpost/contracts';
import { createTestHost, signInForTest } from '@outpost/host/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test-support/catalogs';
import { WebhooksView } from './webhooks-view';

afterEach(cleanup);

const delivery = (changes: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  kind: 'test',
  title: 'Test message from Outpost',
  state: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastStatus: 200,
  lastError: null,
  createdAt: 1_700_000_000,
  finishedAt: 1_700_000_001,
  ...changes,
});
const webhook = (changes: Partial<Webhook>): Webhook => ({
  id: 'w1',
  name: '#staff-log',
  maskedUrl: 'discord.com/api/webhooks/223456789012345678/…',
  enabled: true,
  kinds: ['ban.created', 'announcement'],
  disabledReason: null,
  pending: 0,
  failed: 0,
  lastDelivery: null,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  ...changes,
});
const list = (webhooks: Webhook[], allowAnyHttps = false): WebhooksList => ({ webhooks, allowAnyHttps });

describe('the Webhooks page', () => {
  it('shows each webhook masked, with its events, figures and last delivery in words', async () => {
    createTestHost({
      'GET /api/panel/webhooks': {
        body: list([
          webhook({ lastDelivery: delivery({ attempts: 2 }) }),
          webhook({
            id: 'w2',
            name: '#gone',
            enabled: false,
            failed: 1,
            disabledReason: 'Disabled: The webhook no longer exists (404: Unknown Webhook).',
            lastDelivery: delivery({
              state: 'failed',
              lastStatus: 404,
              lastError: 'The webhook no longer exists (404: Unknown Webhook)',
            }),
          }),
          webhook({
            id: 'w3',
            name: '#news',
            pending: 1,
            lastDelivery: delivery({
              kind: 'announcement',
              state: 'pending',
              attempts: 1,
              lastStatus: 429,
              lastError: 'Rate limited (429): retry after 3.0 s',
              nextAttemptAt: Date.now() + 3000,
            }),
          }),
        ]),
      },
    });
    signInForTest(['webhooks.manage']);
    render(<WebhooksView />);
    const staff = await screen.findByRole('article', { name: '#staff-log enabled' });
    expect(within(staff).getByText('discord.com/api/webhooks/223456789012345678/…')).toBeTruthy();
    expect(within(staff).getByText('Ban created')).toBeTruthy();
    expect(within(staff).getByTestId('last-delivery').textContent).toContain('Test message — delivered after 2 tries');
    const gone = screen.getByRole('article', { name: '#gone switched off' });
    expect(within(gone).getByRole('alert').textContent).toContain('no longer exists');
    const news = screen.getByRole('article', { name: '#news enabled' });
    expect(within(news).getByTestId('last-delivery').textContent).toMatch(
      /Announcement — waiting to retry Rate limited \(429\): retry after 3\.0 s · try 2 in [1-3] s/,
    );
    // Only a holder of panel.settings sees the site setting.
    expect(screen.queryByLabelText(/Allow any public https URL/)).toBeNull();
  });

  it('draws with the kit under the page hero: no heading of its own, a toolbar with its actions, a kit card per webhook', async () => {
    createTestHost({ 'GET /api/panel/webhooks': { body: list([webhook({})]) } });
    signInForTest(['webhooks.manage']);
    const { container } = render(<WebhooksView />);
    const card = await screen.findByRole('article', { name: /enabled/ });
    // The shell's hero is the page's title ("Webhooks"): no second heading repeats it.
    expect(screen.queryByRole('heading', { name: /webhooks/i })).toBeNull();
    expect(container.querySelector('.page-header')).toBeNull();
    expect(container.querySelector('.toolbar .toolbar-actions')?.textContent).toContain('Add webhook');
    expect(card.classList.contains('kit-card')).toBe(true);
    // The cards are the page's sections: the first heading under the hero is an h2.
    expect(within(card).getByRole('heading', { level: 2 })).toBeTruthy();
  });

  it('adds a webhook, and shows the API’s refusal of its URL beside the field', async () => {
    const host = createTestHost({
      'GET /api/panel/webhooks': { body: list([]) },
      'POST /api/panel/webhooks': (request) =>
        (request.body as { url: string }).url.includes('evil')
          ? { status: 400, body: { error: 'INVALID_WEBHOOK_URL', message: 'Must be a Discord webhook URL' } }
          : { status: 201, body: webhook({}) },
    });
    signInForTest(['webhooks.manage', 'panel.settings']);
    render(<WebhooksView />);
    expect(await screen.findByLabelText(/Allow any public https URL/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '#staff-log' } });
    fireEvent.change(within(dialog).getByLabelText('Webhook URL'), { target: { value: 'https://evil.example/x' } });
    fireEvent.click(within(dialog).getByLabelText('Report filed'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Must be a Discord webhook URL');
    const url = 'https://discord.com/api/webhooks/223456789012345678/abcdefghijklmnopqrstuvwxyz';
    fireEvent.change(within(dialog).getByLabelText('Webhook URL'), { target: { value: url } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = host.calls.filter((call) => call.method === 'POST').at(-1)?.body as { kinds: string[]; url: string };
    expect(posted.url).toBe(url);
    expect(posted.kinds).not.toContain('report.filed');
    expect(posted.kinds).toContain('ban.created');
    expect(host.notifications.at(-1)?.message).toBe('Webhook "#staff-log" added');
  });

  it('Send test queues a message and the page follows it until it is delivered', async () => {
    let sent = false;
    let reads = 0;
    createTestHost({
      'GET /api/panel/webhooks': () => {
        reads += 1;
        if (!sent) return { body: list([webhook({})]) };
        const done = reads > 3;
        return {
          body: list([
            webhook({
              pending: done ? 0 : 1,
              lastDelivery: done
                ? delivery({})
                : delivery({ state: 'pending', attempts: 0, lastStatus: null, finishedAt: null }),
            }),
          ]),
        };
      },
      'POST /api/panel/webhooks/w1/test': () => {
        sent = true;
        return { status: 202, body: delivery({ state: 'pending', attempts: 0, lastStatus: null, finishedAt: null }) };
      },
    });
    signInForTest(['webhooks.manage']);
    render(<WebhooksView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test to #staff-log' }));
    const last = () => screen.getByTestId('last-delivery').textContent;
    await waitFor(() => expect(last()).toContain('queued'));
    await waitFor(() => expect(last()).toContain('Test message — delivered first try'), { timeout: 5000 });
  });

  it('lists a webhook’s deliveries and sends a failed one again', async () => {
    const failed = delivery({
      id: 'd9',
      kind: 'ban.created',
      title: 'Ban: Cheater',
      state: 'failed',
      lastStatus: 502,
      lastError: 'Gave up after 8 attempts. Last: The webhook answered 502',
    });
    const host = createTestHost({
      'GET /api/panel/webhooks': { body: list([webhook({ failed: 1, lastDelivery: failed })]) },
      'GET /api/panel/webhooks/w1/deliveries': { body: { deliveries: [failed, delivery({})] } },
      'POST /api/panel/webhooks/w1/deliveries/d9/retry': {
        status: 202,
        body: { ...failed, state: 'pending', attempts: 0 },
      },
    });
    signInForTest(['webhooks.manage']);
    render(<WebhooksView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries of #staff-log' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.textContent).toContain('Gave up after 8 attempts');
    fireEvent.click(within(table).getByRole('button', { name: 'Send again: Ban: Cheater' }));
    await waitFor(() =>
      expect(host.calls.some((call) => call.method === 'POST' && call.path.endsWith('/d9/retry'))).toBe(true),
    );
  });
});
