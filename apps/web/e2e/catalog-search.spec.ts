import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** The issue's own example: a word of product titles, in no supplier's name or description. */
const TITLE_WORD = 'hoodie';

type Count = { count: number; correctedSearchKey?: string };

const countOf = async (baseUrl: string, token: string, path: string, searchKey: string) => {
  const url = new URL(`${baseUrl}${path}`);
  url.searchParams.set('searchKey', searchKey);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Count;
};

/**
 * A key that some products match and no supplier does: the title word and a word of a product's
 * description (a supplier is found by its own words or its products' titles, never their
 * descriptions). Looked up in the seeded catalog, so the journey does not depend on its wording.
 */
const findProductsOnlyKey = async (baseUrl: string, token: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/web/catalog-items?searchKey=${TITLE_WORD}&size=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { description: string }[] };
  const words = [...new Set(items[0]?.description.toLowerCase().match(/\b[a-z]{5,}\b/g) ?? [])];
  for (const word of words) {
    const key = `${TITLE_WORD} ${word}`;
    const suppliers = await countOf(baseUrl, token, '/api/web/catalog-companies/action/count', key);
    const products = await countOf(baseUrl, token, '/api/web/catalog-items/action/count', key);
    if (suppliers.count === 0 && products.count > 0 && !products.correctedSearchKey) return key;
  }
  throw new Error(`No description word of a ${TITLE_WORD} finds products and no supplier.`);
};

const searchFor = async (page: Page, text: string) => {
  const searchBox = page.getByRole('textbox', { name: 'Search suppliers and products' });
  await searchBox.fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
};

describe.skipIf(!hasChromium)(`catalog search journey${SKIP_REASON}`, () => {
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

  it('finds suppliers by their product titles and offers the products when no supplier matches', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount({ storeTitle: 'Hoodie Hall' }));
    const productsOnlyKey = await findProductsOnlyKey(baseUrl, token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);

    // A word only product titles hold finds the suppliers of those products.
    await page.goto(`${baseUrl}/browse-suppliers`);
    await searchFor(page, TITLE_WORD);
    await waitForPath(page, `/browse-suppliers?searchKey=${TITLE_WORD}`);
    const resultCount = page.getByTestId('result-count');
    await resultCount.filter({ hasText: /^[1-9][\d,]* suppliers? for “hoodie”$/ }).waitFor();
    await page.getByTestId('supplier-card').first().waitFor();
    await takeShot(page, 'catalog-search-suppliers-by-title', { fullPage: false });

    // Misspelt, the suppliers tab searches the corrected word and says so.
    await searchFor(page, 'hoodei');
    await page.getByTestId('corrected-search').waitFor();
    expect(await page.getByTestId('corrected-search').textContent()).toBe(
      'Nothing matched “hoodei”, so these are results for “hoodie”.',
    );
    await page.getByTestId('supplier-card').first().waitFor();

    // No supplier matches: the empty view offers the products, and shows them on a click.
    await searchFor(page, productsOnlyKey);
    const empty = page.getByTestId('no-results');
    await empty.getByText(`No suppliers match “${productsOnlyKey}”`).waitFor();
    await empty.getByText(/^[1-9][\d,]* catalog products? do(es)?\.$/).waitFor();
    await takeShot(page, 'catalog-search-offers-products', { fullPage: false });
    await empty.getByRole('button', { name: 'Show products' }).click();
    await waitForPath(
      page,
      `/browse-suppliers?viewType=CATALOG_PRODUCTS&searchKey=${encodeURIComponent(productsOnlyKey)}`,
    );
    await page.getByTestId('item-card').first().waitFor();
    await resultCount
      .filter({ hasText: new RegExp(`^[1-9][\\d,]* products? for “${productsOnlyKey}”$`) })
      .waitFor();
    expect(
      await page.getByRole('textbox', { name: 'Search suppliers and products' }).inputValue(),
    ).toBe(productsOnlyKey);
    await context.close();
  });

  it('reads malformed filters in the address as no filter, not as a broken page', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/browse-suppliers?moq=1e9&sort=BOGUS`);
    await page.getByTestId('supplier-card').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
