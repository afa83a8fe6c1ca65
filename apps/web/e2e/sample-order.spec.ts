import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

type CatalogItem = {
  id: string;
  title: string;
  samplePrice: { amount: number } | null;
  sampleStock: 'IN_STOCK' | 'OUT_OF_STOCK';
};

/** A seeded catalog item whose supplier sends samples now. */
const findSampleItem = async (baseUrl: string, token: string): Promise<CatalogItem> => {
  const response = await fetch(`${baseUrl}/api/web/catalog-items?size=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: CatalogItem[] };
  const item = items.find((entry) => entry.samplePrice && entry.sampleStock === 'IN_STOCK');
  if (!item) throw new Error('No seeded catalog item offers a sample.');
  return item;
};

/** Picks an option of a Mantine Select by typing part of it. */
const choose = async (page: Page, label: string, option: string) => {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/**
 * Issue 12 "Done when": on the default install a creator orders a sample from a product page and
 * pays it with the documented test cards: a declined card leaves the cart as it was and says why;
 * the success card pays, and the sample is in production in Orders & Shipments.
 */
describe.skipIf(!hasChromium)(`ordering a sample${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.dispose();
  });

  it('orders a sample from the product page and pays it with a test card', async () => {
    const { baseUrl } = server;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const token = await registerByApi(baseUrl, aNewAccount({ storeTitle: 'Sample Studio' }));
    await useSessionToken(page, baseUrl, token);
    const item = await findSampleItem(baseUrl, token);

    await page.goto(`${baseUrl}/browse-suppliers/catalog-item/${item.id}`);
    await waitForPageRendered(page);
    await page.getByRole('button', { name: /^Order a sample/ }).click();
    const cartItem = page.getByTestId('cart-item').filter({ hasText: item.title });
    await cartItem.waitFor({ timeout: 15_000 });
    await takeShot(page, 'sample-cart', { fullPage: false });
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByTestId('checkout-totals').waitFor();
    await page.getByRole('button', { name: 'Continue to shipping' }).click();

    await page.getByRole('textbox', { name: 'Recipient’s name' }).fill('Sam Studio');
    await page.getByRole('textbox', { name: 'Street address' }).fill('400 Hillsborough St');
    await page.getByRole('textbox', { name: 'City' }).fill('Raleigh');
    await choose(page, 'State or province', 'North Carolina');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('27603');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // Declined: the reason shows, nothing is paid, the sample stays in the cart.
    await page.getByTestId('test-provider-notice').waitFor();
    await page.getByRole('button', { name: 'Use test card 4000 0000 0000 0002' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    const declined = page.getByRole('alert').filter({ hasText: 'Payment declined' });
    await declined.waitFor({ timeout: 20_000 });
    expect(await declined.textContent()).toContain('Your card was declined.');
    await takeShot(page, 'sample-declined', { fullPage: false });
    const cart = await fetch(`${baseUrl}/api/web/creator-order-items/shopping-cart`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items: inCart } = (await cart.json()) as { items: { title: string; status: string }[] };
    expect(inCart.map((entry) => entry.status)).toEqual(['IN_SHOPPING_CART']);

    // Another card pays it.
    await page.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('purchase-success').waitFor({ timeout: 20_000 });
    await takeShot(page, 'sample-paid', { fullPage: false });

    await page.goto(`${baseUrl}/inbox/orders`);
    const row = page.getByTestId('order-item-row').filter({ hasText: item.title });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('In production');
  });
});
