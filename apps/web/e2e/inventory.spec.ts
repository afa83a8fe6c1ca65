import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Whether the page is wider than the window (a table or row that pushes the page sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!hasChromium)(`inventory (issue 11)${SKIP_REASON}`, () => {
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

  it('adds a product with a variant per color, lists it, exports it and archives it', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    const main = page.getByRole('main');

    // A new store has no products: the list invites it to add one.
    await page.goto(`${baseUrl}/inventory`);
    await main.getByText('No products yet').waitFor();
    await main.getByText(/and their stock in the fulfillment center/).waitFor();
    await main.getByRole('tab', { name: 'Stock' }).waitFor();
    await takeShot(page, 'inventory-empty');
    await main.getByRole('link', { name: 'Add product' }).last().click();
    await waitForPath(page, '/inventory/new');

    // Title, one option with two values, then a variant per value with its SKU and price.
    await main.getByRole('textbox', { name: 'Title' }).fill('Linen apron');
    await main.getByRole('textbox', { name: 'Vendor' }).fill('Juniper & Oak');
    await main.getByRole('button', { name: 'Add option' }).click();
    await main.getByRole('textbox', { name: 'Option 1 name' }).fill('Color');
    const colors = main.getByRole('combobox', { name: 'Option 1 values' });
    for (const color of ['Sage', 'Rust']) {
      await colors.fill(color);
      await colors.press('Enter');
    }
    await main
      .getByTestId('variants-stale')
      .getByRole('button', { name: 'Generate variants' })
      .click();
    const variants = main.getByTestId('variants-table');
    await variants.getByRole('textbox', { name: 'SKU of Sage' }).fill('AP-SAGE');
    await variants.getByRole('textbox', { name: 'Price of Sage', exact: true }).fill('24');
    await variants.getByRole('textbox', { name: 'SKU of Rust' }).fill('AP-RUST');
    // Typed key by key: the cents stay as typed while the field shows two decimals.
    await variants
      .getByRole('textbox', { name: 'Price of Rust', exact: true })
      .pressSequentially('26.05');
    await takeShot(page, 'inventory-editor');
    await main.getByRole('button', { name: 'Add product' }).click();

    // Saved: the product's own page replaces /inventory/new.
    await page.getByText('Linen apron added.').waitFor();
    await page.waitForURL(/\/inventory\/prd_[a-z0-9]+$/);
    await waitForPageRendered(page);
    await main.getByRole('heading', { level: 1, name: 'Linen apron' }).waitFor();
    expect(await variants.getByRole('textbox', { name: 'SKU of Rust' }).inputValue()).toBe(
      'AP-RUST',
    );

    // Back on the list: two variants, both SKUs and the price range.
    await main.getByRole('link', { name: 'Products', exact: true }).click();
    await waitForPath(page, '/inventory');
    const table = main.getByTestId('products-table');
    const row = table.getByRole('row', { name: /Linen apron/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('2');
    await row.getByText('AP-SAGE, AP-RUST').waitFor();
    await row.getByText('$24.00 – $26.05').waitFor();
    await row.getByText('Juniper & Oak').waitFor();
    expect(await page.getByRole('tab', { name: /Active\s*1/, selected: true }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: /Archived\s*0/ }).count()).toBe(1);
    await takeShot(page, 'inventory-list');

    // The export holds a row per variant in Shopify's layout.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-.*\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('Variant SKU');
    expect(csv).toContain('AP-SAGE');
    expect(csv).toContain('AP-RUST');

    // On a phone the page keeps its width: the tables scroll in their own boxes.
    await page.setViewportSize({ width: 375, height: 812 });
    await row.waitFor();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    await takeShot(page, 'inventory-list-375');
    await table.getByRole('link', { name: 'Linen apron' }).click();
    await main.getByRole('heading', { level: 1, name: 'Linen apron' }).waitFor();
    await variants.waitFor();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    await takeShot(page, 'inventory-editor-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Archived after a confirmation, it leaves the active list for the Archived tab.
    await main.getByRole('button', { name: 'Archive', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Linen apron?' });
    await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('Linen apron archived.').waitFor();
    await main.getByRole('button', { name: 'Unarchive' }).waitFor();
    await main.getByRole('link', { name: 'Products', exact: true }).click();
    await waitForPath(page, '/inventory');
    await main.getByText('No active products').waitFor();
    await page.getByRole('tab', { name: /Archived\s*1/ }).click();
    await waitForPath(page, '/inventory?status=ARCHIVED');
    await table.getByRole('link', { name: 'Linen apron' }).waitFor();
    expect(await page.getByRole('tab', { name: /Active\s*0/ }).count()).toBe(1);
    await takeShot(page, 'inventory-archived');

    // An address that names no product of the store says so, with the way back.
    await page.goto(`${baseUrl}/inventory/prd_doesnotexist`);
    await main.getByText('No such product').waitFor();
    await page.context().close();
  });
});
