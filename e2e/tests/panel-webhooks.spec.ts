import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { seriousViolations } from '../support/a11y';
import { fakeDiscordWebhooksFile, signInBrowser } from '../support/e2e-session';

// Issue 15: Discord webhooks. The e2e server sends Discord webhook URLs to a fake Discord on
// loopback (DISCORD_WEBHOOK_URL); this spec reads what it received and scripts its 429s.

interface FakeState {
  messages: { webhookId: string; wait: boolean; body: { embeds?: { title?: string; url?: string }[] }; at: number }[];
  requests: { webhookId: string; at: number; status: number | 'hung' }[];
}
const fakeUrl = () => (JSON.parse(fs.readFileSync(fakeDiscordWebhooksFile, 'utf8')) as { url: string }).url;
const fakeState = async (): Promise<FakeState> =>
  (await fetch(`${fakeUrl()}/_fake/messages`)).json() as Promise<FakeState>;
const requestsTo = async (webhookId: string) =>
  (await fakeState()).requests.filter((request) => request.webhookId === webhookId);

/** A Discord-shaped webhook URL no other test uses. */
function newWebhook() {
  const id = `12${Date.now()}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`.slice(0, 19);
  const token = randomBytes(51).toString('base64url');
  return { id, token, url: `https://discord.com/api/webhooks/${id}/${token}` };
}

async function addWebhook(page: Page, name: string, url: string) {
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Webhook URL').fill(url);
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog).toHaveCount(0);
  return page.getByTestId(`webhook-${name}`);
}

test('a webhook test message reaches Discord, and a 429 with retry-after is waited out before it is delivered', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInBrowser(context, { name: 'Webhook Admin', codes: ['panel.view', 'webhooks.manage'] });
  await page.goto('/panel/webhooks');
  // The shell's hero is the page's one title; the page adds no heading repeating it.
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Discord webhooks' })).toHaveCount(0);

  // A URL that is not Discord's is refused beside the field, and nothing is added.
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await dialog.getByLabel('Name').fill('Impostor');
  await dialog.getByLabel('Webhook URL').fill('https://discord.com.evil.example/api/webhooks/1/2');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Must be a Discord webhook URL');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('webhook-Impostor')).toHaveCount(0);

  const hook = newWebhook();
  const name = `Staff log ${hook.id.slice(-6)}`;
  const card = await addWebhook(page, name, hook.url);
  await expect(card).toContainText(`discord.com/api/webhooks/${hook.id}/…`);
  // The token never comes back to the browser.
  expect(await page.content()).not.toContain(hook.token);

  await card.getByRole('button', { name: `Send test to ${name}` }).click();
  await expect(card.getByTestId('last-delivery')).toContainText('Test message — delivered first try');
  const first = (await fakeState()).messages.filter((message) => message.webhookId === hook.id);
  expect(first).toHaveLength(1);
  expect(first[0]?.wait).toBe(true);
  expect(first[0]?.body.embeds?.[0]).toMatchObject({
    title: 'Test message from Outpost',
    url: `${baseURL}/panel/webhooks`,
  });

  // Discord rate limits the next one: retry_after 2.5 s (Retry-After: 3). The panel shows it
  // delivered on the second try, and the fake saw the retry no sooner than asked.
  const scripted = await fetch(`${fakeUrl()}/_fake/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhookId: hook.id, answers: [{ kind: 'rate-limit', retryAfter: 2.5 }] }),
  });
  expect(scripted.ok).toBe(true);
  await card.getByRole('button', { name: `Send test to ${name}` }).click();
  await expect(card.getByTestId('last-delivery')).toContainText('Test message — delivered after 2 tries', {
    timeout: 20_000,
  });
  const requests = await requestsTo(hook.id);
  expect(requests.map((request) => request.status)).toEqual([200, 429, 200]);
  const [, limited, retried] = requests;
  expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(3000);

  // The history lists both, the rate-limited one with its two tries.
  await card.getByRole('button', { name: 'Deliveries' }).click();
  const history = card.getByRole('table', { name: `Deliveries of ${name}` });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('after 2 tries');
  expect(await seriousViolations(page)).toEqual([]);
});
