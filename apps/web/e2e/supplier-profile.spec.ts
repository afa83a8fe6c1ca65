import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aNewAccount,
  registerByApi,
  useSessionToken,
  DEMO_SUPPLIER,
  logInAsDemoSupplier,
} from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** A real 1×1 PNG: the server checks the content (magic bytes), not only the name. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const NEW_DESCRIPTION =
  'Small-batch denim and twill, washed and finished in our own mill. Samples in ten days.';

const NEW_ITEM_TITLE = 'Selvedge denim chore jacket';

const demoMarkers = (scope: Locator) => scope.locator('[data-demo-value]');

describe.skipIf(!hasChromium)(`supplier profile journey${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.dispose();
  });

  it('a supplier edits its profile and a store sees it', async () => {
    const { baseUrl } = server;
    const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const storeContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(supplierContext, storeContext);
    const supplier = await supplierContext.newPage();
    const store = await storeContext.newPage();

    // The supplier signs in and opens its profile from the workspace navigation.
    await logInAsDemoSupplier(supplier, baseUrl);
    await supplier.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(supplier, '/partner/profile');
    const form = supplier.getByRole('form', { name: 'Supplier profile' });
    await form.waitFor();
    const moqLabel = supplier.locator('label', { hasText: 'MOQ' });
    expect(await demoMarkers(moqLabel).count()).toBe(1);

    // Description, MOQ and logo, with the keyboard and the file picker.
    const description = supplier.getByRole('textbox', { name: 'Description' });
    await description.fill(NEW_DESCRIPTION);
    const moq = supplier.getByRole('textbox', { name: 'MOQ' });
    await moq.fill('');
    await moq.pressSequentially('250');
    await supplier
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await supplier.getByRole('img', { name: 'Logo preview' }).waitFor();
    await supplier.getByText('You have unsaved changes.').waitFor();
    await supplier.getByRole('button', { name: 'Save profile' }).click();
    await supplier.getByText('Your profile is saved. Stores see these values now.').waitFor();
    expect(await demoMarkers(moqLabel).count()).toBe(0);
    await takeShot(supplier, 'supplier-profile-saved');

    // A new catalogue item, added from the same page.
    await supplier.getByRole('button', { name: 'Add item' }).click();
    const dialog = supplier.getByRole('dialog', { name: 'Add an item' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(NEW_ITEM_TITLE);
    await dialog.getByRole('textbox', { name: 'Unit price' }).pressSequentially('32.5');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.waitFor({ state: 'detached' });
    await supplier.getByTestId('supplier-item').filter({ hasText: NEW_ITEM_TITLE }).waitFor();

    // A store opens that supplier's profile: the new values, no demo marker on them, the logo.
    const account = aNewAccount({ storeTitle: 'Fernwood Goods' });
    await useSessionToken(store, baseUrl, await registerByApi(baseUrl, account));
    await store.goto(`${baseUrl}/browse-suppliers/supplier-profile/${DEMO_SUPPLIER.companyId}`);
    const about = store.getByText(NEW_DESCRIPTION);
    await about.waitFor();
    expect(await demoMarkers(about.locator('..')).count()).toBe(0);
    const facts = store.getByTestId('supplier-facts');
    const minimumOrder = facts.getByText('Minimum order').locator('..');
    expect(await minimumOrder.textContent()).toContain('250 units');
    // The facts' one "Demo data" badge no longer names the minimum order the supplier set.
    const factsBadge = demoMarkers(store.locator('main')).filter({ hasText: 'Demo data' }).first();
    await factsBadge.focus();
    const tooltip = store.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('Demo value');
    expect(await tooltip.textContent()).not.toContain('minimum order');
    const logo = store.getByRole('img', { name: /logo$/ });
    await logo.waitFor();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await takeShot(store, 'supplier-profile-store-view');
    await store.getByRole('tab', { name: 'Base products' }).click();
    await store.getByTestId('item-card').filter({ hasText: NEW_ITEM_TITLE }).waitFor();
  });
});
