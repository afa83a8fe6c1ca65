import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot, waitForPath } from './support/browser';
import { readNewestEmail } from './support/outbox';
import { startServer, type TestServer } from './support/server';

type Summary = { count: number; average: number | null; unverifiedCount: number };

const summaryOf = async (baseUrl: string, companyId: string): Promise<Summary> => {
  const response = await fetch(
    `${baseUrl}/api/web/catalog-company-reviews/summary?companyId=${companyId}`,
  );
  return (await response.json()) as Summary;
};

/** The review entry with this title on a supplier's reviews tab. */
const reviewTitled = (page: Page, title: string) =>
  page.getByTestId('review').filter({ hasText: title });

describe.skipIf(!hasChromium)(`public review confirmation (issue 9)${SKIP_REASON}`, () => {
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

  it('counts a public review only after its author opens the e-mailed link', async () => {
    // A supplier to review, found as a signed-in store would find it.
    const token = await registerByApi(server.baseUrl, aNewAccount());
    const search = await fetch(`${server.baseUrl}/api/web/catalog-companies?size=20&region=EU`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items } = (await search.json()) as { items: { id: string; name: string }[] };
    // One no other journey has reviewed (the journeys share a database on PostgreSQL).
    let supplier: { id: string; name: string } | undefined;
    for (const candidate of items) {
      const summary = await summaryOf(server.baseUrl, candidate.id);
      if (summary.count === 0 && summary.unverifiedCount === 0) {
        supplier = candidate;
        break;
      }
    }
    if (!supplier) throw new Error('The seed has no European supplier without reviews.');
    const email = `pat${Date.now()}@example.com`;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    let page = await context.newPage();
    await page.goto(`${server.baseUrl}/supplier-profile/${supplier.id}/post-review`);
    await page.getByRole('heading', { level: 1, name: `Review ${supplier.name}` }).waitFor();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Pat Buyer');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    // The stars work from the keyboard: focus one and press Space.
    await page.getByRole('radio', { name: '5 of 5 stars' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: 'Title' }).fill('Reliable partner');
    await page.getByRole('button', { name: 'Send review' }).click();
    const sent = page.getByTestId('review-check-email');
    await sent.getByRole('heading', { name: 'Check your e-mail, Pat Buyer' }).waitFor();
    expect(await sent.textContent()).toContain(`We sent a link to ${email}`);
    await takeShot(page, 'public-review-check-email', { fullPage: false });

    // Not counted yet, but listed as unverified.
    expect(await summaryOf(server.baseUrl, supplier.id)).toMatchObject({
      count: 0,
      unverifiedCount: 1,
    });
    await page.goto(`${server.baseUrl}/preview-supplier-profile/${supplier.id}?tab=reviews`);
    await reviewTitled(page, 'Reliable partner').getByText('Unverified').waitFor();
    await page.getByTestId('review-count').getByText('No reviews yet').waitFor();
    await page.getByTestId('review-unverified-count').getByText('1 unverified review').waitFor();
    await takeShot(page, 'public-review-unverified-listed');

    // The author opens the link of the e-mail the local outbox kept.
    const read = await readNewestEmail(server, email, 'catalog.review.confirmation');
    server = read.server;
    expect(read.email?.subject).toBe(`Confirm your review of ${supplier.name}`);
    const link = /https?:\/\/\S+\/confirm-review\?token=[\w-]+/.exec(read.email?.body ?? '')?.[0];
    if (!link) throw new Error(`No confirmation link in: ${read.email?.body}`);
    // The server's PUBLIC_URL names its first address; the restarted server answers elsewhere.
    const confirmUrl = new URL(link);
    const confirmPath = `${confirmUrl.pathname}${confirmUrl.search}`;
    page = await context.newPage();
    await page.goto(`${server.baseUrl}${confirmPath}`);
    const confirmation = page.getByTestId('review-confirmation');
    await confirmation.getByRole('heading', { name: 'Your review is confirmed' }).waitFor();
    expect(await confirmation.textContent()).toContain(
      `Your review of ${supplier.name} is now verified and counts in its rating.`,
    );
    await takeShot(page, 'public-review-confirmed', { fullPage: false });

    await page.getByRole('link', { name: `See the reviews of ${supplier.name}` }).click();
    await waitForPath(page, `/preview-supplier-profile/${supplier.id}?tab=reviews`);
    await page.getByTestId('review-count').getByText('1 review').waitFor();
    await reviewTitled(page, 'Reliable partner').getByText('Verified', { exact: true }).waitFor();
    expect(await page.getByTestId('review-average').textContent()).toBe('5.0');
    expect(await summaryOf(server.baseUrl, supplier.id)).toMatchObject({
      count: 1,
      average: 5,
      unverifiedCount: 0,
    });

    // The link works once: opened again, it says so and counts nothing twice.
    await page.goto(`${server.baseUrl}${confirmPath}`);
    await page.getByRole('heading', { name: 'This review is already confirmed' }).waitFor();
    expect((await summaryOf(server.baseUrl, supplier.id)).count).toBe(1);
    await context.close();
  });
});
