import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCompanyReview, ReviewSummary } from '@atelier/contract/catalog/review';
import {
  confirmPublicCompanyReview,
  createCompanyReview,
  createPublicCompanyReview,
  getCompanyReviewSummary,
  listCompanyReviews,
  updateCompanyReview,
} from '@atelier/contract/catalog/review';
import { catalogCompanies, catalogCompanyReviews, catalogItems } from '@/db/schema';
import { newId } from '@/lib/ids';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories, type CatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { findReviewConfirmationToken } from '@/testing/outbox';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { decodeReviewCursor, encodeReviewCursor, PUBLIC_REVIEW_LIMIT } from './review.service';

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Page = { items: CatalogCompanyReview[]; nextCursor: string | null };

let context: TestContext;
let factories: CatalogFactories;
let alice: Account;
let bob: Account;
let addressCounter = 0;

beforeAll(async () => {
  context = await createTestApp();
  factories = createCatalogFactories(context.connection.db);
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics' });
});
afterAll(async () => context.close());

const aReview = (overrides: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Good samples',
  body: 'Fast replies and clean stitching.',
  ...overrides,
});

const postReview = (account: Account, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: createCompanyReview.path,
    headers: account.headers,
    payload,
  });

const putReview = (account: Account, id: string, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'PUT',
    url: updateCompanyReview.path.replace(':id', id),
    headers: account.headers,
    payload,
  });

const listReviews = (account: Account, query: string) =>
  context.app.inject({
    method: 'GET',
    url: `${listCompanyReviews.path}?${query}`,
    headers: account.headers,
  });

/** The summary's figures (the caller's own review is checked elsewhere). */
const summaryOf = async (companyId: string): Promise<Omit<ReviewSummary, 'ownReview'>> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${getCompanyReviewSummary.path}?companyId=${companyId}`,
    headers: alice.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { ownReview: _ownReview, ...figures } = response.json<ReviewSummary>();
  return figures;
};

/** A public review from its own client address, so the hourly limit stays out of the way. */
const postPublicReview = (payload: Record<string, unknown>, remoteAddress?: string) => {
  addressCounter += 1;
  return context.app.inject({
    method: 'POST',
    url: createPublicCompanyReview.path,
    remoteAddress:
      remoteAddress ?? `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
    payload,
  });
};

