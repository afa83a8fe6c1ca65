import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, DEMO_SUPPLIER, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { REPO_ROOT } from './support/paths';
import { startServer, type TestServer } from './support/server';

const LINE_TITLE = 'Canvas totes';

/**
 * A WooCommerce orders export (the columns of docs/examples/woocommerce-orders-export.csv) with
 * one order still to be sent: 2 × TOTE-NAT at $24.00 to Raleigh, NC.
 */
const wooOrderCsv = async () => {
  const example = await readFile(
    path.join(REPO_ROOT, 'docs/examples/woocommerce-orders-export.csv'),
    'utf8',
  );
  const header = example.split('\n')[0]!.trim();
  const values: Record<string, string> = {
    order_id: '5001',
    date: '2026-11-20 10:15:22',
    status: 'processing',
    order_total: '48.00',
    order_currency: 'USD',
    payment_method: 'stripe',
    shipping_method: 'Flat rate',
    customer_id: '7',
    billing_first_name: 'Jane',
    billing_last_name: 'Doe',
    billing_email: 'jane.doe@example.com',
    billing_address_1: '120 Main St',
    billing_postcode: '27601',
    billing_city: 'Raleigh',
    billing_state: 'NC',
    billing_country: 'US',
    shipping_first_name: 'Jane',
    shipping_last_name: 'Doe',
    shipping_address_1: '120 Main St',
    shipping_postcode: '27601',
    shipping_city: 'Raleigh',
    shipping_state: 'NC',
    shipping_country: 'US',
    item_id: '101',
    item_product_id: '56',
    item_name: 'Canvas tote',
    item_sku: 'TOTE-NAT',
    item_price: '24',
    item_quantity: '2',
    item_subtotal: '48.00',
    item_total: '48.00',
  };
  const row = header
    .split(',')
    .map(
      (column) =>
        values[column] ?? (column.endsWith('_total') || column.endsWith('_tax') ? '0.00' : ''),
    );
  return `${header}\n${row.join(',')}\n`;
};

