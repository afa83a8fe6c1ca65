import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, SESSION_TOKEN_KEY, useSessionToken } from './support/accounts';
import { currentPath, hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { startServer, type TestServer } from './support/server';

const PREVIEW_MODE_MESSAGE = "Preview mode can't take this action.";

const findStoreId = async (baseUrl: string, token: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/web/auth/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const currentUser = (await response.json()) as { store: { id: string } };
  return currentUser.store.id;
};

describe.skipIf(!hasChromium)(`preview accounts (spec §6, §8)${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A store becomes a preview account through the server's configuration: register, then
    // restart on the same data with its id in PREVIEW_ACCOUNT_LIST.
    const first = await startServer();
    const token = await registerByApi(first.baseUrl, aNewAccount({ storeTitle: 'Preview Goods' }));
    const storeId = await findStoreId(first.baseUrl, token);
    await first.stop();
    server = await startServer({
      dataDir: first.dataDir,
      env: { PREVIEW_ACCOUNT_LIST: storeId },
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await useSessionToken(page, server.baseUrl, token);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('keeps the four blocked entries in the navigation, disabled', async () => {
    await page.goto(`${server.baseUrl}/homebase`);
    await page.getByText('Preview account', { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.locator('[data-nav-key="fulfillment"]').click();
    await nav.locator('[data-nav-key="merch-storefront"]').click();

    const blocked = await nav
      .locator('[data-nav-state="preview-blocked"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-nav-key')));
    expect(blocked).toEqual([
      'fulfillment.returns',
      'merch-storefront.discounts',
      'merch-storefront.subscribers',
      'merch-storefront.marketing-assets',
    ]);

    // Disabled entries are buttons that lead nowhere: no href, marked aria-disabled.
    const returns = nav.locator('[data-nav-key="fulfillment.returns"]');
    expect(await returns.getAttribute('aria-disabled')).toBe('true');
    expect(await returns.getAttribute('href')).toBeNull();
    await returns.click({ force: true });
    expect(currentPath(page)).toBe('/homebase');
  });

  it.each(['/return-settings', '/discount', '/subscribers', '/manage-shop?tab=marketing-assets'])(
    'shows %s as closed to preview mode',
    async (path) => {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('[data-testid="access-notice"][data-access="preview-blocked"]').waitFor();
    },
  );

  it('opens the preview-mode dialog on a write and keeps the session', async () => {
    await page.goto(`${server.baseUrl}/account-info`);
    await page.getByRole('textbox', { name: 'Store name', exact: true }).fill('Renamed Goods');
    await page.getByRole('button', { name: 'Save profile' }).click();

    const dialog = page.getByRole('dialog', { name: 'Preview mode' });
    await dialog.getByText(PREVIEW_MODE_MESSAGE).waitFor();
    await takeShot(page, 'preview-mode-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(currentPath(page)).toBe('/account-info');
    expect(
      await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY),
    ).not.toBeNull();
  });
});
