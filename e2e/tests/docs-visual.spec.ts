import { expect } from '@playwright/test';
import { keyPageVisualTests } from '../support/visual';

// Visual regression of the docs remote's key page (issue 22): the tutorials list, built from
// the docs content at build time (so no other spec changes it), desktop and 360 px, light and
// dark. Baselines live in docs-visual.spec.ts-snapshots/; after an intended change to the look:
//   E2E_PORT=<port> pnpm exec playwright test -c e2e/playwright.config.ts e2e/tests/docs-visual.spec.ts --update-snapshots
// then look at every new picture before committing it.
keyPageVisualTests('docs-tutorials', '/docs/tutorials', {
  // The list is drawn (not a loading or error state) before it is compared.
  prepare: async (page) => {
    await expect(page.getByRole('link', { name: /Joining a server/i }).first()).toBeVisible();
  },
});
