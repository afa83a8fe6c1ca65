import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { startServer, type TestServer } from './support/server';

/** Enters a retail order by hand through the API (spec §7 manual-retail). */
const enterRetailOrder = async (
  baseUrl: string,
  token: string,
  extraLines: Record<string, unknown>[] = [],
) => {
  const response = await fetch(`${baseUrl}/api/web/orders/manual-retail`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      shippingAddress: {
        name: 'Ada Lovelace',
        company: null,
        line1: '12 Analytical Row',
        line2: null,
        city: 'Raleigh',
        stateCode: 'NC',
        postalCode: '27601',
        countryCode: 'US',
        phone: null,
      },
      lines: [
        { sku: 'TEE-BLK-M', title: 'Boxy tee', quantity: 2, unitPriceAmount: 2_500 },
        ...extraLines,
      ],
      shippingAmount: 500,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`manual-retail: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as { id: string; name: string };
};

/** Waits until the open modal has finished its opening transition, for a screenshot. */
const waitForModalSettled = (page: Page) =>
  page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    return getComputedStyle(dialog).opacity === '1' && dialog.getAnimations().length === 0;
  });

/** What /order-details shows of the order's operations: status, history, note and address. */
const expectOperationsShown = async (page: Page) => {
  await page.getByRole('heading', { level: 1, name: 'Order R1001' }).waitFor();
  const history = page.getByRole('list', { name: 'Status changes, oldest first' });
  await history.getByText('Recorded as Outstanding').waitFor();
  await history.getByText('Outstanding → On hold').waitFor();
  await history.getByText('Waiting for fabric').waitFor();
  await history.getByText(/· by Ada Maker/).waitFor();
  // The header's badge.
  expect(await page.getByRole('main').getByText('On hold', { exact: true }).count()).toBe(1);
  const note = page.getByRole('region', { name: 'Note', exact: true });
  await note.getByText('Gift wrap, please.').waitFor();
  const address = page.getByRole('region', { name: 'Shipping address' });
  await address.getByText('1 Market Street').waitFor();
  await address.getByText('Toronto ON M5H 2N2').waitFor();
  await address.getByText('Canada', { exact: true }).waitFor();
};

describe.skipIf(!hasChromium)(`order details (issue 11)${SKIP_REASON}`, () => {
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

  it('changes the status with a note, edits the note and the address, and keeps them', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const order = await enterRetailOrder(baseUrl, token);
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/order-details/${order.id}`);
    await page.getByRole('heading', { level: 1, name: 'Order R1001' }).waitFor();
    await page.getByText('Recorded as Outstanding').waitFor();
    await page.getByRole('region', { name: 'Note', exact: true }).getByText('No note').waitFor();

    // The status, with a note for the history.
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'On hold' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Change status to On hold' });
    await statusDialog.getByRole('textbox', { name: 'Note' }).fill('Waiting for fabric');
    await waitForModalSettled(page);
    await takeShot(page, 'order-details-status-modal', { fullPage: false });
    await statusDialog.getByRole('button', { name: 'Confirm' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    await page.getByText('Outstanding → On hold').waitFor();
    await page.getByText('Waiting for fabric').waitFor();

    // The note, saved from the keyboard.
    const note = page.getByRole('region', { name: 'Note', exact: true });
    await note.getByRole('button', { name: 'Edit the note' }).click();
    await note.getByRole('textbox', { name: 'Note', exact: true }).fill('Gift wrap, please.');
    await takeShot(page, 'order-details-note-editor', { fullPage: false });
    await page.keyboard.press('Control+Enter');
    await note.getByText('Gift wrap, please.').waitFor();

    // The address, the country picked by name.
    const address = page.getByRole('region', { name: 'Shipping address' });
    await address.getByRole('button', { name: 'Edit the shipping address' }).click();
    const addressDialog = page.getByRole('dialog', { name: 'Edit the shipping address' });
    await addressDialog.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market Street');
    await addressDialog.getByRole('textbox', { name: 'City' }).fill('Toronto');
    await addressDialog.getByRole('textbox', { name: 'State code' }).fill('on');
    await addressDialog.getByRole('textbox', { name: 'Postal code' }).fill('M5H 2N2');
    const country = addressDialog.getByRole('combobox', { name: 'Country' });
    await country.fill('Canad');
    await page.getByRole('option', { name: 'Canada' }).click();
    expect(await country.inputValue()).toBe('Canada');
    await waitForModalSettled(page);
    await takeShot(page, 'order-details-address-modal', { fullPage: false });
    await addressDialog.getByRole('button', { name: 'Save address' }).click();
    await addressDialog.waitFor({ state: 'hidden' });

    await expectOperationsShown(page);
    await takeShot(page, 'order-details-operations');

    // Everything came from the server: a fresh load shows it all again.
    await page.reload();
    await expectOperationsShown(page);
    await page.context().close();

    // A phone: the same page, then the status modal.
    const phone = await (
      await browser.newContext({ viewport: { width: 375, height: 812 } })
    ).newPage();
    await useSessionToken(phone, baseUrl, token);
    await phone.goto(`${baseUrl}/order-details/${order.id}`);
    await expectOperationsShown(phone);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    await takeShot(phone, 'order-details-phone');
    await phone.getByRole('button', { name: 'Edit the shipping address' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Edit the shipping address' });
    await expect
      .poll(() => phoneDialog.getByRole('combobox', { name: 'Country' }).inputValue())
      .toBe('Canada');
    await waitForModalSettled(phone);
    await takeShot(phone, 'order-details-phone-address-modal', { fullPage: false });
    await phone.context().close();
  });

  it('cancels an item with a reason and shows the refund, and keeps the team’s notes', async () => {
    const { baseUrl } = server;
    const token = await registerByApi(baseUrl, aNewAccount());
    const order = await enterRetailOrder(baseUrl, token, [
      { sku: 'MUG-1', title: 'Stoneware mug', quantity: 1, unitPriceAmount: 1_800 },
    ]);
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await useSessionToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/order-details/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.name}` }).waitFor();

    // One of the two tees: the dialog says what goes back before it is confirmed.
    await page.getByRole('button', { name: 'Cancel Boxy tee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Boxy tee?' });
    await dialog.getByRole('textbox', { name: 'Units to cancel' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Out of stock in medium');
    await dialog.getByText('$25.00 will be recorded as refunded.').waitFor();
    await waitForModalSettled(page);
    await takeShot(page, 'order-details-cancel-item', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel 1 unit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .getByText(
        'Canceled 1 × Boxy tee. $25.00 recorded as refunded. The order is partly canceled.',
      )
      .waitFor();
    await page.getByTestId('order-lines').getByText('1 of 2 canceled').waitFor();
    const history = page.getByRole('list', { name: 'Status changes, oldest first' });
    await history.getByText('Canceled 1 × Boxy tee').waitFor();
    await history.getByText('Out of stock in medium').waitFor();
    await page.getByRole('region', { name: 'Summary' }).getByText('Refunded').waitFor();

    // A team note, added from the keyboard, then deleted after a confirmation.
    const notes = page.getByRole('region', { name: 'Team notes' });
    await notes
      .getByRole('textbox', { name: 'Team note' })
      .fill('Called Ada: the rest ships Monday.');
    await page.keyboard.press('Control+Enter');
    await notes.getByText('Called Ada: the rest ships Monday.').waitFor();
    await notes.getByText(/^Ada Maker · /).waitFor();
    await notes.getByRole('textbox', { name: 'Team note' }).fill('Gift wrap requested.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Gift wrap requested.').waitFor();
    await takeShot(page, 'order-details-cancel-and-notes');
    await notes.getByRole('button', { name: 'Delete this note' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
    await confirm.getByRole('button', { name: 'Delete note' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => notes.getByText('Gift wrap requested.').count()).toBe(0);
    await notes.getByText('Called Ada: the rest ships Monday.').waitFor();
    await page.context().close();

    // A phone: the same page fits, and the cancel dialog too.
    const phone = await (
      await browser.newContext({ viewport: { width: 375, height: 812 } })
    ).newPage();
    await useSessionToken(phone, baseUrl, token);
    await phone.goto(`${baseUrl}/order-details/${order.id}`);
    await phone.getByRole('region', { name: 'Team notes' }).getByText('Called Ada').waitFor();
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    await takeShot(phone, 'order-details-notes-phone');
    await phone.getByRole('button', { name: 'Cancel Stoneware mug' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Cancel Stoneware mug?' });
    await phoneDialog.getByText('$18.00 will be recorded as refunded.').waitFor();
    await waitForModalSettled(phone);
    await takeShot(phone, 'order-details-cancel-item-phone', { fullPage: false });
    await phone.context().close();
  });
});
