import { expect, test } from '@playwright/test';
import { accessibilityTests, PHONE_WIDTH } from '../support/a11y';
import { signInBrowser } from '../support/e2e-session';

// Every panel page in the route table: axe finds nothing serious or critical, light and
// dark, signed out and signed in, and at 360 px wide nothing scrolls sideways.
accessibilityTests('panel', [
  '/panel/dashboard',
  '/panel/remotes',
  '/panel/webhooks',
  '/panel/first-time-setup',
  '/panel/setup-guide',
  '/panel/imports',
  '/panel/federation',
  '/panel/federation/review',
]);

// Issue 22: on a 360 px phone the key fingerprint was cut off in a one-line box.
test('at 360 px the whole key fingerprint is in view, and it can be copied', async ({ page, context }) => {
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 740 });
  await page.goto('/panel/federation');
  const box = page.getByLabel("This site's key fingerprint");
  await expect(box).toHaveValue(/\S{20,}/);
  const hidden = await box.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(hidden, 'part of the fingerprint is scrolled out of its box').toBe(false);
  const right = await box.evaluate((element) => element.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(PHONE_WIDTH);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
});

// Issue 22: "Except the player" sat 12 px lower than the inputs beside it (a Field's bottom
// margin in a row aligned at the bottom). The kit's FieldRow sets buttons level with the inputs.
test('on the federated bans page the exception button is level with the inputs beside it', async ({
  page,
  context,
}) => {
  await signInBrowser(context, { name: 'Axe Staff', codes: ['*'], flags: 'z', immunity: 99 });
  await page.goto('/panel/federation/review');
  const card = page.getByRole('region', { name: 'Exceptions' });
  const button = await card.getByRole('button', { name: 'Except the player' }).boundingBox();
  for (const label of ['Steam id or profile URL', 'Why']) {
    const input = await card.getByLabel(label).boundingBox();
    expect(button, 'the button is drawn').not.toBeNull();
    expect(input, `the ${label} box is drawn`).not.toBeNull();
    if (!button || !input) return;
    // Centred on the input's line (a 36 px button beside a 37 px input): within a pixel.
    expect(Math.abs(button.y + button.height / 2 - (input.y + input.height / 2))).toBeLessThanOrEqual(1);
  }
});
