import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogCompanyReview,
  ConfirmedReview,
  ReviewSummary,
} from '@atelier/contract/catalog/review';
import {
  confirmPublicCompanyReview,
  createCompanyReview,
  createPublicCompanyReview,
  getCompanyReviewSummary,
  listCompanyReviews,
  REVIEW_CONFIRMATION_TTL_HOURS,
} from '@atelier/contract/catalog/review';
import { catalogCompanies, catalogCompanyReviews } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories, type CatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { findLatestEmail, findReviewConfirmationToken } from '@/testing/outbox';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Page = { items: CatalogCompanyReview[]; nextCursor: string | null };

let context: TestContext;
let factories: CatalogFactories;
let alice: Account;
let addressCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ PUBLIC_URL: 'https://atelier.example' });
  factories = createCatalogFactories(context.connection.db);
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel' });
});
afterAll(async () => context.close());

let emailCounter = 0;
const anEmail = () => {
  emailCounter += 1;
  return `reviewer-${emailCounter}@example.com`;
};

const aPublicReview = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  companyId,
  rating: 4,
  title: 'Good samples',
  body: 'Fast replies and clean stitching.',
  authorName: 'Dana Doe',
  authorEmail: anEmail(),
  ...overrides,
});

const postPublicReview = (payload: Record<string, unknown>, remoteAddress?: string) => {
  addressCounter += 1;
  return context.app.inject({
    method: 'POST',
    url: createPublicCompanyReview.path,
    remoteAddress:
      remoteAddress ?? `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    payload,
  });
};

const confirm = (token: string) =>
  context.app.inject({
    method: 'POST',
    url: confirmPublicCompanyReview.path,
    payload: { token },
  });

const summaryOf = async (companyId: string): Promise<ReviewSummary> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${getCompanyReviewSummary.path}?companyId=${companyId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewSummary>();
};

const supplierRow = async (companyId: string) => {
  const [row] = await context.connection.db
    .select()
    .from(catalogCompanies)
    .where(eq(catalogCompanies.id, companyId));
  return row!;
};

const confirmationMailTo = (email: string) =>
  findLatestEmail(context.connection.db, email, 'catalog.review.confirmation');

/** The token of the confirmation link in the newest e-mail to `email`. */
const tokenMailedTo = async (email: string): Promise<string> => {
  const token = await findReviewConfirmationToken(context.connection.db, email);
  expect(token, `no confirmation e-mail to ${email}`).toBeDefined();
  return token!;
};

describe('public reviews count only once their author confirms the e-mail link', () => {
  it("does not move the supplier's rating with 10 unconfirmed one-star reviews from one address", async () => {
    const supplier = await factories.aSupplier({ rating: 4.2, demoRating: 4.2 });
    const store = await context.app.inject({
      method: 'POST',
      url: createCompanyReview.path,
      headers: alice.headers,
      payload: { companyId: supplier.id, rating: 5, title: 'Great', body: '' },
    });
    expect(store.statusCode, store.body).toBe(201);
    const before = await summaryOf(supplier.id);
    expect(before).toMatchObject({ average: 5, count: 1 });

    const responses = [];
    for (let index = 0; index < 10; index += 1) {
      const response = await postPublicReview(
        aPublicReview(supplier.id, { rating: 1, title: `Awful ${index}` }),
        '198.51.100.10',
      );
      expect(response.statusCode, response.body).toBe(201);
      responses.push(response.json<CatalogCompanyReview>());
    }

    expect(await supplierRow(supplier.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await summaryOf(supplier.id)).toMatchObject({
      average: 5,
      count: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
      unverifiedCount: 10,
    });
    for (const review of responses) {
      expect(review).toMatchObject({ origin: 'public', isVerified: false });
    }
  });

  it('counts exactly the confirmed review once its link is opened', async () => {
    const supplier = await factories.aSupplier({ rating: 4.2, demoRating: 4.2 });
    const emails = [anEmail(), anEmail(), anEmail()];
    for (const email of emails) {
      const response = await postPublicReview(
        aPublicReview(supplier.id, { rating: 2, authorEmail: email }),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await summaryOf(supplier.id)).toMatchObject({ average: null, count: 0 });
    expect(await supplierRow(supplier.id)).toMatchObject({ rating: 4.2, reviewCount: 0 });

    const response = await confirm(await tokenMailedTo(emails[1]!));
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json<ConfirmedReview>();
    expect(confirmed).toMatchObject({
      companyName: supplier.name,
      review: { companyId: supplier.id, rating: 2, origin: 'public', isVerified: true },
    });
    expect(response.body).not.toContain('@example.com');

    expect(await summaryOf(supplier.id)).toMatchObject({
      average: 2,
      count: 1,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 },
      unverifiedCount: 2,
    });
    expect(await supplierRow(supplier.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    expect((await supplierRow(supplier.id)).fieldSources).toMatchObject({ rating: 'reviews' });
  });

  it('e-mails the author a link to the web page, with what they are confirming', async () => {
    const supplier = await factories.aSupplier({ name: 'Lakeside Knitwear' });
    const email = anEmail();
    await postPublicReview(
      aPublicReview(supplier.id, { authorEmail: email, rating: 3, title: 'Slow but fine' }),
    );
    const mail = await confirmationMailTo(email);
    expect(mail).toMatchObject({ channel: 'EMAIL', provider: 'local-outbox', storeId: null });
    expect(mail?.subject).toBe('Confirm your review of Lakeside Knitwear');
    expect(mail?.body).toContain('3 of 5 stars');
    expect(mail?.body).toContain('Slow but fine');
    expect(mail?.body).toMatch(
      /https:\/\/atelier\.example\/confirm-review\?token=[A-Za-z0-9_-]{43}/,
    );
    expect(mail?.body).toContain(`${REVIEW_CONFIRMATION_TTL_HOURS} hours`);
  });

  it('stores the token hashed, never as sent', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    const created = (
      await postPublicReview(aPublicReview(supplier.id, { authorEmail: email }))
    ).json<CatalogCompanyReview>();
    const token = await tokenMailedTo(email);
    const [row] = await context.connection.db
      .select()
      .from(catalogCompanyReviews)
      .where(eq(catalogCompanyReviews.id, created.id));
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses a used link with 400 review_confirmation_used, and counts the review once', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 5 }));
    const token = await tokenMailedTo(email);
    expect((await confirm(token)).statusCode).toBe(200);
    expectApiError(await confirm(token), 400, {
      code: 'bad_request',
      reason: 'review_confirmation_used',
    });
    const again = await Promise.all([confirm(token), confirm(token)]);
    for (const response of again) {
      expectApiError(response, 400, { code: 'bad_request', reason: 'review_confirmation_used' });
    }
    expect(await summaryOf(supplier.id)).toMatchObject({ average: 5, count: 1 });
    expect(await supplierRow(supplier.id)).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('counts a review once when its link is opened twice at the same moment', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 3 }));
    const token = await tokenMailedTo(email);
    const responses = await Promise.all([confirm(token), confirm(token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await summaryOf(supplier.id)).toMatchObject({ average: 3, count: 1 });
  });

  it(`refuses a link older than ${REVIEW_CONFIRMATION_TTL_HOURS} hours with 400 review_confirmation_expired`, async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 1 }));
    const token = await tokenMailedTo(email);
    context.clock.advance(REVIEW_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000);
    const error = expectApiError(await confirm(token), 400, {
      code: 'bad_request',
      reason: 'review_confirmation_expired',
    });
    expect(error.message).toContain('expired');
    expect(await summaryOf(supplier.id)).toMatchObject({ count: 0, unverifiedCount: 1 });
  });

  it('refuses an unknown token with 404 and a malformed one with 400, changing nothing', async () => {
    const supplier = await factories.aSupplier();
    await postPublicReview(aPublicReview(supplier.id));
    expectApiError(await confirm('A'.repeat(43)), 404, {
      code: 'not_found',
      reason: 'review_confirmation_not_found',
    });
    for (const token of ['', 'x'.repeat(300)]) {
      const error = expectApiError(await confirm(token), 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toEqual(['body.token']);
    }
    expect(await summaryOf(supplier.id)).toMatchObject({ count: 0, unverifiedCount: 1 });
  });

  it("confirms only the link's own review: another supplier's pending review stays uncounted", async () => {
    const first = await factories.aSupplier();
    const second = await factories.aSupplier();
    const email = anEmail();
    // One author, two suppliers: each review has its own link.
    await postPublicReview(aPublicReview(first.id, { authorEmail: email, rating: 4 }));
    const firstToken = await tokenMailedTo(email);
    context.clock.advance(1000);
    await postPublicReview(aPublicReview(second.id, { authorEmail: email, rating: 1 }));
    const secondToken = await tokenMailedTo(email);
    expect(secondToken).not.toBe(firstToken);

    const confirmed = (await confirm(firstToken)).json<ConfirmedReview>();
    expect(confirmed.review.companyId).toBe(first.id);
    expect(await summaryOf(first.id)).toMatchObject({ count: 1, average: 4 });
    expect(await summaryOf(second.id)).toMatchObject({ count: 0, unverifiedCount: 1 });
    expect((await supplierRow(second.id)).reviewCount).toBe(0);
  });

  it('keeps one review per e-mail per supplier: a pending one is replaced, a confirmed one refused', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    const first = (
      await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 1 }))
    ).json<CatalogCompanyReview>();
    const oldToken = await tokenMailedTo(email);
    context.clock.advance(1000);

    const resubmitted = await postPublicReview(
      aPublicReview(supplier.id, {
        authorEmail: email.toUpperCase(),
        rating: 4,
        title: 'Second thoughts',
      }),
    );
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    expect(resubmitted.json<CatalogCompanyReview>()).toMatchObject({
      id: first.id,
      rating: 4,
      title: 'Second thoughts',
      isVerified: false,
    });
    const rows = await context.connection.db
      .select()
      .from(catalogCompanyReviews)
      .where(eq(catalogCompanyReviews.companyId, supplier.id));
    expect(rows).toHaveLength(1);
    // The earlier link no longer works; the newest one does.
    expectApiError(await confirm(oldToken), 404, {
      code: 'not_found',
      reason: 'review_confirmation_not_found',
    });
    expect((await confirm(await tokenMailedTo(email))).statusCode).toBe(200);
    expect(await summaryOf(supplier.id)).toMatchObject({ count: 1, average: 4 });

    const error = expectApiError(
      await postPublicReview(aPublicReview(supplier.id, { authorEmail: email })),
      409,
      { code: 'conflict', reason: 'review_exists' },
    );
    expect(fieldsOf(error)).toEqual(['body.authorEmail']);
  });

  it('lets an author whose link expired submit again and confirm the new link', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 2 }));
    context.clock.advance(REVIEW_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000 + 1);
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, rating: 3 }));
    expect((await confirm(await tokenMailedTo(email))).statusCode).toBe(200);
    expect(await summaryOf(supplier.id)).toMatchObject({ count: 1, average: 3 });
  });

  it('lists unconfirmed reviews marked unverified beside verified ones', async () => {
    const supplier = await factories.aSupplier();
    const email = anEmail();
    await context.app.inject({
      method: 'POST',
      url: createCompanyReview.path,
      headers: alice.headers,
      payload: { companyId: supplier.id, rating: 5, title: 'From a store', body: '' },
    });
    context.clock.advance(1000);
    await postPublicReview(aPublicReview(supplier.id, { authorEmail: email, title: 'Confirmed' }));
    context.clock.advance(1000);
    await postPublicReview(aPublicReview(supplier.id, { title: 'Pending' }));
    await confirm(await tokenMailedTo(email));

    const response = await context.app.inject({
      method: 'GET',
      url: `${listCompanyReviews.path}?companyId=${supplier.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<Page>().items.map((review) => [review.title, review.origin, review.isVerified]),
    ).toEqual([
      ['Pending', 'public', false],
      ['Confirmed', 'public', true],
      ['From a store', 'store', true],
    ]);
  });
});
