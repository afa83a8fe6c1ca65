import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aNewAccount,
  DEMO_SUPPLIER,
  logInAsDemoSupplier,
  registerByApi,
  useSessionToken,
} from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

/** JSON call with a bearer token; throws unless 2xx. */
const api = async <T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * Issue 12 price changes before payment: the supplier edits a line's price on /partner/invoices,
 * the store's cart shows "Price changed" and accepts it.
 */
describe.skipIf(!hasChromium)(`price changes before payment${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.dispose();
  });

  it('the supplier changes a price; the store sees it in the cart and accepts it', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount({ storeTitle: 'Juniper Threads' }));
    const conversation = await api<{ sid: string }>(
      baseUrl,
      token,
      'POST',
      '/api/web/conversations',
      {
        supplierId: DEMO_SUPPLIER.companyId,
      },
    );
    const supplierSession = await fetch(`${baseUrl}/api/partner/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_SUPPLIER.email, password: DEMO_SUPPLIER.password }),
    }).then((response) => response.json() as Promise<{ token: string }>);
    const invoice = await api<{ id: string }>(
      baseUrl,
      supplierSession.token,
      'POST',
      '/api/partner/invoices',
      {
        conversationId: conversation.sid,
        lines: [
          { title: 'Heavyweight tee, black', quantity: 300, unitPrice: 1200 },
          {
            title: 'Tech pack revision',
            category: 'DESIGN_SERVICE',
            quantity: 1,
            unitPrice: 12000,
          },
        ],
        shippingAmount: 15000,
        leadTimeDays: 30,
      },
    );
    await api(baseUrl, token, 'POST', '/api/web/creator-invoice-items/action/add-to-cart', {
      invoiceId: invoice.id,
    });

    const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(supplierContext);
    const supplier = await supplierContext.newPage();
    await logInAsDemoSupplier(supplier, baseUrl);
    await supplier.goto(`${baseUrl}/partner/invoices`);
    await waitForPageRendered(supplier);
    await supplier
      .getByRole('button', { name: /^Edit prices of Heavyweight tee/ })
      .first()
      .click();
    const price = supplier.getByRole('textbox', { name: 'Heavyweight tee, black unit price' });
    await price.fill('13.50');
    await expect
      .poll(() => supplier.getByTestId('new-total').textContent())
      .toBe('New total $4,320.00 (was $3,870.00)');
    await takeShot(supplier, 'price-change-supplier-modal', { fullPage: false });
    await price.press('Enter');
    await supplier.getByRole('dialog').waitFor({ state: 'detached' });

    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(creatorContext);
    const creator = await creatorContext.newPage();
    await useSessionToken(creator, baseUrl, token);
    await creator.goto(`${baseUrl}/home?open=cart`);
    const notice = creator.getByTestId('price-changed');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Price changed: $12.00 → $13.50');
    await takeShot(creator, 'price-change-cart', { fullPage: false });

    // Checkout before accepting: the server's refusal, on the overview.
    await creator.goto(`${baseUrl}/checkout`);
    await waitForPageRendered(creator);
    await creator.getByTestId('price-changed').waitFor();
    await creator
      .getByRole('button', { name: 'Accept the new price of Heavyweight tee, black' })
      .click();
    await creator.getByTestId('price-changed').waitFor({ state: 'detached' });
    await takeShot(creator, 'price-change-checkout-accepted', { fullPage: false });
  });
});
