import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Spec §2 "Redirects", one row per source, as the spec lists them. */
const REDIRECTS: readonly [from: string, to: string][] = [
  ['/workboard', '/inbox/messages'],
  ['/supplier-chat', '/inbox/messages'],
  ['/setup-business', '/fulfillment-services'],
  ['/browse-under-500', '/home'],
  ['/store-profile', '/manage-shop'],
  ['/billing-and-reporting', '/account-info'],
  ['/audience-capture', '/email-capture'],
  ['/shopify-bind', '/app-bind'],
  ['/invite-bind', '/app-bind'],
  ['/appsumo-bind', '/app-bind?appName=appsumo'],
  ['/partners-top-nav?ref=header&utm_source=nav', '/partners'],
  ['/fulfillment-services/shopify', '/ecommerce-services/shopify'],
  ['/fulfillment-services/pietra-shop', '/ecommerce-services/pietra-shop'],
  ['/fulfillment-services/instagram', '/ecommerce-services/instagram'],
  ['/fulfillment-services/wholesale', '/ecommerce-services/wholesale'],
  ['/fulfillment-services/verishop', '/ecommerce-services/verishop'],
  ['/fulfillment-services/google-shopping', '/ecommerce-services/google-shopping'],
  ['/home/subscription-cycle-change', '/homebase/subscription-cycle-change'],
  ['/home/subscription-downgrade', '/homebase/subscription-downgrade'],
  ['/home/subscription-updated', '/homebase/subscription-updated'],
  ['/home/quiz', '/homebase/quiz'],
  ['/home/blueprint', '/homebase/blueprint'],
];

describe.skipIf(!hasChromium)(`spec §2 redirects in the browser${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await registerByApi(server.baseUrl, aNewAccount());
    page = await (await browser.newContext()).newPage();
    await useSessionToken(page, server.baseUrl, token);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it.each(REDIRECTS)('sends %s to %s, an existing page', async (from, to) => {
    await page.goto(`${server.baseUrl}${from}`);
    await waitForPath(page, to);
    await page.locator('h1').first().waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
  });

  it('keeps the query of a redirect that does not drop it', async () => {
    await page.goto(`${server.baseUrl}/appsumo-bind?code=XYZ-1`);
    await waitForPath(page, '/app-bind?appName=appsumo&code=XYZ-1');
  });

  it('redirects before asking for a login', async () => {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${server.baseUrl}/billing-and-reporting`);
    await waitForPath(guest, '/login?redirect=%2Faccount-info');
    await guest.context().close();
  });
});
