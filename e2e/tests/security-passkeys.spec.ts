import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions-service';
import { createSignedInUser } from '../../api/src/test-support/test-users';
import { seriousViolations } from '../support/a11y';
import { e2eDatabaseUrlFor, e2ePort } from '../support/e2e-session';

// Issue 31 in Chromium: a passkey enrolled in User Settings' Security tab with Chromium's
// virtual authenticator (CDP WebAuthn: CTAP2, internal transport, resident key, user
// verification), then a dangerous action answered with the step-up prompt and proved by it.
//
// WebAuthn needs a relying-party id that is a domain: the API takes it from PUBLIC_URL's host,
// and Chromium refuses an IP address such as the 127.0.0.1 of the shared e2e server. So this
// spec starts its own production server (the same start-e2e-server.ts, its own data folder)
// on the next port with PUBLIC_URL http://localhost:<port>, a secure context over http.

const here = path.dirname(fileURLToPath(import.meta.url));
const port = e2ePort + 1;
const origin = `http://localhost:${port}`;
/** start-e2e-server.ts keeps its data folder per E2E_PORT (as e2e-session.ts names it). */
const databaseUrl = e2eDatabaseUrlFor(port);

let server: ChildProcess | null = null;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (server?.exitCode !== null) throw new Error(`the localhost e2e server exited (${server?.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the localhost e2e server did not become healthy');
}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const database = openDatabase(databaseUrl);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function signIn(context: BrowserContext, name: string): Promise<string> {
  const { userId, token } = await withDatabase((db) => createSignedInUser(db, { name }, 'E2E Staff'));
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  return userId;
}

async function openSecurity(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'User Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Settings' });
  await dialog.getByRole('tab', { name: 'Security' }).click();
  return dialog;
}

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn(path.join(here, '../../node_modules/.bin/tsx'), ['support/start-e2e-server.ts'], {
    cwd: path.join(here, '..'),
    env: {
      ...process.env,
      E2E_PORT: String(port),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      OUTPOST_SETUP_TOKEN: 'e2e-setup-token-0123456789',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(Date.now() + 80_000);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
});

test('a passkey made with the virtual authenticator enrols in Security, then proves a dangerous action', async ({
  page,
  context,
}) => {
  const userId = await signIn(context, 'Passkey Admin');
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${origin}/`);
  const dialog = await openSecurity(page, 'Passkey Admin');
  await expect(dialog.getByText('No passkeys.')).toBeVisible();
  page.once('dialog', (ask) => void ask.accept('Laptop'));
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  // A first factor: the ten recovery codes are shown once.
  const codes = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  const passkeys = dialog.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Laptop');
  expect(await seriousViolations(page)).toEqual([]);

  // The authenticator holds one resident credential for the API's relying party, localhost.
  const made = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(made.credentials).toHaveLength(1);
  expect(made.credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  const stored = await withDatabase((db) =>
    db.selectFrom('passkeys').select(['id', 'name']).where('user_id', '=', userId).execute(),
  );
  expect(stored.map((row) => row.name)).toEqual(['Laptop']);

  // The proof of the enrolment lapses; the next dangerous action prompts, and the passkey answers.
  await withDatabase((db) =>
    db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', userId).execute(),
  );
  await dialog.getByRole('tab', { name: 'Developer' }).click();
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  const prompt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(prompt).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(dialog.getByLabel('New API key')).not.toHaveValue('');
  const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used.credentials[0]?.signCount).toBeGreaterThan(made.credentials[0]?.signCount ?? 0);

  // The session says how it proved itself; the audit has the enrolment and the refused step-up.
  await dialog.getByRole('tab', { name: 'Sessions' }).click();
  await expect(dialog.getByText(/\+ passkey/)).toBeVisible();
  const audit = await withDatabase((db) =>
    db.selectFrom('log_entries').select('message').where('client', '=', userId).execute(),
  );
  expect(audit.map((row) => row.message)).toEqual(
    expect.arrayContaining([
      'second factor: added a passkey (Laptop)',
      'second factor: step-up refused for POST /api/auth/developer/apikey',
    ]),
  );

  // The authenticator now fails user verification (a finger it does not know): no assertion
  // comes back, the prompt says what went wrong and stays open, and nothing is proved.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await withDatabase((db) =>
    db.updateTable('sessions').set({ second_factor_at: null }).where('user_id', '=', userId).execute(),
  );
  await dialog.getByRole('tab', { name: 'Developer' }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Regenerate API Key' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(prompt.getByRole('alert')).toBeVisible();
  const proofs = await withDatabase((db) =>
    db.selectFrom('sessions').select('second_factor_at').where('user_id', '=', userId).execute(),
  );
  expect(proofs.map((row) => row.second_factor_at)).toEqual([null]);
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toHaveCount(0);
});
