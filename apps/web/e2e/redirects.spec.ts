import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, waitForPath } from './support/browser';
import { SHOTS_DIR } from './support/paths';
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
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await registerByApi(server.baseUrl, aNewAccount());
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
    await waitForPath(guest, '/login?redirect=%2Faccount-info%23billing');
    await guest.context().close();
  });

  /** A phone's width puts the billing section below the profile, team, cards and bundles. */
  const openPhone = async () => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await useSessionToken(phone, server.baseUrl, token);
    return phone;
  };

  /** How far below the viewport's top the section is, once it and the page around it loaded. */
  const settledTopOf = async (phone: Page, section: Locator) => {
    await section.getByTestId('plan-name').waitFor();
    await phone.waitForLoadState('networkidle');
    await phone.waitForTimeout(300);
    return (await section.boundingBox())?.y ?? Number.NaN;
  };

  // Below the fixed 60 px header, with the section's margin; never under it, never far below.
  const LANDED = { min: 60, max: 100 };

  it('lands /billing-and-reporting on the billing section, scrolled to it', async () => {
    const phone = await openPhone();
    await phone.goto(`${server.baseUrl}/billing-and-reporting`);
    await waitForPath(phone, '/account-info');
    expect(new URL(phone.url()).hash).toBe('#billing');
    const top = await settledTopOf(phone, phone.locator('#billing'));
    expect(top).toBeGreaterThanOrEqual(LANDED.min);
    expect(top).toBeLessThanOrEqual(LANDED.max);
    expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await phone.context().close();
  });

  it('scrolls to the billing section from a link to /account-info#billing', async () => {
    const phone = await openPhone();
    await phone.goto(`${server.baseUrl}/homebase/subscription-updated`);
    await waitForPath(phone, '/homebase/subscription-updated');
    await phone.getByRole('link', { name: 'Invoices, cards and billing' }).click();
    await waitForPath(phone, '/account-info');
    const top = await settledTopOf(phone, phone.locator('#billing'));
    expect(top).toBeGreaterThanOrEqual(LANDED.min);
    expect(top).toBeLessThanOrEqual(LANDED.max);
    // As the reader sees it (takeShot scrolls to the top first).
    mkdirSync(SHOTS_DIR, { recursive: true });
    await phone.screenshot({ path: path.join(SHOTS_DIR, 'redirects-account-info-billing.png') });
    await phone.context().close();
  });
});
