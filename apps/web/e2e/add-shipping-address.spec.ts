import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aNewAccount,
  DEMO_SUPPLIER,
  logInAsDemoSupplier,
  registerByApi,
  useSessionToken,
} from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { startServer, type TestServer } from './support/server';

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
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Picks an option of a Mantine Select by typing part of it. */
const choose = async (page: Page, label: string, option: string) => {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/**
 * Spec §2 /add-shipping-address/{invoiceId}: the store adds where an invoice's goods go (a
 * postal code the country refuses is said at its field), the supplier's invoices list shows it
 * live, and checkout starts from it.
 */
describe.skipIf(!hasChromium)(`add a shipping address to an invoice${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true', SEED_DEMO_ORDERS: 'false' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.dispose();
  });

  it('saves the address through its phases and shows it to the supplier', async () => {
    const { baseUrl } = server;
    const account = aNewAccount({ storeTitle: 'Juniper Threads' });
    const storeToken = await registerByApi(baseUrl, account);
    const { token: supplierToken } = await api<{ token: string }>(
      baseUrl,
      '',
      'POST',
      '/api/partner/auth/login',
      { email: DEMO_SUPPLIER.email, password: DEMO_SUPPLIER.password },
    );
    const { sid } = await api<{ sid: string }>(
      baseUrl,
      storeToken,
      'POST',
      '/api/web/conversations',
      {
        supplierId: DEMO_SUPPLIER.companyId,
      },
    );
    const invoice = await api<{ id: string }>(
      baseUrl,
      supplierToken,
      'POST',
      '/api/partner/invoices',
      {
        conversationId: sid,
        lines: [
          { title: 'Heavyweight tee, black', quantity: 300, unitPrice: 850 },
          {
            title: 'Tech pack revision',
            category: 'DESIGN_SERVICE',
            quantity: 1,
            unitPrice: 12000,
          },
        ],
        shippingMode: 'CHARGE_SHIPPING_LATER',
        leadTimeDays: 30,
      },
    );

    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(creatorContext, supplierContext);
    const creator = await creatorContext.newPage();
    const supplier = await supplierContext.newPage();
    await logInAsDemoSupplier(supplier, baseUrl);
    await supplier.goto(`${baseUrl}/partner/invoices`);
    await supplier.getByTestId('invoice-row').first().waitFor();

    await useSessionToken(creator, baseUrl, storeToken);
    await creator.goto(`${baseUrl}/pay-invoice/${invoice.id}`);
    await creator.getByTestId('invoice-ship-to').waitFor();
    await takeShot(creator, 'address-pay-invoice-link', { fullPage: false });
    await creator.getByRole('link', { name: 'Add shipping address' }).click();
    await creator.waitForURL(new RegExp(`/add-shipping-address/${invoice.id}$`));
    await creator.getByRole('button', { name: 'Add shipping address' }).waitFor();
    await takeShot(creator, 'address-preview');

    await creator.getByRole('button', { name: 'Add shipping address' }).click();
    await creator.getByRole('textbox', { name: 'Recipient’s name' }).fill('June Park');
    await creator.getByRole('textbox', { name: 'Street address' }).fill('12 Fayetteville St');
    await creator.getByRole('textbox', { name: 'City' }).fill('Raleigh');
    await choose(creator, 'State or province', 'North Carolina');
    await creator.getByRole('textbox', { name: 'ZIP code' }).fill('2760');
    await creator.getByRole('textbox', { name: 'ZIP code' }).press('Enter');
    await creator.getByText('2760 is not a postal code of United States.').waitFor();
    await takeShot(creator, 'address-form-postal-error');

    await creator.getByRole('textbox', { name: 'ZIP code' }).fill('27601');
    await creator.getByRole('button', { name: 'Save address' }).click();
    await creator.getByTestId('address-saved').waitFor();
    await takeShot(creator, 'address-complete');

    // The supplier's list shows it without a reload.
    await supplier
      .getByTestId('invoice-ship-to')
      .filter({ hasText: '12 Fayetteville St' })
      .first()
      .waitFor({ timeout: 15_000 });
    await takeShot(supplier, 'address-supplier-invoices', { fullPage: false });

    // Checkout starts from it.
    await creator.getByRole('link', { name: 'Pay the invoice' }).click();
    await creator.getByRole('button', { name: 'Add to cart and pay' }).click();
    await creator.waitForURL(/\/checkout/);
    await creator.getByRole('button', { name: 'Continue to shipping' }).click();
    const street = creator.getByRole('textbox', { name: 'Street address' });
    await expect.poll(() => street.inputValue()).toBe('12 Fayetteville St');
    await takeShot(creator, 'address-checkout-prefilled', { fullPage: false });
  });
});
