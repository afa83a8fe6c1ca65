import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startShopifyFake,
  type ShopifyFake,
} from '../../server/src/modules/sales/channels/shopify-fake';
import { shopifyFixtures } from '../../server/src/modules/sales/channels/shopify-fake-fixtures';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
  waitForPath,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

const API_KEY = 'e2e-shopify-client-id';
const API_SECRET = 'e2e-shopify-client-secret';
const SHOP = 'juniper-oak.myshopify.com';

/** Whether the page is wider than the window (a card or row that pushes the page sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Waits until the open modal has finished its opening transition, for a screenshot. */
const waitForModalSettled = (page: Page) =>
  page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    return getComputedStyle(dialog).opacity === '1' && dialog.getAnimations().length === 0;
  });

describe.skipIf(!hasChromium)(`sales channels (issue 11)${SKIP_REASON}`, () => {
  let fake: ShopifyFake;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // The fake's install page approves at once, for this shop, and sends the browser back.
    fake = await startShopifyFake({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      browserShop: SHOP,
      // The shop has three products, two customers and three orders for the first sync.
      shops: { [SHOP]: shopifyFixtures() },
    });
    server = await startServer({
      env: (baseUrl) => ({
        SHOPIFY_API_KEY: API_KEY,
        SHOPIFY_API_SECRET: API_SECRET,
        SHOPIFY_ADMIN_BASE_URL: fake.baseUrl,
        SHOPIFY_BULK_POLL_MS: '200',
        // The callback must come back to the origin that holds the session.
        PUBLIC_URL: baseUrl,
      }),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await fake?.close();
  });

  it('connects a fake Shopify store, syncs its orders in and opens one', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    const main = page.getByRole('main');

    // Not connected yet; WooCommerce and Wix say they come later.
    await page.goto(`${baseUrl}/ecommerce-services`);
    await waitForPageRendered(page);
    const shopify = main.getByRole('region', { name: 'Shopify' });
    await shopify.getByText('Not connected').waitFor();
    await main.getByRole('region', { name: 'WooCommerce' }).getByText('Coming later').waitFor();
    await main.getByRole('region', { name: 'Wix' }).getByText('Coming later').waitFor();

    // A wrong address is refused in place.
    const address = shopify.getByRole('textbox', { name: /Shop address/ });
    await address.fill('juniper-oak.com');
    await shopify.getByRole('button', { name: 'Connect' }).click();
    await shopify.getByText('The shop’s address, such as my-shop.myshopify.com.').waitFor();
    await takeShot(page, 'channels-not-connected');

    // Shopify's install page (the fake) approves and sends the browser back through the callback.
    // The orders' export is held on Shopify's side, so the running sync can be seen.
    fake.holdBulkOperations('orders');
    await address.fill(SHOP);
    await shopify.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('status').getByText('Shopify is connected').waitFor({ timeout: 30_000 });
    await waitForPath(page, '/ecommerce-services');
    await shopify.getByText('Connected', { exact: true }).waitFor();
    await shopify.getByText(SHOP).waitFor();
    expect(fake.requests.slice(0, 2).map((request) => request.path)).toEqual([
      '/admin/oauth/authorize',
      '/admin/oauth/access_token',
    ]);
    // The first sync starts by itself: its progress bar and counts while Shopify gathers orders.
    const progress = shopify.getByRole('progressbar', { name: /^The sync: \d+%$/ });
    await progress.waitFor({ timeout: 30_000 });
    await shopify.getByText('Shopify is gathering the orders', { exact: false }).waitFor({
      timeout: 30_000,
    });
    await shopify.getByText('3 products, 2 customers, 0 orders').waitFor();
    await expect
      .poll(() => shopify.getByRole('button', { name: 'Re-sync' }).isDisabled())
      .toBe(true);
    await takeShot(page, 'channels-syncing');
    fake.holdBulkOperations(false);
    const outcome = shopify.getByRole('status', { name: 'Last sync' });
    await outcome
      .getByText(/3 products \(3 new\), 2 customers \(2 new\), 3 orders \(3 new\)/)
      .waitFor({ timeout: 30_000 });
    await shopify.getByText(/^Last sync$/).waitFor();
    await takeShot(page, 'channels-connected');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    await takeShot(page, 'channels-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Re-sync: nothing changed on the shop, so nothing changes here.
    await shopify.getByRole('button', { name: 'Re-sync' }).click();
    await outcome.getByText(/Nothing had changed\./).waitFor({ timeout: 30_000 });
    await takeShot(page, 'channels-resynced');

    // The shop's orders are in /orders.
    await page.goto(`${baseUrl}/orders`);
    await waitForPageRendered(page);
    const table = main.getByTestId('orders-table');
    const link = table.getByRole('link', { name: '#1001' });
    await link.waitFor({ timeout: 30_000 });
    await table.getByRole('link', { name: '#1003' }).waitFor();
    await table.getByText('Ada Lovelace').waitFor();
    await takeShot(page, 'channels-orders');

    await link.click();
    await page.waitForURL(/\/order-details\/ord_[a-z0-9]+$/);
    await waitForPageRendered(page);
    await main.getByRole('heading', { level: 1, name: 'Order #1001' }).waitFor();
    await main.getByText('Stoneware mug').first().waitFor();
    await main.getByText('Linen T-shirt').first().waitFor();
    await main.getByText('MUG-BLK').first().waitFor();
    await takeShot(page, 'channels-order-details');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    await takeShot(page, 'channels-order-details-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Disconnected after the confirmation: the order stays.
    await page.goto(`${baseUrl}/ecommerce-services`);
    await waitForPageRendered(page);
    await shopify.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: `Disconnect ${SHOP}?` });
    await dialog.getByText(/orders already imported stay/).waitFor();
    await waitForModalSettled(page);
    await takeShot(page, 'channels-disconnect-dialog');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await shopify.getByText('Not connected').waitFor();
    await shopify.getByText(new RegExp(`${SHOP.replace(/\./g, '\\.')} was disconnected`)).waitFor();
    await takeShot(page, 'channels-disconnected');
    await page.context().close();
  });
});
