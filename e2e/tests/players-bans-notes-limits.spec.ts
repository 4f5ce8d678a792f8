import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInBrowser } from '../support/e2e-session';

// Limits per role (issue 25 item 4) in the real build: the owner sets a role's limits in the
// panel's role editor; a holder's ban form offers only what the role allows, and the API
// refuses a longer ban made around the form.

const DAY = 86400;

test('a role’s ban limits are set in the editor, shape the ban form and hold on the server', async ({ browser }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const ownerContext = await browser.newContext();
  await signInBrowser(ownerContext, { name: 'Limits Owner', flags: 'z', codes: ['*'], immunity: 100 });
  const modContext = await browser.newContext();
  const mod = await signInBrowser(modContext, { name: 'Limited Mod', immunity: 10 });

  const created = await ownerContext.request.post('/api/panel/roles', {
    headers: { origin: baseURL },
    data: { name: `Trial mods ${run}`, codes: ['bans.*'], flags: '', immunityLevel: 5 },
  });
  expect(created.status()).toBe(201);
  const role = (await created.json()) as { id: string };
  const given = await ownerContext.request.post(`/api/panel/roles/${role.id}/holders`, {
    headers: { origin: baseURL },
    data: { userId: mod.userId },
  });
  expect(given.status()).toBe(200);

  // The owner sets the limits with the role editor.
  const owner = await ownerContext.newPage();
  await owner.goto('/panel/roles');
  await owner
    .getByRole('row', { name: new RegExp(`Trial mods ${run}`) })
    .getByRole('button', { name: /Edit/ })
    .click();
  const editor = owner.getByRole('dialog', { name: `Edit role Trial mods ${run}` });
  await editor.getByLabel('Longest ban').selectOption({ label: 'At most 1 week' });
  await editor.getByLabel('Longest mute, gag or silence').selectOption({ label: 'At most 1 hour' });
  await expect(editor.getByLabel('May also give permanent ones')).not.toBeChecked();
  await editor.getByLabel('May lift bans other admins gave').uncheck();
  await editor.getByRole('button', { name: 'Save role' }).click();
  await expect(editor).toHaveCount(0);
  const stored = (await (await ownerContext.request.get('/api/panel/roles')).json()) as {
    roles: { id: string; limits: object }[];
  };
  expect(stored.roles.find((candidate) => candidate.id === role.id)?.limits).toEqual({
    banMaxSeconds: 7 * DAY,
    commMaxSeconds: 3600,
    mayGivePermanent: false,
    mayLiftOthers: false,
    banGroupIds: null,
  });

  // The holder's ban form offers only what the role allows.
  const page = await modContext.newPage();
  await page.goto('/admin/bans');
  await page.getByRole('button', { name: 'New ban' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ban' });
  const lengths = dialog.getByLabel('Length');
  await expect(lengths.locator('option')).toHaveText(['1 hour', '1 day', '3 days', '1 week']);
  await expect(dialog.getByText('Your roles let you give bans of at most 7 days.')).toBeVisible();
  await dialog.getByLabel('Type').selectOption('mute');
  await expect(lengths.locator('option')).toHaveText(['1 hour']);

  // Around the form, the API refuses with the limit named.
  const refused = await modContext.request.post('/api/bans', {
    headers: { origin: baseURL },
    data: { steamid: '76561197960555555', reason: 'Around the form', length: null },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'PERMANENT_NOT_ALLOWED', message: /at most 7 days/ });
});
