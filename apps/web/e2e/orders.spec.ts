import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

const SHOPIFY_ORDERS_CSV = path.join(REPO_ROOT, 'docs/examples/shopify-orders-export.csv');

/**
 * Waits until the open dialog has finished its opening transition, for a screenshot. A dialog
 * kept mounted ends it at scale(1), the identity matrix, rather than at no transform.
 */
const waitForDialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].some((dialog) => {
      const style = getComputedStyle(dialog);
      const isStill = ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform);
      return dialog.getClientRects().length > 0 && style.opacity === '1' && isStill;
    }),
  );

/** Opens "Import orders" on /orders and chooses the file through the picker, as a person does. */
const chooseOrderFile = async (page: Page, file: string, shotName?: string) => {
  await page.getByRole('button', { name: 'Import orders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import orders' });
  await dialog.getByText('Step 1 of 3: Choose a file').waitFor();
  if (shotName) {
    await waitForDialogSettled(page);
    await takeShot(page, shotName, { fullPage: false });
  }
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'Choose file' }).click(),
  ]);
  await chooser.setFiles(file);
  await dialog.getByText('Step 2 of 3: Check the preview').waitFor({ timeout: 30_000 });
  return dialog;
};

/**
 * Holds back whatever would tell the page that a job has ended (its live update, a fresh GET of
 * it) until `release`: six orders import faster than anyone could see the bar. Updates of a
 * running job pass, and every `job:updated` frame the server sent is listed.
 */