describe.skipIf(!hasChromium)(`fulfillment center (issue 15)${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // The demo supplier (SEED_DEMO) sells the goods the center receives.
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('receives a sourcing order into stock, an imported order reserves it, ships with a 4×6 label PDF and comes back as a return, restocked', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const api = async (
      method: string,
      url: string,
      body?: unknown,
      { as = token, headers = {} }: { as?: string; headers?: Record<string, string> } = {},
    ) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${as}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${url}: ${text}`).toBe(true);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const RALEIGH = {
      name: 'Jane Doe',
      company: null,
      line1: '120 Main St',
      line2: null,
      city: 'Raleigh',
      stateCode: 'NC',
      postalCode: '27601',
      countryCode: 'US',
      phone: null,
    };
    await api('POST', '/api/web/products', {
      title: 'Canvas tote',
      options: [{ name: 'Color', values: ['Natural'] }],
      variants: [{ optionValues: ['Natural'], sku: 'TOTE-NAT', priceAmount: 2_400 }],
    });
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    const main = page.getByRole('main');

    // A production order of 12 totes from the demo supplier, paid and sent to the center: the
    // supplier invoices in chat, the creator pays with a test card, the supplier ships it.
    const conversation = await api('POST', '/api/web/conversations', {
      supplierId: DEMO_SUPPLIER.companyId,
    });
    const supplier = String(
      (
        await api('POST', '/api/partner/auth/login', {
          email: DEMO_SUPPLIER.email,
          password: DEMO_SUPPLIER.password,
        })
      ).token,
    );
    const invoice = await api(
      'POST',
      '/api/partner/invoices',
      {
        conversationId: conversation.sid,
        lines: [{ title: LINE_TITLE, quantity: 12, unitPrice: 500 }],
        leadTimeDays: 20,
      },
      { as: supplier },
    );
    const cart = (await api('POST', '/api/web/creator-invoice-items/action/add-to-cart', {
      invoiceId: invoice.id,
    })) as { lines: { orderItemId: string }[] };
    const itemId = cart.lines[0]!.orderItemId;
    const payment = await api(
      'POST',
      '/api/web/creator-invoice-payments',
      {
        itemIds: [itemId],
        shippingAddress: RALEIGH,
        paymentMethod: {
          type: 'test_card',
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2040,
          cvc: '123',
        },
      },
      { headers: { 'idempotency-key': `fulfillment-journey-${Date.now()}` } },
    );
    expect(payment.status).toBe('COMPLETED');
    await api('PUT', `/api/web/creator-order-items/${itemId}/update-stored-at-fbp`, {
      destination: 'STORED_AT_FBP',
    });
    await api(
      'POST',
      `/api/partner/order-items/${itemId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', quantity: 12 },
      { as: supplier },
    );

    // The creator announces it: picking the order item fills in its parcel's tracking.
    await page.goto(`${baseUrl}/receivings`);
    await main.getByText('No receivings yet').waitFor();
    await page.goto(`${baseUrl}/receivings/new`);
    await main.getByRole('checkbox', { name: new RegExp(LINE_TITLE) }).check();
    expect(await main.getByRole('textbox', { name: 'Tracking number' }).inputValue()).toBe(
      '1Z999AA10123456784',
    );
    expect(await main.getByRole('textbox', { name: `Units of ${LINE_TITLE}` }).inputValue()).toBe(
      '12',
    );
    await main.getByRole('button', { name: 'Create receiving' }).click();
    await page.waitForURL(/\/receivings\/RCV-\d{6}\/details$/);

    // Needs Mapping until the line is counted into the store's variant.
    await main.getByText('Map every item to a variant before receiving').waitFor();
    await main.getByRole('button', { name: 'Map to variant' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Variant').click();
    await page.keyboard.type('TOTE');
    await page.getByRole('option', { name: /TOTE-NAT/ }).click();
    await dialog.getByRole('button', { name: 'Map item' }).click();
    await main.getByTestId('receiving-status').getByText('In transit').waitFor();

    // Counted in two cartons, one unit damaged: 11 good units go on hand.
    await main.getByRole('button', { name: 'Receive' }).click();
    await dialog.getByRole('textbox', { name: `Carton 1: units of ${LINE_TITLE}` }).fill('7');
    await dialog.getByRole('button', { name: 'Add carton' }).click();
    await dialog.getByRole('textbox', { name: `Carton 2: units of ${LINE_TITLE}` }).fill('5');
    await dialog.getByRole('textbox', { name: `Carton 2: damaged ${LINE_TITLE}` }).fill('1');
    await dialog.getByRole('button', { name: 'Receive into stock' }).click();
    // The items table has a "Received" column too: the status is the badge's.
    await main.getByTestId('receiving-status').getByText('Received', { exact: true }).waitFor();
    await main.getByText('Counted in 2 cartons', { exact: false }).waitFor();
    await takeShot(page, 'fulfillment-receiving-received');
    await page.goto(`${baseUrl}/inventory?view=stock`);
    const row = main.getByRole('row', { name: /TOTE-NAT/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('11');

    // The shop's orders are imported from a WooCommerce export: the open one reserves 2 of them.
    const folder = await mkdtemp(path.join(tmpdir(), 'atelier-journey-'));
    const file = path.join(folder, 'woocommerce-orders.csv');
    await writeFile(file, await wooOrderCsv());
    await page.goto(`${baseUrl}/orders`);
    await page.getByRole('button', { name: 'Import orders' }).click();
    const importer = page.getByRole('dialog', { name: 'Import orders' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      importer.getByRole('button', { name: 'Choose file' }).click(),
    ]);
    await chooser.setFiles(file);
    await importer.getByText('Step 2 of 3: Check the preview').waitFor({ timeout: 30_000 });
    await importer.getByRole('button', { name: 'Import orders' }).click();
    await importer.getByText('1 order imported.').waitFor({ timeout: 30_000 });
    await rm(folder, { recursive: true, force: true });
    const listed = (await api('GET', '/api/web/orders?limit=10')) as {
      items: { id: string; externalId: string | null }[];
    };
    const order = listed.items.find((one) => one.externalId === '5001')!;
    expect(order).toBeDefined();
    await page.goto(`${baseUrl}/order-details/${order.id}`);
    const panel = main.getByRole('region', { name: 'Fulfillment center' });
    await panel.getByText('Reserved', { exact: true }).waitFor({ timeout: 20_000 });
    await panel.getByText('Priority fulfilment', { exact: true }).waitFor();
    await takeShot(page, 'fulfillment-order-panel');

    // Ship it with a label: the label is made in the background, then opens as a PDF.
    await panel.getByRole('button', { name: 'Ship with a label' }).click();
    await dialog.getByRole('textbox', { name: 'Weight' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Length' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Width' }).fill('8');
    await dialog.getByRole('textbox', { name: 'Height' }).fill('4');
    await dialog.getByRole('button', { name: 'Ship the order' }).click();
    await panel.getByText('Shipped', { exact: true }).waitFor();
    await panel.getByText('Label ready', { exact: true }).waitFor({ timeout: 30_000 });
    await main.getByText('Finished').first().waitFor();
    await panel.getByRole('button', { name: 'Open label' }).click();
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await takeShot(page, 'fulfillment-label-preview');

    // The label history lists it; the stock is 9 on hand, none reserved.
    await page.goto(`${baseUrl}/fulfillment-services/shipping-labels`);
    await main
      .getByText(/SHP-\d{6}/)
      .first()
      .waitFor();
    await page.goto(`${baseUrl}/inventory?view=stock`);
    const after = main.getByRole('row', { name: /TOTE-NAT/ });
    await after.waitFor();
    const cells = await after.getByRole('cell').allTextContents();
    expect(cells).toContain('9');

    // A return comes back: both totes, one good and one damaged. Both are refunded (they came
    // back); only the good one is restocked.
    await page.goto(`${baseUrl}/order-details/${order.id}`);
    await panel.getByRole('button', { name: 'Create return' }).click();
    await dialog
      .getByRole('combobox', { name: 'Why TOTE-NAT comes back' })
      .selectOption('TOO_LARGE');
    await dialog.getByRole('button', { name: 'Create return' }).click();
    await page.waitForURL(/\/return-settings\?handle=RET-\d{6}/);
    const drawer = page.getByRole('dialog', { name: 'Return' });
    await drawer.getByTestId('return-status').getByText('Created').waitFor();
    await drawer.getByRole('textbox', { name: 'Carrier' }).fill('USPS');
    await drawer.getByRole('textbox', { name: 'Tracking number' }).fill('9400111899223100000000');
    await drawer.getByRole('button', { name: 'Save tracking' }).click();
    await drawer.getByTestId('return-status').getByText('Customer shipping').waitFor();
    await drawer.getByRole('button', { name: 'Receive and inspect' }).click();
    const inspection = page.getByRole('dialog', { name: /^Receive RET-/ });
    await inspection
      .getByRole('combobox', { name: 'Condition of TOTE-NAT · unit 2 of 2' })
      .selectOption('DAMAGED');
    await inspection.getByText('1 of 2 back to stock').waitFor();
    await inspection.getByRole('button', { name: 'Receive return' }).click();
    await drawer.getByTestId('return-status').getByText('Complete').waitFor();
    expect(await drawer.getByTestId('return-receipt').textContent()).toContain(
      'you were refunded $48.00',
    );
    await takeShot(page, 'fulfillment-return-received');
    await page.goto(`${baseUrl}/inventory?view=stock`);
    const restocked = main.getByRole('row', { name: /TOTE-NAT/ });
    await restocked.waitFor();
    expect(await restocked.getByRole('cell').allTextContents()).toContain('10');
    await page.context().close();
  });
});
