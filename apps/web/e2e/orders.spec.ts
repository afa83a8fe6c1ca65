import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Enters an order by hand through the API (spec §7 manual-retail / manual-wholesale). */
const enterOrder = async (
  baseUrl: string,
  token: string,
  kind: 'manual-retail' | 'manual-wholesale',
  body: Record<string, unknown>,
) => {
  const response = await fetch(`${baseUrl}/api/web/orders/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`${kind}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string };
};

describe.skipIf(!hasChromium)(`orders (issue 11)${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('lists the store’s orders by tab with counts, finds one by e-mail and opens it', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);

    // A new store: the list says where orders come from.
    await page.goto(`${baseUrl}/orders`);
    await page.getByText('No orders yet').waitFor();

    await enterOrder(baseUrl, token, 'manual-retail', {
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      lines: [{ sku: 'TEE-BLK-M', title: 'Boxy tee', quantity: 2, unitPriceAmount: 2_500 }],
      shippingAmount: 500,
    });
    await enterOrder(baseUrl, token, 'manual-wholesale', {
      customer: { email: 'shop@corner.example', firstName: 'Corner', lastName: 'Shop' },
      lines: [{ sku: 'TOTE-NAT', title: 'Canvas tote', quantity: 40, unitPriceAmount: 900 }],
    });

    await page.reload();
    const table = page.getByTestId('orders-table');
    await table.getByRole('link', { name: 'R1001' }).waitFor();
    await table.getByRole('link', { name: 'W1001' }).waitFor();
    expect(await table.getByText('Ada Lovelace').count()).toBe(1);
    expect(await page.getByRole('tab', { name: /All\s*2/ }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: /Finished\s*0/ }).count()).toBe(1);
    await takeShot(page, 'orders-list');

    // The search goes into the address and narrows the list; the tab counts follow it.
    await page.getByRole('textbox', { name: 'Search orders' }).fill('shop@corner');
    await waitForPath(page, '/orders?search=shop%40corner');
    await table.getByRole('link', { name: 'W1001' }).waitFor();
    await expect.poll(() => table.getByRole('link', { name: 'R1001' }).count()).toBe(0);

    // A tab with nothing in it says so and offers every order again.
    await page.getByRole('tab', { name: /Finished/ }).click();
    await page.getByText('No orders match').waitFor();
    await page.getByRole('button', { name: 'Show every order' }).click();
    await waitForPath(page, '/orders');
    await table.getByRole('link', { name: 'R1001' }).waitFor();

    // One order: its lines, totals and customer.
    await table.getByRole('link', { name: 'R1001' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order R1001' }).waitFor();
    const lines = page.getByTestId('order-lines');
    await lines.getByText('Boxy tee').waitFor();
    await lines.getByText('TEE-BLK-M').waitFor();
    // 2 × $25.00 + $5.00 shipping.
    await page.getByText('$55.00').waitFor();
    await page.getByText('ada@example.com').waitFor();
    await takeShot(page, 'order-details');

    // A tab or search the address cannot hold shows every order, not an error.
    await page.goto(`${baseUrl}/orders?activeTabKey=bogus&search=${'x'.repeat(300)}`);
    await table.getByRole('link', { name: 'R1001' }).waitFor();
    expect(await page.getByRole('tab', { name: /All/, selected: true }).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);

    // An order of no store of yours is not found, with the way back.
    await page.goto(`${baseUrl}/order-details/ord_doesnotexist`);
    await page.getByRole('alert').getByText('There is no such order in this store').waitFor();
    // The page says it once: no toast repeats it.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/There is no such order in this store/).count()).toBe(1);
    await page.context().close();
  });
});
