import { expect, type Page, test } from '@playwright/test';
import { campaignVpk } from '../../api/src/test-support/addon-fixtures';
import { signInBrowser } from '../support/e2e-session';
import { E2E_WORKSHOP } from '../support/fake-workshop-e2e';

/** A new share made through the UI; returns its list-mode path. */
async function newShare(page: Page, name: string): Promise<string> {
  await page.goto('/admin/shares');
  await page.getByRole('button', { name: 'New share' }).click();
  const dialog = page.getByRole('dialog', { name: 'New share' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create share' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/shares\/[0-9a-f]+\/list$/);
  return new URL(page.url()).pathname;
}

test('an upload shows its progress, and the addon info modal shows the VPK’s maps', async ({ browser }) => {
  const context = await browser.newContext();
  await signInBrowser(context, { name: 'E2E Share Admin', codes: ['shares.*'] });
  const page = await context.newPage();
  const base = await newShare(page, `Uploads ${Date.now()}`);

  await page.getByRole('link', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload addons' });
  // A few megabytes, so the progress bar has something to show.
  const vpk = Buffer.concat([campaignVpk('E2E Campaign'), Buffer.alloc(4 * 1024 * 1024, 1)]);
  await dialog
    .getByLabel('Addon files (.vpk)')
    .setInputFiles({ name: 'e2e_campaign.vpk', mimeType: 'application/octet-stream', buffer: vpk });
  const bar = dialog.getByRole('progressbar', { name: 'e2e_campaign.vpk upload' });
  await expect(bar).toBeVisible();
  await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(bar).toHaveAttribute('value', '100');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(base);

  await page.getByRole('link', { name: 'e2e_campaign.vpk' }).click();
  const info = page.getByRole('dialog', { name: 'E2E Campaign' });
  await expect(info.getByRole('region', { name: 'Maps' })).toContainText('c1m1_test');
  await expect(info.getByRole('region', { name: 'Maps' })).toContainText('c1m2_test');
  await expect(info).toContainText('Tester');
  await expect(info).toContainText('1.2');
  await expect(info).toContainText('4.0 MiB');

  // Escape closes the modal back to the list (its route) before the view mode changes.
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);
  await expect(page).toHaveURL(base);
  // Grid mode is in the URL.
  const grid = page.getByRole('navigation', { name: 'View mode' }).getByRole('link', { name: 'Grid' });
  await expect(grid).toBeVisible();
  await grid.click();
  await expect(page).toHaveURL(base.replace(/\/list$/, '/grid'));
  await expect(page.getByRole('list', { name: /Addons in/ })).toContainText('E2E Campaign');
});

test('a Workshop item and a collection download with live progress', async ({ browser }) => {
  const context = await browser.newContext();
  await signInBrowser(context, { name: 'E2E Workshop Admin', codes: ['shares.*'] });
  const page = await context.newPage();
  const base = await newShare(page, `Workshop ${Date.now()}`);

  // The modal is prefilled from the URL (workshop-download/:url?).
  const itemUrl = `https://steamcommunity.com/sharedfiles/filedetails/?id=${E2E_WORKSHOP.item}`;
  await page.goto(`${base}/workshop-download/${encodeURIComponent(itemUrl)}`);
  const dialog = page.getByRole('dialog', { name: 'Download from the Steam Workshop' });
  await expect(dialog.getByLabel('Workshop URL or id')).toHaveValue(itemUrl);
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(dialog).toContainText(E2E_WORKSHOP.itemTitle);
  await dialog.getByRole('button', { name: 'Download into this share' }).click();
  await expect(dialog.getByRole('progressbar', { name: `${E2E_WORKSHOP.itemTitle} download` })).toBeVisible();
  await expect(dialog).toContainText('Finished: 1 downloaded', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('link', { name: `${E2E_WORKSHOP.item}.vpk` })).toBeVisible();

  // A collection moves on to the collection modal, then downloads item by item.
  await page.getByRole('link', { name: 'Workshop download' }).click();
  const lookup = page.getByRole('dialog', { name: 'Download from the Steam Workshop' });
  await lookup.getByLabel('Workshop URL or id').fill(E2E_WORKSHOP.collection);
  await lookup.getByRole('button', { name: 'Look up' }).click();
  const collection = page.getByRole('dialog', { name: E2E_WORKSHOP.collectionTitle });
  await expect(collection).toContainText(`2 item(s) in ${E2E_WORKSHOP.collectionTitle}`);
  await collection.getByRole('button', { name: 'Download collection' }).click();
  await expect(collection.getByRole('progressbar', { name: `${E2E_WORKSHOP.collectionTitle} progress` })).toBeVisible();
  await expect(collection).toContainText('Downloading');
  await expect(collection).toContainText('Finished: 2 downloaded', { timeout: 30_000 });
  await collection.getByRole('button', { name: 'Close' }).last().click();
  for (const id of E2E_WORKSHOP.collectionItems)
    await expect(page.getByRole('link', { name: `${id}.vpk` })).toBeVisible();
});
