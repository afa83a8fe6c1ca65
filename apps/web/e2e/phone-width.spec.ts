import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

/** Issue 10: an iPhone-sized viewport; no built page may scroll sideways at this width. */
const PHONE = { width: 390, height: 844 };

/** Phone screenshots land here for the closing note (compared by eye). */
const PHONE_SHOTS_DIR = path.join(REPO_ROOT, 'test-results', 'phone');

/** The built pages of a signed-in store (module pages that only say "not built" aside). */
const BUILT_PAGES = [
  '/homebase',
  '/account-info',
  '/home',
  '/manage-shop',
  '/inbox/messages',
  '/inbox/my-suppliers',
  '/inbox/custom-project-requests',
  '/fulfillment-services',
  '/browse-suppliers',
  '/browse-suppliers?viewType=CATALOG_PRODUCTS',
  '/favorites',
  '/create-custom-project',
  '/ask-copilot',
];

/** How far the page is wider than the viewport, in CSS pixels (0 when it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Lets the page load its data and settle its layout before it is measured. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
};

describe.skipIf(!hasChromium)(`phone width journey${SKIP_REASON}`, () => {
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

  it('shows every built page at 390 px without sideways scrolling', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    // A draft and a long-titled request, so the custom-project list has rows to lay out.
    for (const title of ['Organic tee', 'Heavyweight hoodie with embroidered chest logo']) {
      const response = await fetch(`${baseUrl}/api/web/project-management`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title, quantity: 1200, material: 'Organic cotton' }),
      });
      expect(response.status).toBe(201);
    }
    const suppliers = await fetch(`${baseUrl}/api/web/catalog-companies?size=1`, { headers });
    const supplier = ((await suppliers.json()) as { items: { id: string }[] }).items[0];
    expect(supplier).toBeDefined();

    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);

    const pages = [
      ...BUILT_PAGES,
      `/browse-suppliers/supplier-profile/${supplier?.id}`,
      `/browse-suppliers/supplier-profile/${supplier?.id}?tab=reviews`,
    ];
    const overflowing: string[] = [];
    const wrappedTabs: string[] = [];
    for (const pagePath of pages) {
      await page.goto(`${baseUrl}${pagePath}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
      await settle(page);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${pagePath} (${overflow} px too wide)`);
      // Every row of tabs (sourcing home, manage shop, inbox, a profile) stays one row.
      const rows = await page
        .getByRole('tablist')
        .evaluateAll((lists) =>
          lists.map(
            (list) =>
              new Set(
                [...list.querySelectorAll('[role="tab"]')].map((tab) =>
                  Math.round(tab.getBoundingClientRect().top),
                ),
              ).size,
          ),
        );
      if (rows.some((count) => count > 1))
        wrappedTabs.push(`${pagePath} (${rows.join(', ')} rows)`);
    }
    expect(overflowing).toEqual([]);
    expect(wrappedTabs).toEqual([]);

    // The three screens of issue 10, for the eye: inbox tabs, view switcher, request list.
    const shoot = async (pagePath: string, name: string, ready: () => Promise<unknown>) => {
      await page.goto(`${baseUrl}${pagePath}`);
      await ready();
      await settle(page);
      mkdirSync(PHONE_SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(PHONE_SHOTS_DIR, `${name}.png`) });
    };
    await shoot('/inbox/messages', 'phone-inbox', () =>
      page.getByRole('tab', { name: /Messages/ }).waitFor(),
    );
    // The five inbox tabs stay on one row (it scrolls sideways inside itself).
    const tabTops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    expect(tabTops).toHaveLength(5);
    expect(new Set(tabTops).size).toBe(1);

    await shoot('/browse-suppliers', 'phone-browse', () =>
      page.getByTestId('supplier-card').first().waitFor(),
    );
    // The view switcher is one row: a select, not four stacked segments.
    const switcher = await page.getByRole('combobox', { name: 'View' }).boundingBox();
    expect(switcher?.height).toBeLessThanOrEqual(48);
    expect(await page.getByRole('radiogroup', { name: 'View' }).count()).toBe(0);

    await shoot('/inbox/custom-project-requests', 'phone-custom-projects', () =>
      page.getByText('Heavyweight hoodie with embroidered chest logo').first().waitFor(),
    );
    // Requests are cards on a phone, each inside the screen; the active tab is scrolled into view.
    const cards = await page
      .getByTestId('custom-project-card')
      .evaluateAll((elements) => elements.map((card) => card.getBoundingClientRect().right));
    expect(cards).toHaveLength(2);
    for (const right of cards) expect(right).toBeLessThanOrEqual(PHONE.width);
    // No status badge is cut short ("DR…") beside a long title.
    const cutBadges = await page
      .getByTestId('custom-project-card')
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) =>
        labels
          .filter((label) => label.scrollWidth > label.clientWidth)
          .map((label) => label.textContent),
      );
    expect(cutBadges).toHaveLength(0);
    const activeTab = await page
      .getByRole('tab', { name: 'Custom project requests' })
      .boundingBox();
    expect((activeTab?.x ?? -1) + (activeTab?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(activeTab?.x).toBeGreaterThanOrEqual(0);
  });
});
