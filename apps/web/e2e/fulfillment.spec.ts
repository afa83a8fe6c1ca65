import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { startServer, type TestServer } from './support/server';

describe.skipIf(!hasChromium)(`fulfillment center (issue 15)${SKIP_REASON}`, () => {
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

  it('receives goods into stock, an order reserves them, ships with a 4×6 label PDF and comes back as a return, restocked', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      expect(response.ok, `${method} ${path}: ${text}`).toBe(true);
      return JSON.parse(text) as Record<string, unknown>;
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

    // Announce goods bought elsewhere: carrier, tracking number and one unmapped line.
    await page.goto(`${baseUrl}/receivings`);
    await main.getByText('No receivings yet').waitFor();
    await page.goto(`${baseUrl}/receivings/new`);
    await main.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await main.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await main.getByRole('button', { name: 'Add goods' }).click();
    await main.getByRole('textbox', { name: 'What is it' }).fill('Totes from the printer');
    await main.getByRole('textbox', { name: 'Units' }).fill('12');
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
    await dialog
      .getByRole('textbox', { name: 'Carton 1: units of Totes from the printer' })
      .fill('7');
    await dialog.getByRole('button', { name: 'Add carton' }).click();
    await dialog
      .getByRole('textbox', { name: 'Carton 2: units of Totes from the printer' })
      .fill('5');
    await dialog
      .getByRole('textbox', { name: 'Carton 2: damaged Totes from the printer' })
      .fill('1');
    await dialog.getByRole('button', { name: 'Receive into stock' }).click();
    // The items table has a "Received" column too: the status is the badge's.
    await main.getByTestId('receiving-status').getByText('Received', { exact: true }).waitFor();
    await main.getByText('Counted in 2 cartons', { exact: false }).waitFor();
    await takeShot(page, 'fulfillment-receiving-received');
    await page.goto(`${baseUrl}/inventory?view=stock`);
    const row = main.getByRole('row', { name: /TOTE-NAT/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('11');

    // An order arrives and reserves 2 of them.
    const order = await api('POST', '/api/web/orders/manual-retail', {
      currencyCode: 'USD',
      customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
      shippingAddress: {
        name: 'Jane Doe',
        company: null,
        line1: '120 Main St',
        line2: null,
        city: 'Raleigh',
        stateCode: 'NC',
        postalCode: '27601',
        countryCode: 'US',
        phone: null,
      },
      lines: [{ sku: 'TOTE-NAT', title: 'Canvas tote', quantity: 2, unitPriceAmount: 2_400 }],
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
    });
    await page.goto(`${baseUrl}/order-details/${String(order.id)}`);
    const panel = main.getByRole('region', { name: 'Fulfillment center' });
    await panel.getByText('Reserved').waitFor({ timeout: 20_000 });

    // Ship it with a label: the label is made in the background, then opens as a PDF.
    await panel.getByRole('button', { name: 'Ship with a label' }).click();
    await dialog.getByRole('textbox', { name: 'Weight' }).fill('2');
    await dialog.getByRole('textbox', { name: 'Length' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Width' }).fill('8');
    await dialog.getByRole('textbox', { name: 'Height' }).fill('4');
    await dialog.getByRole('button', { name: 'Ship the order' }).click();
    await panel.getByText('Shipped').waitFor();
    await panel.getByText('Label ready').waitFor({ timeout: 30_000 });
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
    await page.goto(`${baseUrl}/order-details/${String(order.id)}`);
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
