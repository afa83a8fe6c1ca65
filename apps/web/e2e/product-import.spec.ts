import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { holdJobEnd, waitForDialogSettled } from './support/jobs';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

const SHOPIFY_PRODUCTS_CSV = path.join(REPO_ROOT, 'docs/examples/shopify-products-export.csv');

/** Opens "Import products" on /inventory and chooses the file through the picker. */
const chooseProductFile = async (page: Page, shotName: string) => {
  await page.getByRole('button', { name: 'Import products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await dialog.getByText('Step 1 of 3: Choose a file').waitFor();
  await waitForDialogSettled(page);
  await takeShot(page, shotName, { fullPage: false });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'Choose file' }).click(),
  ]);
  await chooser.setFiles(SHOPIFY_PRODUCTS_CSV);
  await dialog.getByText('Step 2 of 3: Check the preview').waitFor({ timeout: 30_000 });
  return dialog;
};

describe.skipIf(!hasChromium)(`product import (issue 11)${SKIP_REASON}`, () => {
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

  it('imports Shopify’s product CSV with a live progress bar and lists its products', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);
    const jobEnd = await holdJobEnd(page);

    await page.goto(`${baseUrl}/inventory`);
    await page.getByRole('main').getByText('No products yet').waitFor();
    const dialog = await chooseProductFile(page, 'product-import-choose');
    await dialog.getByText('Shopify products export').waitFor();
    const columns = dialog.getByRole('table', { name: 'Columns of the file' });
    await columns.getByRole('row', { name: /^Variant SKU sku$/ }).waitFor();
    await columns.getByRole('row', { name: /^Gift Card Not imported$/ }).waitFor();
    await dialog
      .getByRole('table', { name: 'First rows of the file' })
      .getByText('APR-LIN-SAGE-SM')
      .waitFor();
    expect(
      await dialog.getByRole('combobox', { name: 'Currency of the prices' }).inputValue(),
    ).toBe('USD');
    await takeShot(page, 'product-import-preview');

    await jobEnd.waitForUpgrade();
    await dialog.getByRole('button', { name: 'Import products' }).click();
    await dialog.getByText('Step 3 of 3: Import').waitFor();
    await dialog.getByRole('progressbar', { name: /^Your product import: \d+%$/ }).waitFor();
    await dialog.getByText(/You can close this dialog: the import goes on/).waitFor();
    await takeShot(page, 'product-import-progress');

    jobEnd.release();
    await dialog.getByRole('button', { name: 'View products' }).waitFor({ timeout: 30_000 });
    await dialog.getByText('3 products added, 0 updated.').waitFor();
    await takeShot(page, 'product-import-done');

    await dialog.getByRole('button', { name: 'View products' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const main = page.getByRole('main');
    await main.getByText('Linen apron').first().waitFor();
    await main.getByText('Stoneware mug').first().waitFor();
    // Shopify's draft is kept out of sale: archived.
    await main.getByRole('tab', { name: /Archived\s*1/ }).waitFor();
    await takeShot(page, 'product-import-listed');

    // On a phone: the same file again changes nothing, and the dialog fits the width.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const phonePage = await phone.newPage();
    await useSessionToken(phonePage, baseUrl, token);
    await phonePage.goto(`${baseUrl}/inventory`);
    await phonePage.getByRole('main').getByText('Linen apron').first().waitFor();
    const phoneDialog = await chooseProductFile(phonePage, 'product-import-choose-phone');
    const fitsWidth = () =>
      phonePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsWidth()).toBe(true);
    await takeShot(phonePage, 'product-import-preview-phone', { fullPage: false });
    await phoneDialog.getByRole('button', { name: 'Import products' }).click();
    await phoneDialog.getByRole('button', { name: 'View products' }).waitFor({ timeout: 60_000 });
    await phoneDialog
      .getByText('Your products already are as this file says: nothing changed.')
      .waitFor();
    expect(await fitsWidth()).toBe(true);
    await takeShot(phonePage, 'product-import-done-phone', { fullPage: false });
    await phone.close();
    await context.close();
  });
});
