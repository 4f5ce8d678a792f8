import { expect, type Page, test } from '@playwright/test';
import { appCode } from '../../api/src/test-support/second-factor';
import { seriousViolations } from '../support/a11y';
import { signInBrowser, withE2eDatabase } from '../support/e2e-session';

// Issue 31 in Chromium: enrolling an authenticator app from User Settings, then a dangerous
// action (creating an API key) asks for a code through the shared prompt and succeeds after it.

/** The proof lapses (as after 10 minutes) and the app's next code is free to use. */
async function letProofLapse(userId: string) {
  await withE2eDatabase(async (db) => {
    await db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', userId).execute();
    await db.updateTable('totp_factors').set({ last_used_step: 0 }).where('user_id', '=', userId).execute();
  });
}

async function openSettings(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'User Settings' }).click();
  return page.getByRole('dialog', { name: 'User Settings' });
}

test.describe.configure({ timeout: 60_000 });

test('Security tab: enrol an authenticator app, then a dangerous action prompts and succeeds after the code', async ({
  page,
  context,
}) => {
  const { userId } = await signInBrowser(context, { name: 'Careful Admin' });
  await page.goto('/');
  const dialog = await openSettings(page, 'Careful Admin');
  await dialog.getByRole('tab', { name: 'Security' }).click();
  await dialog.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);

  const codeBox = dialog.getByLabel('Code from the app');
  await codeBox.fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'not right' })).toBeVisible();
  await codeBox.fill(appCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = ((await codes.first().textContent()) ?? '').trim();
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog.getByText('On', { exact: true })).toBeVisible();
  await expect(dialog.getByText('10 of 10 left.')).toBeVisible();

  // A dangerous action with a lapsed proof: the prompt opens, a wrong code is refused, the
  // right one lets the same request through.
  await letProofLapse(userId);
  await dialog.getByRole('tab', { name: 'Developer' }).click();
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByLabel('Code from your authenticator app').fill('123456');
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt.getByRole('alert')).toContainText('not right');
  await prompt.getByLabel('Code from your authenticator app').fill(appCode(secret));
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(dialog.getByLabel('New API key')).not.toHaveValue('');

  // Again later, with a recovery code this time; the session list says how it proved itself.
  await letProofLapse(userId);
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Regenerate API Key' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Use a recovery code' }).click();
  await prompt.getByLabel('Recovery code').fill(recoveryCode);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Sessions' }).click();
  await expect(dialog.getByText(/\+ recovery code/)).toBeVisible();
  const audit = await withE2eDatabase((db) =>
    db.selectFrom('log_entries').select('message').where('client', '=', userId).execute(),
  );
  expect(audit.map((row) => row.message)).toEqual(
    expect.arrayContaining([
      'second factor: enrolled an authenticator app (TOTP)',
      'second factor: step-up refused for POST /api/auth/developer/apikey',
      'second factor: used a recovery code (9 left)',
    ]),
  );
});

test('a role that requires a second factor withholds its permissions, with a banner that leads to Security', async ({
  page,
  context,
}) => {
  const { userId } = await signInBrowser(context, { name: 'Policy Holder' });
  await withE2eDatabase(async (db) => {
    await db
      .insertInto('roles')
      .values({
        id: 'e2e-2fa-role',
        name: 'Moderators (2FA)',
        flags: 'b',
        immunity: 5,
        permission_codes: '["logs.view"]',
        created_at: 0,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    await db.insertInto('user_roles').values({ user_id: userId, role_id: 'e2e-2fa-role' }).execute();
    await db
      .insertInto('settings')
      .values({ key: 'secondFactor.requiredRoles', value: '["e2e-2fa-role"]' })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: '["e2e-2fa-role"]' }))
      .execute();
  });
  try {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Second factor required' });
    await expect(banner).toContainText('Moderators (2FA) requires a second factor');
    const profile = await page.request.get('/api/auth/profile');
    expect((await profile.json()).permissions.codes).not.toContain('logs.view');
    await banner.getByRole('button', { name: 'Set up a second factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Settings' });
    await expect(dialog.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await withE2eDatabase((db) => db.deleteFrom('settings').where('key', '=', 'secondFactor.requiredRoles').execute());
  }
});
