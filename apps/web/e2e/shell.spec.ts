import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

const WIDTHS = [390, 768, 1280] as const;

/** A 1×1 PNG. */
const A_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The visible "not built yet" markers whose text does not fit their box (issue 10). */
const findCutMarkers = (page: Page) =>
  page.locator('[data-testid="not-built-marker"]').evaluateAll((markers) =>
    markers
      .filter((marker) => marker.getClientRects().length > 0)
      .flatMap((marker) => {
        const label = marker.querySelector('span') ?? marker;
        const box = marker.getBoundingClientRect();
        const text = label.getBoundingClientRect();
        const isCut =
          label.scrollWidth > label.clientWidth + 1 ||
          text.right > box.right + 1 ||
          text.left < box.left - 1 ||
          box.right > window.innerWidth;
        return isCut ? [marker.textContent ?? ''] : [];
      }),
  );

/** The visible navigation entries marked "not built yet" whose label wraps onto several lines. */
const findWrappedNavLabels = (page: Page) =>
  page.locator('[data-not-built] .mantine-NavLink-label').evaluateAll((labels) =>
    labels
      .filter((label) => label.getClientRects().length > 0)
      .flatMap((label) => {
        const text = document.createTreeWalker(label, NodeFilter.SHOW_TEXT).nextNode();
        if (!text) return [];
        const range = document.createRange();
        range.selectNodeContents(text);
        const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lineTops.size > 1 ? [text.textContent ?? ''] : [];
      }),
  );

const countVisibleMarkers = (page: Page) =>
  page
    .locator('[data-testid="not-built-marker"]')
    .evaluateAll(
      (markers) => markers.filter((marker) => marker.getClientRects().length > 0).length,
    );

describe.skipIf(!hasChromium)(`app shell and navigation (issue 10)${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await registerByApi(server.baseUrl, aNewAccount({ storeTitle: 'Shell Goods' }));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const signedInPage = async (width: number) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, server.baseUrl, token);
    return page;
  };

  it.each(['/no-such-page', '/404', '/inbox/no-such-tab'])(
    'keeps the navigation on the 404 page %s for a signed-in user',
    async (path) => {
      const page = await signedInPage(1280);
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByTestId('not-found').waitFor();
      await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      expect(await page.getByTestId('not-found').count()).toBe(1);
      expect(await page.getByTestId('main-navbar').count()).toBe(1);
      await page.context().close();
    },
  );

  it('opens the one product design studio from the old sourcing address', async () => {
    const page = await signedInPage(1280);
    await page.goto(`${server.baseUrl}/sourcing/product-design`);
    await waitForPath(page, '/shopify-design');
    await page.getByRole('heading', { name: 'Product design studio', level: 1 }).waitFor();
    const studios = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByText(/product design studio/i);
    expect(await studios.count()).toBe(1);
    await page.context().close();
  });

  it('shows the 404 page without navigation to a signed-out visitor', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
    expect(await page.getByTestId('main-navbar').count()).toBe(0);
    await page.context().close();
  });

  it.each(WIDTHS)(
    'shows whole "Coming later" markers and one-line labels at %i px',
    async (width) => {
      const page = await signedInPage(width);
      for (const path of ['/fulfillment-services', '/homebase']) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByTestId('not-built-marker').first().waitFor();
        if (width > 768 || path === '/fulfillment-services') {
          // Open the groups, so their entries' markers are measured as well.
          for (const group of ['Fulfillment', 'Merch storefront']) {
            const toggle = page.getByRole('button', { name: group, exact: true });
            if (
              (await toggle.isVisible()) &&
              (await toggle.getAttribute('aria-expanded')) !== 'true'
            )
              await toggle.click();
          }
        }
        expect(await countVisibleMarkers(page)).toBeGreaterThan(0);
        expect(await findCutMarkers(page), `${path} at ${width} px`).toEqual([]);
        expect(await findWrappedNavLabels(page), `${path} at ${width} px`).toEqual([]);
        await takeShot(page, `shell-markers-${path.slice(1)}-${width}`);
      }
      await page.context().close();
    },
  );

  it('offers an avatar upload instead of developer fields on /account-info, shown in the user menu', async () => {
    const page = await signedInPage(1280);
    await page.goto(`${server.baseUrl}/account-info`);
    await page.getByRole('button', { name: 'Upload image' }).waitFor();
    for (const heading of ['Feature flags', 'External fields']) {
      expect(await page.getByText(heading, { exact: true }).count()).toBe(0);
    }
    expect(await page.getByLabel('Avatar URL').count()).toBe(0);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: A_PNG,
    });
    await page.getByRole('button', { name: 'Replace image' }).waitFor();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Store profile saved.').waitFor();
    const menuAvatar = page.getByTestId('user-avatar').locator('img');
    await menuAvatar.waitFor();
    expect(await menuAvatar.getAttribute('src')).toMatch(/^blob:/);
    await takeShot(page, 'shell-account-info-avatar', { fullPage: false });
    await page.context().close();
  });

  it('mutes the tiles of unbuilt modules and still opens their placeholder page', async () => {
    const page = await signedInPage(1280);
    // Every fulfillment tile is built now (issue 15); the homebase's AI sourcing agent is not.
    await page.goto(`${server.baseUrl}/homebase`);
    const agent = page.locator('[data-module][data-not-built="true"]', {
      hasText: 'AI sourcing agent',
    });
    await agent.first().waitFor();
    await agent.first().click();
    await page.getByRole('heading', { name: 'AI sourcing agent', level: 1 }).waitFor();
    expect(await page.getByTestId('coming-soon').textContent()).toContain('Coming later');
    await page.context().close();
  });

  it.each(['/ask-copilot', '/manage-shop', '/discount'])(
    'marks the placeholder at %s with the words of every marker',
    async (path) => {
      const page = await signedInPage(1280);
      await page.goto(`${server.baseUrl}${path}`);
      const placeholder = page.getByTestId('coming-soon').first();
      await placeholder.waitFor();
      expect(await placeholder.textContent()).toContain('Coming later');
      expect(await page.locator('main').textContent()).not.toMatch(/not built/i);
      await page.context().close();
    },
  );
});