/** Confirms the public review e-mailed to `email` (issue 9: only then does it count). */
const confirmReviewOf = async (email: string) => {
  const token = await findReviewConfirmationToken(context.connection.db, email);
  const response = await context.app.inject({
    method: 'POST',
    url: confirmPublicCompanyReview.path,
    payload: { token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

/** A public review whose author confirmed the e-mailed link. */
const postConfirmedPublicReview = async (payload: { authorEmail: string }) => {
  const response = await postPublicReview(payload);
  expect(response.statusCode, response.body).toBe(201);
  await confirmReviewOf(payload.authorEmail);
  return response;
};

const aPublicReview = (companyId: string, overrides: Record<string, unknown> = {}) => ({
  ...aReview(),
  companyId,
  authorName: 'Dana Doe',
  authorEmail: `dana-${Math.random().toString(36).slice(2, 8)}@example.com`,
  ...overrides,
});

const supplierRow = async (companyId: string) => {
  const [row] = await context.connection.db
    .select()
    .from(catalogCompanies)
    .where(eq(catalogCompanies.id, companyId));
  return row!;
};

describe('POST /api/web/catalog-company-reviews', () => {
  it('reviews a supplier as the store: author is the store title, origin store, isOwn', async () => {
    const supplier = await factories.aSupplier();
    const response = await postReview(alice, aReview({ companyId: supplier.id, rating: 5 }));
    expect(response.statusCode, response.body).toBe(201);
    const review = response.json<CatalogCompanyReview>();
    expect(review).toMatchObject({
      companyId: supplier.id,
      rating: 5,
      title: 'Good samples',
      authorName: 'Alice Apparel',
      origin: 'store',
      isOwn: true,
    });
    expect(review.id).toMatch(/^rev_/);
    expect(review.createdAt).toBe(context.clock.now().toISOString());
  });

  it.each([0, 6, -1, 2.5, '5', null])(
    'refuses %j stars with 400 naming body.rating',
    async (rating) => {
      const supplier = await factories.aSupplier();
      const response = await postReview(alice, aReview({ companyId: supplier.id, rating }));
      const error = expectApiError(response, 400, {
        code: 'bad_request',
        reason: 'validation_failed',
      });
      expect(fieldsOf(error)).toContain('body.rating');
    },
  );

  it('accepts 1 and 5 stars, the edges of the range', async () => {
    for (const rating of [1, 5]) {
      const supplier = await factories.aSupplier();
      const response = await postReview(alice, aReview({ companyId: supplier.id, rating }));
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('allows one review per store per supplier (409 review_exists), and other stores still review', async () => {
    const supplier = await factories.aSupplier();
    expect((await postReview(alice, aReview({ companyId: supplier.id }))).statusCode).toBe(201);
    expectApiError(await postReview(alice, aReview({ companyId: supplier.id, rating: 1 })), 409, {
      code: 'conflict',
      reason: 'review_exists',
    });
    expect((await postReview(bob, aReview({ companyId: supplier.id }))).statusCode).toBe(201);
    expect((await summaryOf(supplier.id)).count).toBe(2);
  });

  it('keeps one review per store when two arrive at once', async () => {
    const supplier = await factories.aSupplier();
    const responses = await Promise.all(
      [1, 2, 3].map((rating) => postReview(alice, aReview({ companyId: supplier.id, rating }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expectApiError(response, 409, { code: 'conflict', reason: 'review_exists' });
    }
    expect((await summaryOf(supplier.id)).count).toBe(1);
  });

  it('counts every review when many reviews of one supplier are confirmed at once', async () => {
    const supplier = await factories.aSupplier();
    const ratings = [1, 2, 3, 4, 5, 5, 4, 3];
    const payloads = ratings.map((rating) => aPublicReview(supplier.id, { rating }));
    const responses = await Promise.all(payloads.map((payload) => postPublicReview(payload)));
    expect(responses.map((response) => response.statusCode)).toEqual(ratings.map(() => 201));
    await Promise.all(payloads.map((payload) => confirmReviewOf(payload.authorEmail)));
    expect(await supplierRow(supplier.id)).toMatchObject({ reviewCount: 8, rating: 3.4 });
  });

  it('answers 404 company_not_found for a supplier that does not exist', async () => {
    const response = await postReview(alice, aReview({ companyId: newId('cmp') }));
    expectApiError(response, 404, { code: 'not_found', reason: 'company_not_found' });
  });

  it('refuses a missing title, an over-long body and a malformed supplier id with 400', async () => {
    const supplier = await factories.aSupplier();
    const cases: [Record<string, unknown>, string][] = [
      [aReview({ companyId: supplier.id, title: '   ' }), 'body.title'],
      [aReview({ companyId: supplier.id, body: 'x'.repeat(5001) }), 'body.body'],
      [aReview({ companyId: 'CMP_1' }), 'body.companyId'],
      [aReview({ companyId: supplier.id, title: 'a\u0000b' }), 'body.title'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await postReview(alice, payload), 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toContain(field);
    }
  });

  it('needs a session', async () => {
    const supplier = await factories.aSupplier();
    const response = await context.app.inject({
      method: 'POST',
      url: createCompanyReview.path,
      payload: aReview({ companyId: supplier.id }),
    });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });
});

describe('PUT /api/web/catalog-company-reviews/:id', () => {
  it('lets the author store edit its review, never moving it to another supplier', async () => {
    const supplier = await factories.aSupplier();
    const other = await factories.aSupplier();
    const created = (
      await postReview(alice, aReview({ companyId: supplier.id }))
    ).json<CatalogCompanyReview>();
    context.clock.advance(60_000);
    const response = await putReview(alice, created.id, {
      ...aReview({ rating: 2, title: 'Slower lately' }),
      companyId: other.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogCompanyReview>()).toMatchObject({
      id: created.id,
      companyId: supplier.id,
      rating: 2,
      title: 'Slower lately',
      isOwn: true,
      createdAt: created.createdAt,
      updatedAt: context.clock.now().toISOString(),
    });
    expect((await summaryOf(other.id)).count).toBe(0);
  });

  it('answers 404 to another store editing a review, and leaves it unchanged', async () => {
    const supplier = await factories.aSupplier();
    const created = (
      await postReview(alice, aReview({ companyId: supplier.id, rating: 5 }))
    ).json<CatalogCompanyReview>();
    expectApiError(await putReview(bob, created.id, aReview({ rating: 1 })), 404, {
      code: 'not_found',
      reason: 'review_not_found',
    });
    const [row] = await context.connection.db
      .select()
      .from(catalogCompanyReviews)
      .where(eq(catalogCompanyReviews.id, created.id));
    expect(row?.rating).toBe(5);
  });

  it('answers 404 to a public review and to an unknown id, 400 to a malformed id', async () => {
    const supplier = await factories.aSupplier();
    const publicReview = (
      await postPublicReview(aPublicReview(supplier.id))
    ).json<CatalogCompanyReview>();
    expectApiError(await putReview(alice, publicReview.id, aReview()), 404, { code: 'not_found' });
    expectApiError(await putReview(alice, newId('rev'), aReview()), 404, { code: 'not_found' });
    expectApiError(await putReview(alice, 'cmp_abc', aReview()), 400, { code: 'bad_request' });
  });

  it('refuses 0 and 6 stars on edit', async () => {
    const supplier = await factories.aSupplier();
    const created = (
      await postReview(alice, aReview({ companyId: supplier.id }))
    ).json<CatalogCompanyReview>();
    for (const rating of [0, 6]) {
      const error = expectApiError(await putReview(alice, created.id, aReview({ rating })), 400, {
        code: 'bad_request',
      });
      expect(fieldsOf(error)).toContain('body.rating');
    }
  });
});

describe('review summary and supplier rating', () => {
  it('reflects creates and edits: average to one decimal, count and distribution', async () => {
    const supplier = await factories.aSupplier({ rating: 3.3, demoRating: 3.3 });
    expect(await summaryOf(supplier.id)).toEqual({
      companyId: supplier.id,
      average: null,
      count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      unverifiedCount: 0,
    });
    const own = (
      await postReview(alice, aReview({ companyId: supplier.id, rating: 5 }))
    ).json<CatalogCompanyReview>();
    await postReview(bob, aReview({ companyId: supplier.id, rating: 4 }));
    await postConfirmedPublicReview(aPublicReview(supplier.id, { rating: 4 }));
    expect(await summaryOf(supplier.id)).toEqual({
      companyId: supplier.id,
      average: 4.3,
      count: 3,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 },
      unverifiedCount: 0,
    });
    await putReview(alice, own.id, aReview({ rating: 1 }));
    expect(await summaryOf(supplier.id)).toEqual({
      companyId: supplier.id,
      average: 3,
      count: 3,
      distribution: { '1': 1, '2': 0, '3': 0, '4': 2, '5': 0 },
      unverifiedCount: 0,
    });
  });

  it('rounds the average half away from zero as an exact decimal (3.95 → 4)', async () => {
    const supplier = await factories.aSupplier();
    // 20 reviews, 79 stars: 19 × 4 + 1 × 3.
    for (let index = 0; index < 20; index += 1) {
      await postConfirmedPublicReview(aPublicReview(supplier.id, { rating: index === 0 ? 3 : 4 }));
    }
    expect((await summaryOf(supplier.id)).average).toBe(4);
    expect((await supplierRow(supplier.id)).rating).toBe(4);
  });

  it("updates the supplier's rating, review count and source, and its items' copied rating", async () => {
    const supplier = await factories.aSupplier({ rating: 2.1, demoRating: 2.1 });
    const first = await factories.anItem({ supplier });
    const second = await factories.anItem({ supplier });
    const elsewhere = await factories.anItem();
    const created = (
      await postReview(alice, aReview({ companyId: supplier.id, rating: 5 }))
    ).json<CatalogCompanyReview>();
    await postReview(bob, aReview({ companyId: supplier.id, rating: 4 }));

    const updated = await supplierRow(supplier.id);
    expect(updated).toMatchObject({ rating: 4.5, demoRating: 2.1, reviewCount: 2 });
    expect(updated.fieldSources).toEqual({ name: 'demo', rating: 'reviews' });

    await putReview(alice, created.id, aReview({ rating: 1 }));
    const items = await context.connection.db
      .select({
        id: catalogItems.id,
        companyRating: catalogItems.companyRating,
        fieldSources: catalogItems.fieldSources,
      })
      .from(catalogItems)
      .where(eq(catalogItems.companyId, supplier.id));
    expect(items.map((item) => item.companyRating)).toEqual([2.5, 2.5]);
    // The items' copy is marked as coming from reviews too, so it is never shown as a demo value.
    expect(items.map((item) => item.fieldSources.companyRating)).toEqual(['reviews', 'reviews']);
    expect(items.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
    expect((await supplierRow(supplier.id)).rating).toBe(2.5);

    const [untouched] = await context.connection.db
      .select({ companyRating: catalogItems.companyRating })
      .from(catalogItems)
      .where(eq(catalogItems.id, elsewhere.id));
    expect(untouched?.companyRating).toBe(elsewhere.companyRating);
  });

  it('answers 404 for the summary of an unknown supplier', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `${getCompanyReviewSummary.path}?companyId=${newId('cmp')}`,
      headers: alice.headers,
    });
    expectApiError(response, 404, { code: 'not_found', reason: 'company_not_found' });
  });
});

describe('GET /api/web/catalog-company-reviews', () => {
  it("shows every store's reviews to every store, isOwn only to the author", async () => {
    const supplier = await factories.aSupplier();
    await postReview(alice, aReview({ companyId: supplier.id, title: 'From Alice' }));
    context.clock.advance(1000);
    await postReview(bob, aReview({ companyId: supplier.id, title: 'From Bob' }));
    const asAlice = (await listReviews(alice, `companyId=${supplier.id}`)).json<Page>();
    expect(asAlice.items.map((review) => [review.title, review.isOwn])).toEqual([
      ['From Bob', false],
      ['From Alice', true],
    ]);
    const asBob = (await listReviews(bob, `companyId=${supplier.id}`)).json<Page>();
    expect(asBob.items.map((review) => [review.title, review.isOwn])).toEqual([
      ['From Bob', true],
      ['From Alice', false],
    ]);
  });

  it('pages newest first with keyset cursors that neither repeat nor skip, ties broken by id', async () => {
    const supplier = await factories.aSupplier();
    // Three reviews share one instant, so only the id orders them.
    for (let index = 0; index < 7; index += 1) {
      if (index % 3 === 0) context.clock.advance(1000);
      await postPublicReview(aPublicReview(supplier.id, { title: `Review ${index}` }));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `companyId=${supplier.id}&size=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: Page = (await listReviews(alice, query)).json<Page>();
      seen.push(...page.items.map((review) => review.id));
      // A review written between pages is newer than every cursor: it never shows up later.
      if (pages === 0) await postPublicReview(aPublicReview(supplier.id, { title: 'Late' }));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    const rows = await context.connection.db
      .select()
      .from(catalogCompanyReviews)
      .where(eq(catalogCompanyReviews.companyId, supplier.id));
    const expected = rows
      .filter((row) => row.title !== 'Late')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor it did not issue with 400 invalid_cursor', async () => {
    const supplier = await factories.aSupplier();
    const forged = [
      'not-base64-json',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      encodeReviewCursor({ createdAt: '2026-02-30T00:00:00.000000Z', id: 'rev_abc' }),
      encodeReviewCursor({ createdAt: '0000-01-01T00:00:00.000000Z', id: 'rev_abc' }),
      encodeReviewCursor({ createdAt: '2026-01-01T00:00:00.000000Z', id: "rev_a' OR 1=1" }),
      encodeReviewCursor({ createdAt: '2026-01-01 00:00:00', id: 'rev_abc' }),
    ];
    for (const cursor of forged) {
      const response = await listReviews(alice, `companyId=${supplier.id}&cursor=${cursor}`);
      expectApiError(response, 400, { code: 'bad_request' });
    }
    expect(
      decodeReviewCursor(
        encodeReviewCursor({ createdAt: '2026-01-01T00:00:00.123456Z', id: 'rev_abc' }),
      ),
    ).toEqual({
      createdAt: '2026-01-01T00:00:00.123456Z',
      id: 'rev_abc',
    });
  });

  it('refuses a size outside 1–50 and a missing supplier id with 400', async () => {
    const supplier = await factories.aSupplier();
    for (const query of [
      `companyId=${supplier.id}&size=0`,
      `companyId=${supplier.id}&size=51`,
      '',
    ]) {
      expectApiError(await listReviews(alice, query), 400, { code: 'bad_request' });
    }
  });
});

describe('POST /api/app/catalog-company-reviews (public)', () => {
  it('takes a review without a session; the e-mail is never shown', async () => {
    const supplier = await factories.aSupplier();
    const response = await postPublicReview(aPublicReview(supplier.id, { authorName: 'Pat' }));
    expect(response.statusCode, response.body).toBe(201);
    const review = response.json<Record<string, unknown>>();
    expect(review).toMatchObject({
      authorName: 'Pat',
      origin: 'public',
      isVerified: false,
      isOwn: false,
    });
    expect(review).not.toHaveProperty('authorEmail');
    expect(response.body).not.toContain('@example.com');
  });

  it('allows one confirmed review per e-mail per supplier, whatever its case (409 review_exists)', async () => {
    const supplier = await factories.aSupplier();
    const other = await factories.aSupplier();
    const payload = aPublicReview(supplier.id, { authorEmail: 'Repeat@Example.com' });
    expect((await postPublicReview(payload)).statusCode).toBe(201);
    await confirmReviewOf('repeat@example.com');
    const error = expectApiError(
      await postPublicReview({ ...payload, authorEmail: 'repeat@example.COM' }),
      409,
      { code: 'conflict', reason: 'review_exists' },
    );
    expect(fieldsOf(error)).toEqual(['body.authorEmail']);
    expect((await postPublicReview({ ...payload, companyId: other.id })).statusCode).toBe(201);
  });

  it('refuses 0 and 6 stars, a bad e-mail and a missing name with 400', async () => {
    const supplier = await factories.aSupplier();
    const cases: [Record<string, unknown>, string][] = [
      [aPublicReview(supplier.id, { rating: 0 }), 'body.rating'],
      [aPublicReview(supplier.id, { rating: 6 }), 'body.rating'],
      [aPublicReview(supplier.id, { authorEmail: 'no-at-sign' }), 'body.authorEmail'],
      [aPublicReview(supplier.id, { authorName: '' }), 'body.authorName'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(await postPublicReview(payload), 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toContain(field);
    }
  });

  it('answers 404 for an unknown supplier', async () => {
    expectApiError(await postPublicReview(aPublicReview(newId('cmp'))), 404, {
      code: 'not_found',
      reason: 'company_not_found',
    });
  });

  it('limits each client address per hour (429 with Retry-After), then lets it in again', async () => {
    const supplier = await factories.aSupplier();
    const address = '192.0.2.77';
    for (let index = 0; index < PUBLIC_REVIEW_LIMIT.maxPerWindow; index += 1) {
      const response = await postPublicReview(aPublicReview(supplier.id), address);
      expect(response.statusCode, response.body).toBe(201);
    }
    const limited = await postPublicReview(aPublicReview(supplier.id), address);
    expectApiError(limited, 429, { code: 'rate_limited', reason: 'review_rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postPublicReview(aPublicReview(supplier.id), '192.0.2.78')).statusCode).toBe(201);
    context.clock.advance(PUBLIC_REVIEW_LIMIT.windowMs);
    expect((await postPublicReview(aPublicReview(supplier.id), address)).statusCode).toBe(201);
  });
});
