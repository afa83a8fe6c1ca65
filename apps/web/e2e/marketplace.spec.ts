import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, SESSION_TOKEN_KEY, useSessionToken } from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
  waitForPath,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navEntry = (page: Page, key: string) => nav(page).locator(`[data-nav-key="${key}"]`);

/** Opens a Sourcing entry of the main navigation (the group may be folded). */
const openSourcingEntry = async (page: Page, key: string) => {
  const entry = navEntry(page, key);
  if (!(await entry.isVisible())) await navEntry(page, 'sourcing').click();
  await entry.click();
};

const searchParamsOf = (page: Page) => new URL(page.url()).searchParams;

/** Mantine's Rating hides its radio inputs; a star is chosen through its label. */
const chooseStars = async (page: Page, stars: number) => {
  const id = await page
    .getByTestId('review-rating-input')
    .locator(`input[value="${stars}"]`)
    .getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
};

/** Waits for the stepper to settle (its step transition) before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

/** A completion date three months ahead (the server wants one after today, UTC). */
const dateInThreeMonths = () =>
  new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe.skipIf(!hasChromium)(`marketplace journey${SKIP_REASON}`, () => {
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

  it('searches, filters, favourites, reviews and files a custom project request', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const account = aNewAccount({ storeTitle: 'Denim & Daughters' });
    const { baseUrl } = server;

    // Register through the two-step form.
    await page.goto(`${baseUrl}/login?mode=register`);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('textbox', { name: 'Store name', exact: true }).fill(account.storeTitle);
    await page.getByRole('textbox', { name: 'Your name', exact: true }).fill(account.name);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Creator/ }).click();
    await page.getByRole('radio', { name: /I use the tools myself/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/homebase');

    // Sourcing home lists real suppliers per tab and leads into the marketplace.
    await openSourcingEntry(page, 'sourcing.home');
    await waitForPath(page, '/home');
    await page.getByTestId('supplier-card').first().waitFor();
    expect(await page.getByTestId('offering-count').textContent()).toMatch(/^\d[\d,]* suppliers$/);
    await takeShot(page, 'marketplace-home', { fullPage: false });
    await page.getByRole('tab', { name: 'Ecommerce packaging' }).click();
    await waitForPath(page, '/home?tab=ecommerce-packaging');
    await page.getByTestId('offering-count').filter({ hasText: 'packaging suppliers' }).waitFor();
    await page.getByRole('link', { name: 'Browse all' }).click();
    await waitForPath(page, '/browse-suppliers');
    // The page's code loads with the navigation (issue 10): until it has, the sourcing home and
    // its own search box are still on screen.
    await page.getByRole('heading', { level: 1, name: 'Browse suppliers' }).waitFor();

    // Text search with autocomplete: suggestions show while typing, Enter searches the text.
    const searchBox = page.getByRole('textbox', { name: 'Search suppliers and products' });
    await searchBox.fill('denim');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await searchBox.press('Enter');
    await waitForPath(page, '/browse-suppliers?searchKey=denim');

    // Region AS and MOQ 100-1000 through the filter panel.
    await page.getByRole('group', { name: 'Region' }).getByText('Asia', { exact: true }).click();
    await waitForPath(page, '/browse-suppliers?searchKey=denim&region=AS');
    await page
      .getByRole('group', { name: 'Minimum order' })
      .getByText('100-1000 units', { exact: true })
      .click();
    await waitForPath(page, '/browse-suppliers?searchKey=denim&region=AS&moq=UNITS_100_1000');
    const resultCount = page.getByTestId('result-count');
    await resultCount.filter({ hasText: /^\d+ suppliers? for “denim”$/ }).waitFor();
    await page.getByRole('listitem').first().waitFor();
    const params = searchParamsOf(page);
    expect(Object.fromEntries(params)).toEqual({
      searchKey: 'denim',
      region: 'AS',
      moq: 'UNITS_100_1000',
    });
    await page.getByRole('group', { name: 'Active filters' }).getByText('Asia').waitFor();
    // The count of the last filter's answer: on a busy machine the count shown first can still
    // be the one before the minimum-order filter.
    await page.waitForLoadState('networkidle');
    const countText = await resultCount.textContent();
    await takeShot(page, 'marketplace-browse-filters', { fullPage: false });

    // The address holds the search: a reload shows the same search, filters and count.
    await page.reload();
    await resultCount.filter({ hasText: countText ?? '' }).waitFor();
    expect(await searchBox.inputValue()).toBe('denim');
    expect(
      await page
        .getByRole('group', { name: 'Region' })
        .getByRole('checkbox', { name: 'Asia' })
        .isChecked(),
    ).toBe(true);
    expect(
      await page
        .getByRole('group', { name: 'Minimum order' })
        .getByRole('checkbox', { name: '100-1000 units' })
        .isChecked(),
    ).toBe(true);

    // Open a supplier from the results.
    const firstCard = page.getByTestId('supplier-card').first();
    const supplierName = (await firstCard.getByRole('link').first().textContent()) ?? '';
    expect(supplierName.length).toBeGreaterThan(0);
    await firstCard.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: supplierName }).waitFor();
    const profilePath = new URL(page.url()).pathname;
    expect(profilePath).toMatch(/^\/browse-suppliers\/supplier-profile\/cmp_[a-z0-9]+$/);
    await page.getByTestId('supplier-address').waitFor();
    expect(
      await page.getByRole('link', { name: /Open in OpenStreetMap/ }).getAttribute('href'),
    ).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=-?[\d.]+&mlon=-?[\d.]+#map=12\//);
    expect(await page.locator('[data-demo-value]').count()).toBeGreaterThan(0);
    // Issue 10: the supplier's mark sits on a band of its categories' illustrations.
    await page.getByTestId('supplier-cover-band').waitFor();
    expect(await page.getByTestId('supplier-mark').count()).toBe(1);
    await takeShot(page, 'marketplace-profile-info');
    await page.getByRole('tab', { name: 'Base products' }).click();
    await page.getByTestId('item-card').first().waitFor();
    // Every base product shows an illustration of its own category, never the generic one.
    const pictures = page.getByTestId('item-card').getByTestId('category-picture');
    expect(await pictures.count()).toBeGreaterThan(0);
    expect(await pictures.locator('svg').count()).toBe(await pictures.count());
    expect(await pictures.locator('svg.tabler-icon-category').count()).toBe(0);
    await takeShot(page, 'marketplace-profile-base-products');
    await page.getByRole('tab', { name: 'Capabilities' }).click();
    await page.getByTestId('capability-list').waitFor();
    await takeShot(page, 'marketplace-profile-capabilities');

    // Favourite it; it shows on /favorites and among my suppliers.
    await page.getByRole('button', { name: `Add ${supplierName} to favorites` }).click();
    await page.getByRole('button', { name: `Remove ${supplierName} from favorites` }).waitFor();
    await openSourcingEntry(page, 'sourcing.favorites');
    await waitForPath(page, '/favorites');
    await page.getByTestId('supplier-card').filter({ hasText: supplierName }).waitFor();
    await takeShot(page, 'marketplace-favorites');
    await openSourcingEntry(page, 'sourcing.my-suppliers');
    await waitForPath(page, '/inbox/my-suppliers');
    await page.getByTestId('supplier-card').filter({ hasText: supplierName }).waitFor();

    // Review it; the summary counts the review and averages it.
    await page.goto(`${baseUrl}${profilePath}?tab=reviews`);
    await page.getByTestId('review-count').filter({ hasText: 'No reviews yet' }).waitFor();
    await page.getByRole('button', { name: 'Write a review' }).click();
    await page.getByRole('button', { name: 'Publish review' }).click();
    await page.getByText('Give 1 to 5 stars.').waitFor();
    await chooseStars(page, 4);
    await page.getByRole('textbox', { name: 'Title' }).fill('Quick samples, clean stitching');
    await page
      .getByRole('textbox', { name: 'Your review' })
      .fill('Samples arrived in two weeks; the denim weight matched the spec.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await page.getByTestId('review-count').filter({ hasText: '1 review' }).waitFor();
    expect(await page.getByTestId('review-average').textContent()).toBe('4.0');
    await page
      .getByTestId('review')
      .filter({ hasText: 'Quick samples, clean stitching' })
      .waitFor();
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();
    await page.getByRole('tab', { name: 'Reviews (1)' }).waitFor();
    await takeShot(page, 'marketplace-profile-reviews');

    // A base product's page: description, capabilities, similar products, reviews.
    await page.getByRole('tab', { name: 'Base products' }).click();
    await page.getByTestId('item-card').first().getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Similar products' }).waitFor();
    await page.getByRole('heading', { name: 'Supplier capabilities' }).waitFor();
    await page.getByTestId('review-count').filter({ hasText: '1 review' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/browse-suppliers\/catalog-item\/itm_/);
    await takeShot(page, 'marketplace-item');

    // A custom project request to this supplier, through every step, with a reload midway.
    await page.getByRole('link', { name: 'Request a custom project' }).click();
    await page.getByRole('textbox', { name: 'Project title' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/create-custom-project');
    // The supplier of the page is already chosen.
    await page.waitForFunction(
      (name) =>
        document
          .querySelector<HTMLInputElement>('input[data-testid="supplier-picker"]')
          ?.value.startsWith(name) ?? false,
      supplierName,
    );
    await settle(page);
    await takeShot(page, 'marketplace-custom-project-basics', { fullPage: false });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Give the project a title.').waitFor();
    await page.getByRole('textbox', { name: 'Project title' }).fill('Organic denim chore jacket');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/create-custom-project\/rfp_[a-z0-9]+$/);
    await waitForPageRendered(page);
    const projectPath = new URL(page.url()).pathname;
    await page.getByRole('textbox', { name: 'Material' }).fill('12 oz organic cotton denim');
    await page
      .getByRole('textbox', { name: 'Print detail' })
      .fill('Embroidered logo on the back yoke, one colour');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Quantity' }).waitFor();
    await page.getByText('A higher quantity lowers the unit cost.').waitFor();

    await page.reload();
    await page.getByRole('textbox', { name: 'Quantity' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(projectPath);
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByRole('textbox', { name: 'Material' }).inputValue()).toBe(
      '12 oz organic cotton denim',
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('300');
    await page.getByLabel('Completion date').fill(dateInThreeMonths());
    await page
      .getByText('We use your target date to check delivery feasibility with suppliers.')
      .waitFor();
    await settle(page);
    await takeShot(page, 'marketplace-custom-project-quantity', { fullPage: false });
    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByTestId('custom-project-summary');
    await summary.getByText('Organic denim chore jacket').waitFor();
    await summary.getByText(supplierName).waitFor();
    await summary.getByText('300 units').waitFor();
    await settle(page);
    await takeShot(page, 'marketplace-custom-project-review', { fullPage: false });
    await page.getByRole('button', { name: 'Submit request' }).click();

    await waitForPath(page, '/inbox/custom-project-requests');
    const row = page.getByTestId('custom-project-row').filter({
      hasText: 'Organic denim chore jacket',
    });
    await row.waitFor();
    expect((await row.textContent())?.toUpperCase()).toContain('SUBMITTED');
    expect(await row.textContent()).toContain('300');
    expect(
      await navEntry(page, 'sourcing.custom-project-requests').getAttribute('aria-current'),
    ).toBe('page');
    await takeShot(page, 'marketplace-custom-project-list');

    // The same search on a phone: filters in a drawer.
    const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await useSessionToken(phonePage, baseUrl, token ?? '');
    await phonePage.goto(
      `${baseUrl}/browse-suppliers?searchKey=denim&region=AS&moq=UNITS_100_1000`,
    );
    await phonePage.getByTestId('supplier-card').first().waitFor();
    await takeShot(phonePage, 'marketplace-browse-mobile', { fullPage: false });
    await phonePage.getByRole('button', { name: /^Filters/ }).click();
    await phonePage.getByRole('dialog', { name: 'Filters' }).waitFor();
    await settle(phonePage);
    await takeShot(phonePage, 'marketplace-filters-mobile', { fullPage: false });
    await phone.close();

    await context.close();
  }, 300_000);

  it('keeps the public review page and supplier preview open without a login', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { baseUrl } = server;
    // A supplier id to share, as a signed-in store would copy it.
    const register = await fetch(`${baseUrl}/api/web/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...aNewAccount(),
        accountType: 'CREATOR',
        usageStyle: 'USE_THE_TOOLS_MYSELF',
      }),
    });
    const { token } = (await register.json()) as { token: string };
    const search = await fetch(`${baseUrl}/api/web/catalog-companies?size=1&region=EU`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await search.json()) as { items: { id: string; name: string }[] };
    const supplier = items[0];
    if (!supplier) throw new Error('The seed has no European supplier.');

    await page.goto(`${baseUrl}/preview-supplier-profile/${supplier.id}`);
    await page.getByRole('heading', { level: 1, name: supplier.name }).waitFor();
    // A visitor without an account sees the base products and the reviews.
    await page.getByRole('tab', { name: 'Base products' }).click();
    await page.getByTestId('item-card').first().waitFor();
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await page.getByTestId('review-count').waitFor();
    await page.getByRole('link', { name: 'Write a review' }).click();
    await waitForPath(page, `/supplier-profile/${supplier.id}/post-review`);
    await page.getByRole('heading', { level: 1, name: `Review ${supplier.name}` }).waitFor();

    await page.getByRole('textbox', { name: 'Your name' }).fill('Pat Buyer');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`pat${Date.now()}@example.com`);
    const id = await page.locator('.mantine-Rating-root input[value="5"]').getAttribute('id');
    await page.locator(`label[for="${id}"]`).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Reliable partner');
    await page.getByRole('button', { name: 'Send review' }).click();
    await page
      .getByTestId('review-check-email')
      .getByText('Check your e-mail, Pat Buyer')
      .waitFor();
    await takeShot(page, 'marketplace-public-review-thanks', { fullPage: false });

    // Issue 9: it counts only once its author confirms the e-mailed link (public-review.spec.ts).
    const summary = await fetch(
      `${baseUrl}/api/web/catalog-company-reviews/summary?companyId=${supplier.id}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(await summary.json()).toMatchObject({ count: 0, average: null, unverifiedCount: 1 });
    await page.goto(`${baseUrl}/preview-supplier-profile/${supplier.id}?tab=reviews`);
    await page.getByTestId('review-count').getByText('No reviews yet').waitFor();
    await page
      .getByTestId('review')
      .filter({ hasText: 'Reliable partner' })
      .getByText('Unverified')
      .waitFor();
    await context.close();
  });
});
