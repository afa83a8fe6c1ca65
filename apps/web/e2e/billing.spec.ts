import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

/** The plan modal (dialog key manage_plan). */
const planDialog = (page: Page): Locator => page.getByRole('dialog');

const openPlanDialog = async (page: Page) => {
  await page.getByRole('link', { name: 'Manage plan' }).first().click();
  await planDialog(page).waitFor();
};

const closePlanDialog = async (page: Page) => {
  await planDialog(page).getByRole('button', { name: 'Done' }).click();
  await planDialog(page).waitFor({ state: 'hidden' });
};

/** Answers one choice step of the questionnaire and goes on. */
const answer = async (page: Page, choice: string, next = 'Next') => {
  await planDialog(page).getByRole('radio', { name: choice, exact: true }).check();
  await planDialog(page).getByRole('button', { name: next }).click();
};

/**
 * Issue 13 journey: on the default install a store upgrades from Free to Beginner with a test
 * card (a 14-day trial), gets its welcome credits, is charged at the trial's end (test clock),
 * pauses and resumes the plan, starts cancelling and takes the 40 % offer: the next invoice shows
 * it, and the renewal after it charges the discounted amount.
 */
describe.skipIf(!hasChromium)(`managing a plan${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.dispose();
  });

  it('upgrades, gets credits, pauses, resumes and takes the 40 % offer', async () => {
    const { baseUrl } = server;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const token = await registerByApi(baseUrl, aNewAccount({ storeTitle: 'Plan Studio' }));
    await useSessionToken(page, baseUrl, token);

    await page.goto(`${baseUrl}/billing-and-reporting`);
    await page.waitForURL(/\/account-info/);
    await waitForPageRendered(page);
    const billing = page.locator('#billing');
    await billing.getByText('Free', { exact: true }).first().waitFor();
    await expect(page.getByTestId('credits-balance').textContent()).resolves.toContain('0 credits');

    // Free → Beginner with the success test card: a trial, nothing charged yet.
    await openPlanDialog(page);
    await planDialog(page).getByRole('button', { name: 'Upgrade to Beginner' }).click();
    await planDialog(page)
      .getByRole('button', { name: 'Use test card 4242 4242 4242 4242' })
      .click();
    await takeShot(page, 'billing-card-form', { fullPage: false });
    await planDialog(page).getByRole('button', { name: 'Save card' }).click();
    const start = planDialog(page).getByRole('button', { name: 'Start Beginner trial' });
    await expect.poll(() => start.isEnabled(), { timeout: 10_000 }).toBe(true);
    await takeShot(page, 'billing-start-trial', { fullPage: false });
    await start.click();
    await planDialog(page)
      .getByText(/Beginner/)
      .first()
      .waitFor();
    await closePlanDialog(page);

    await billing.getByText('Trial', { exact: true }).first().waitFor();
    // The Beginner bundle's welcome credits ($25 = 2,500 credits) are in the balance and history.
    await expect
      .poll(() => page.getByTestId('credits-balance').textContent(), { timeout: 10_000 })
      .toContain('2,500 credits');
    await page
      .getByRole('table', { name: 'Credits history' })
      .getByText(/welcome/i)
      .first()
      .waitFor();
    await takeShot(page, 'billing-trial');

    // Past the trial's end on the test clock: the first invoice, $49.00, is charged and paid.
    const advance = (days: 1 | 7 | 30) =>
      page
        .getByRole('button', {
          name: `Advance the test clock by ${days} ${days === 1 ? 'day' : 'days'}`,
        })
        .click();
    await advance(7);
    await billing.getByText('Trial', { exact: true }).first().waitFor();
    await advance(7);
    await advance(1);
    await billing.getByText('Active', { exact: true }).first().waitFor({ timeout: 15_000 });
    const invoices = page.getByRole('table', { name: /invoices/i });
    await invoices.getByText('$49.00').first().waitFor({ timeout: 15_000 });
    await invoices.getByText('Paid').first().waitFor();

    // Pause for one month (an active plan), then resume.
    await openPlanDialog(page);
    await planDialog(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await planDialog(page).getByRole('radio', { name: '1 month', exact: true }).check();
    await planDialog(page).getByRole('button', { name: 'Pause for 1 month' }).click();
    // Polled on the dialog's whole text, so a refusal shows in the failure message.
    await expect
      .poll(() => planDialog(page).textContent(), { timeout: 15_000 })
      .toContain('Plan paused');
    await closePlanDialog(page);
    await billing.getByText('Paused', { exact: true }).first().waitFor();
    await takeShot(page, 'billing-paused', { fullPage: false });
    await billing.getByRole('button', { name: 'Resume now' }).click();
    await billing.getByText('Paused', { exact: true }).first().waitFor({ state: 'hidden' });

    // Start cancelling; the 40 % offer is taken at step 5, nothing is canceled.
    await openPlanDialog(page);
    await planDialog(page).getByRole('button', { name: 'Cancel plan' }).click();
    await planDialog(page).getByRole('button', { name: 'Continue to cancel' }).click();
    await planDialog(page).getByText('Step 1 of 7').waitFor();
    await answer(page, 'Low funds');
    await answer(page, '4-6');
    await answer(page, 'No');
    await answer(page, 'Too much work');
    await takeShot(page, 'billing-offer', { fullPage: false });
    await answer(page, 'Yes', 'Take the offer');
    await planDialog(page)
      .getByText(/40\s?% off/)
      .first()
      .waitFor();
    await closePlanDialog(page);

    // The next invoice shows the offer: $49.00 − 40 % = $29.40.
    await billing.getByText(/40\s?% off the next 3 invoices/).waitFor();
    await billing.getByText('$29.40').first().waitFor();
    await expect(billing.getByText('Canceling', { exact: true }).count()).resolves.toBe(0);
    await takeShot(page, 'billing-offer-taken');

    // The next renewal charges the discounted invoice.
    await advance(30);
    await advance(7);
    await invoices.getByText('$29.40').first().waitFor({ timeout: 15_000 });
    await takeShot(page, 'billing-renewal-discounted');
  });
});