const holdJobEnd = async (page: Page) => {
  let isHolding = true;
  let isUpgraded = false;
  const held: (() => unknown)[] = [];
  const jobFrames: string[] = [];
  await page.route(/\/api\/jobs\/job_[a-z0-9]+$/, (route) =>
    isHolding ? held.push(() => route.continue()) : route.continue(),
  );
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (typeof message !== 'string') return socket.send(message);
      // Engine.IO's upgrade probe: from now on every packet comes over this WebSocket.
      if (message === '3probe') isUpgraded = true;
      if (!message.includes('"job:updated"')) return socket.send(message);
      jobFrames.push(message);
      if (isHolding && /"status":"(COMPLETED|FAILED|CANCELED)"/.test(message)) {
        held.push(() => socket.send(message));
      } else {
        socket.send(message);
      }
    });
  });
  return {
    jobFrames,
    waitForUpgrade: async () => {
      for (let waited = 0; !isUpgraded; waited += 50) {
        if (waited > 15_000) throw new Error('the job updates socket did not connect');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    release: () => {
      isHolding = false;
      for (const send of held.splice(0)) void send();
    },
  };
};

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

  it('sorts, filters, chooses columns and changes a selection in the orders table; lists customers', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const lines = (sku: string, quantity: number, unitPriceAmount: number) => [
      { sku, title: sku, quantity, unitPriceAmount },
    ];
    await enterOrder(baseUrl, token, 'manual-retail', {
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      lines: lines('TEE', 2, 2_500),
    });
    await enterOrder(baseUrl, token, 'manual-retail', {
      customer: { email: 'zoe@example.com', firstName: 'Zoe', lastName: 'Young' },
      lines: lines('MUG', 1, 1_800),
    });
    await enterOrder(baseUrl, token, 'manual-wholesale', {
      customer: { email: 'shop@corner.example', firstName: 'Corner', lastName: 'Shop' },
      lines: lines('TOTE', 40, 900),
    });
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/orders`);
    const table = page.getByTestId('orders-table');
    await table.getByRole('link', { name: 'W1001' }).waitFor();
    const firstOrder = () =>
      table.locator('tbody tr').first().getByRole('link').first().textContent();

    // Sorting by a header (a button: the keyboard sorts too) goes into the address.
    await page.getByRole('button', { name: 'Sort by Total' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/orders?sort=-total');
    await expect.poll(firstOrder).toBe('W1001');
    await page.getByRole('button', { name: 'Sort by Customer' }).click();
    await waitForPath(page, '/orders?sort=customer');
    await expect.poll(firstOrder).toBe('R1001');

    // A filter narrows the list and the counts.
    await page.getByRole('combobox', { name: 'Origin' }).click();
    await page.getByRole('option', { name: /^Manual wholesale/ }).click();
    await waitForPath(page, '/orders?origin=MANUAL_WHOLESALE&sort=customer');
    await page.getByRole('tab', { name: /All\s*1/ }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('tab', { name: /All\s*3/ }).waitFor();

    // Columns: Origin hidden, and still hidden after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Origin' }).uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => table.getByRole('columnheader', { name: 'Origin' }).count()).toBe(0);
    await page.reload();
    await table.getByRole('link', { name: 'W1001' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Origin' }).count()).toBe(0);

    // Two orders selected from the keyboard, exported, then put in production together.
    await table.getByRole('checkbox', { name: 'Select order R1001' }).focus();
    await page.keyboard.press('Space');
    await table.getByRole('checkbox', { name: 'Select order W1001' }).check();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByText('2 orders selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'Export selected' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('R1001');
    expect(csv).toContain('W1001');
    expect(csv).not.toContain('R1002');
    await takeShot(page, 'orders-table-selection');
    await bar.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Processing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change 2 orders to Processing?' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Batch to the workshop');
    await dialog.getByRole('button', { name: 'Change 2 orders' }).click();
    const summary = page.getByRole('dialog', { name: 'Status changed' });
    await summary.getByText('2 orders changed to Processing.').waitFor();
    await takeShot(page, 'orders-bulk-status-done', { fullPage: false });
    await summary.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: /Processing\s*2/ }).waitFor();
    expect(await bar.count()).toBe(0);

    // Customers: sorted by what they spent, one opened with their orders.
    await page.goto(`${baseUrl}/customers`);
    const customers = page.getByTestId('customers-table');
    await customers.getByRole('link', { name: 'Corner Shop' }).waitFor();
    await page.locator('label', { hasText: 'Total spent' }).click();
    await waitForPath(page, '/customers?sort=TOTAL_SPENT');
    await expect
      .poll(() => customers.locator('tbody tr').first().getByRole('link').textContent())
      .toBe('Corner Shop');
    await takeShot(page, 'customers-list');
    await customers.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    await table.getByRole('link', { name: 'R1001' }).waitFor();
    expect(await table.getByRole('link', { name: 'R1002' }).count()).toBe(0);
    await page.context().close();

    // A phone: the table scrolls inside its box, the page does not.
    const phone = await (
      await browser.newContext({ viewport: { width: 375, height: 812 } })
    ).newPage();
    await useSessionToken(phone, baseUrl, token);
    await phone.goto(`${baseUrl}/orders?sort=-total`);
    await phone.getByTestId('orders-table').getByRole('link', { name: 'W1001' }).waitFor();
    const overflow = () =>
      phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBe(0);
    await takeShot(phone, 'orders-table-phone');
    await phone.goto(`${baseUrl}/customers`);
    await phone.getByTestId('customers-table').getByRole('link', { name: 'Corner Shop' }).waitFor();
    expect(await overflow()).toBe(0);
    await takeShot(phone, 'customers-list-phone');
    await phone.context().close();
  });

  it('imports a Shopify orders CSV with a live progress bar and lists its orders', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);
    const jobEnd = await holdJobEnd(page);

    await page.goto(`${baseUrl}/orders`);
    await page.getByText('No orders yet').waitFor();
    // Every percentage the import's bar shows, from the click on.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenProgress: number[] }).seenProgress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          if (!bar.getAttribute('aria-label')?.startsWith('Your order import')) continue;
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (seen.at(-1) !== value) seen.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    const dialog = await chooseOrderFile(page, SHOPIFY_ORDERS_CSV, 'order-import-choose');
    await dialog.getByText('Shopify orders export').waitFor();
    const columns = dialog.getByRole('table', { name: 'Columns of the file' });
    await columns.getByRole('row', { name: /^Name orderId$/ }).waitFor();
    await dialog
      .getByRole('table', { name: 'First rows of the file' })
      .getByText('#1001')
      .first()
      .waitFor();
    const allOrNothing = dialog.getByRole('radio', {
      name: 'All or nothing: import nothing if any row has a problem',
    });
    expect(await allOrNothing.isChecked()).toBe(true);
    await takeShot(page, 'order-import-preview');

    await jobEnd.waitForUpgrade();
    await dialog.getByRole('button', { name: 'Import orders' }).click();
    await dialog.getByText('Step 3 of 3: Import').waitFor();
    await dialog.getByRole('progressbar', { name: /^Your order import: \d+%$/ }).waitFor();
    await dialog.getByText(/You can close this dialog: the import goes on/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await takeShot(page, 'order-import-progress');

    // The end let through, the summary replaces the bar.
    jobEnd.release();
    await dialog.getByRole('button', { name: 'View orders' }).waitFor({ timeout: 30_000 });
    await dialog.getByText('6 orders imported.').waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { seenProgress: number[] }).seenProgress,
    );
    // Six orders may be written before the first update: the bar may start at 100 %.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(jobEnd.jobFrames.some((frame) => frame.includes('"status":"COMPLETED"'))).toBe(true);
    await takeShot(page, 'order-import-done');

    await dialog.getByRole('button', { name: 'View orders' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByTestId('orders-table');
    await table.getByRole('link', { name: '#1001' }).waitFor();
    await table.getByRole('link', { name: '#1006' }).waitFor();
    await page.getByRole('tab', { name: /All\s*6/ }).waitFor();
    await takeShot(page, 'order-import-listed');

    // On a phone: the same file again imports nothing twice, and the dialog fits the width.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const phonePage = await phone.newPage();
    await useSessionToken(phonePage, baseUrl, token);
    await phonePage.goto(`${baseUrl}/orders`);
    await phonePage.getByTestId('orders-table').getByRole('link', { name: '#1001' }).waitFor();
    await takeShot(phonePage, 'order-import-list-phone', { fullPage: false });
    const phoneDialog = await chooseOrderFile(
      phonePage,
      SHOPIFY_ORDERS_CSV,
      'order-import-choose-phone',
    );
    await phoneDialog.getByText('Shopify orders export').waitFor();
    const fitsWidth = () =>
      phonePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsWidth()).toBe(true);
    await takeShot(phonePage, 'order-import-preview-phone', { fullPage: false });
    await phoneDialog.getByRole('button', { name: 'Import orders' }).click();
    await phoneDialog.getByRole('button', { name: 'View orders' }).waitFor({ timeout: 60_000 });
    await phoneDialog.getByText('0 orders imported.').waitFor();
    expect(await fitsWidth()).toBe(true);
    await takeShot(phonePage, 'order-import-done-phone', { fullPage: false });
    await phone.close();
    await context.close();
  });
});
