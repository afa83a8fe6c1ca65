import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  waitForPath,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

const LINE_TITLE = 'Heavyweight tee, black';

const history = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Types a message and sends it with Enter; waits until it shows as stored. */
const sendText = async (page: Page, text: string) => {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await history(page).getByText(text, { exact: true }).first().waitFor();
};

/** Picks an option of a Mantine Select by typing part of it. */
const choose = async (page: Page, label: string, option: string) => {
  const input = page.getByLabel(label, { exact: false }).first();
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/**
 * Issue 12 journey, two browser contexts: the supplier sends an invoice in chat → the creator
 * pays it with a test card → the order is in production on both sides → the supplier ships it
 * with tracking in two parcels → the creator marks each received and leaves a review.
 */
describe.skipIf(!hasChromium)(`sample and production orders journey${SKIP_REASON}`, () => {
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

  it('an invoice sent in chat is paid, produced, shipped, received and reviewed', async () => {
    const { baseUrl } = server;
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(creatorContext, supplierContext);
    const creator = await creatorContext.newPage();
    const supplier = await supplierContext.newPage();

    // The creator writes to the demo supplier; the supplier opens the conversation.
    await logInAsDemoSupplier(supplier, baseUrl);
    const account = aNewAccount({ storeTitle: 'Juniper Threads' });
    await useSessionToken(creator, baseUrl, await registerByApi(baseUrl, account));
    await creator.goto(`${baseUrl}/browse-suppliers/supplier-profile/${DEMO_SUPPLIER.companyId}`);
    await creator.getByTestId('message-supplier').click();
    await creator.waitForURL(/\/inbox\/messages\/cnv_[a-z0-9]+$/);
    await waitForPageRendered(creator);
    const conversationId = new URL(creator.url()).pathname.split('/').pop()!;
    await sendText(creator, 'Can you quote 300 heavyweight tees?');

    await supplier
      .getByTestId('conversation-link')
      .filter({ hasText: account.storeTitle })
      .click({ timeout: 15_000 });
    await waitForPath(supplier, `/partner/inbox/${conversationId}`);

    // The supplier sends an invoice from the conversation.
    await supplier.getByRole('button', { name: 'Send invoice' }).click();
    const form = supplier.getByRole('form', { name: 'Send invoice' });
    await form.getByRole('textbox', { name: 'Line 1 item' }).fill(LINE_TITLE);
    await form.getByRole('textbox', { name: 'Line 1 quantity' }).fill('300');
    await form.getByRole('textbox', { name: 'Line 1 unit price' }).fill('8.50');
    await form.getByRole('textbox', { name: 'Shipping amount' }).fill('150');
    await form.getByRole('textbox', { name: 'Lead time' }).fill('30');
    expect(await form.getByTestId('invoice-total').textContent()).toContain('$2,700.00');
    await takeShot(supplier, 'orders-supplier-invoice-form', { fullPage: false });
    await form.getByRole('button', { name: 'Send invoice' }).click();
    await form.waitFor({ state: 'detached' });

    // The creator sees the invoice card arrive live and pays it with a test card.
    const payLink = history(creator).getByRole('link', { name: 'View and pay' });
    await payLink.waitFor({ timeout: 15_000 });
    await takeShot(creator, 'orders-creator-invoice-card', { fullPage: false });
    await payLink.click();
    await creator.waitForURL(/\/pay-invoice\/inv_[a-z0-9]+$/);
    await creator.getByRole('button', { name: 'Add to cart and pay' }).click();
    await creator.waitForURL(/\/checkout/);
    await creator.getByTestId('checkout-totals').waitFor();
    await creator.getByRole('button', { name: 'Continue to shipping' }).click();

    await creator.getByRole('textbox', { name: 'Recipient’s name' }).fill('June Park');
    await creator.getByRole('textbox', { name: 'Street address' }).fill('12 Fayetteville St');
    await creator.getByRole('textbox', { name: 'City' }).fill('Raleigh');
    await choose(creator, 'State or province', 'North Carolina');
    await creator.getByRole('textbox', { name: 'ZIP code' }).fill('27601');
    await creator.getByRole('button', { name: 'Continue to payment' }).click();

    await creator.getByTestId('test-provider-notice').waitFor();
    await creator.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
    await takeShot(creator, 'orders-creator-payment', { fullPage: false });
    await creator.getByRole('button', { name: /^Pay / }).click();
    await creator.getByTestId('purchase-success').waitFor({ timeout: 20_000 });
    await takeShot(creator, 'orders-creator-paid', { fullPage: false });

    // In production on both sides: the supplier's orders show it without a reload.
    await supplier.goto(`${baseUrl}/partner/orders`);
    const supplierRow = supplier.getByTestId('order-item-row').filter({ hasText: LINE_TITLE });
    await supplierRow.waitFor({ timeout: 15_000 });
    expect(await supplierRow.textContent()).toContain('In production');
    await creator.goto(`${baseUrl}/inbox/orders`);
    const creatorRow = creator.getByTestId('order-item-row').filter({ hasText: LINE_TITLE });
    await creatorRow.waitFor();
    expect(await creatorRow.textContent()).toContain('In production');

    // The supplier ships it with tracking, in two parcels: 120 units, then the 180 left.
    await supplierRow.getByRole('button', { name: `Mark ${LINE_TITLE} shipped` }).click();
    const ship = supplier.getByRole('dialog', { name: 'Mark shipped' });
    const units = ship.getByRole('textbox', { name: 'Units in this parcel' });
    expect(await units.inputValue()).toBe('300');
    await units.fill('120');
    await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await takeShot(supplier, 'orders-supplier-ship-modal', { fullPage: false });
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await ship.waitFor({ state: 'detached' });
    await supplierRow.getByText('120 of 300 shipped').waitFor();
    expect(await supplierRow.textContent()).toContain('Partially shipped');
    // The creator's list follows live.
    await creatorRow.getByText('Partially shipped').waitFor({ timeout: 15_000 });
    expect(await creatorRow.textContent()).toContain('120 of 300 units shipped');

    await supplierRow.getByRole('button', { name: `Mark ${LINE_TITLE} shipped` }).click();
    const rest = supplier.getByRole('dialog', { name: 'Mark shipped' });
    expect(await rest.getByTestId('shipped-so-far').textContent()).toBe(
      '120 of 300 shipped · 180 units to go',
    );
    expect(await rest.getByRole('textbox', { name: 'Units in this parcel' }).inputValue()).toBe(
      '180',
    );
    await rest.getByRole('textbox', { name: 'Carrier' }).fill('DHL');
    await rest.getByRole('textbox', { name: 'Tracking number' }).fill('JD014600003828150');
    await takeShot(supplier, 'orders-supplier-ship-modal-rest', { fullPage: false });
    await rest.getByRole('button', { name: 'Mark shipped' }).click();
    await rest.waitFor({ state: 'detached' });
    await supplierRow.getByText('Shipped').first().waitFor();
    await takeShot(supplier, 'orders-supplier-shipped', { fullPage: false });

    // The creator sees it shipped, receives it parcel by parcel and reviews the supplier.
    await creatorRow.getByText('Shipped').first().waitFor({ timeout: 15_000 });
    await creatorRow.click();
    const drawer = creator.getByRole('dialog');
    await drawer.getByText('1Z999AA10123456784').first().waitFor();
    expect(await drawer.getByTestId('shipment').count()).toBe(2);
    await drawer
      .getByRole('button', { name: 'Mark received: 120 units, UPS 1Z999AA10123456784' })
      .click();
    await drawer.getByText('Partially received').first().waitFor();
    await takeShot(creator, 'orders-creator-drawer-parcels', { fullPage: false });
    await drawer
      .getByRole('button', { name: 'Mark received: 180 units, DHL JD014600003828150' })
      .click();
    await drawer.getByText('Received', { exact: true }).first().waitFor();
    await takeShot(creator, 'orders-creator-drawer-received', { fullPage: false });
    await drawer.getByRole('link', { name: 'Leave a review' }).click();
    await creator.waitForURL(/\/leave-a-review\/coi_[a-z0-9]+$/);
    await waitForPageRendered(creator);
    const starId = await creator
      .getByTestId('review-rating-input')
      .locator('input[value="5"]')
      .getAttribute('id');
    await creator.locator(`label[for="${starId}"]`).click();
    await creator.getByRole('textbox', { name: 'Title' }).fill('Great first run');
    await creator.getByRole('textbox', { name: 'Your review' }).fill('On time, well sewn.');
    await creator.getByRole('button', { name: 'Post review' }).click();
    await creator
      .getByText(/verified purchase/i)
      .first()
      .waitFor();
    await takeShot(creator, 'orders-creator-reviewed', { fullPage: false });

    // The review is on the supplier's profile, marked a verified purchase.
    await creator.goto(
      `${baseUrl}/browse-suppliers/supplier-profile/${DEMO_SUPPLIER.companyId}?tab=reviews`,
    );
    const review = creator.getByTestId('review').filter({ hasText: 'Great first run' });
    await review.waitFor();
    expect(await review.textContent()).toContain('Verified purchase');
  });
});
