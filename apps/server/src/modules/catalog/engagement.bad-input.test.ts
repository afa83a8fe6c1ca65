import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  addFavorite,
  listFavorites,
  listMySuppliers,
  removeFavorite,
} from '@atelier/contract/catalog/favorite';
import {
  confirmPublicCompanyReview,
  createCompanyReview,
  createPublicCompanyReview,
  getCompanyReviewSummary,
  listCompanyReviews,
  updateCompanyReview,
  type CatalogCompanyReview,
} from '@atelier/contract/catalog/review';
import { sweepRoute, type SweepRoute } from '@/testing/bad-input';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let headers: Record<string, string>;
let routes: SweepRoute[];

beforeAll(async () => {
  // A proxy-free app reads the socket address; every public request here shares it, so the
  // public review limit would answer 429 long before the sweep ends. Fine: 429 is below 500,
  // but the sweep should reach the service, so each garbage request gets a fresh clock hour.
  context = await createTestApp();
  const account = await registerAccount(context);
  headers = account.headers;
  const { aSupplier, anItem } = createCatalogFactories(context.connection.db);
  const supplier = await aSupplier();
  const item = await anItem({ supplier });
  const reviewResponse = await context.app.inject({
    method: 'POST',
    url: createCompanyReview.path,
    headers,
    payload: { companyId: supplier.id, rating: 4, title: 'Fine', body: '' },
  });
  const review = reviewResponse.json<CatalogCompanyReview>();
  const content = { rating: 3, title: 'Sweep', body: 'Sweep body' };
  routes = [
    {
      method: 'GET',
      path: listCompanyReviews.path,
      query: { companyId: supplier.id, size: '5', cursor: 'abc' },
    },
    { method: 'GET', path: getCompanyReviewSummary.path, query: { companyId: supplier.id } },
    {
      method: 'POST',
      path: createCompanyReview.path,
      body: { companyId: supplier.id, ...content },
    },
    { method: 'PUT', path: updateCompanyReview.path, params: { id: review.id }, body: content },
    {
      method: 'POST',
      path: createPublicCompanyReview.path,
      isPublic: true,
      body: {
        companyId: supplier.id,
        ...content,
        authorName: 'Sweeper',
        authorEmail: 'sweep@example.com',
      },
    },
    {
      method: 'POST',
      path: confirmPublicCompanyReview.path,
      isPublic: true,
      body: { token: 'A'.repeat(43) },
    },
    { method: 'GET', path: listFavorites.path },
    { method: 'POST', path: addFavorite.path, body: { type: 'ITEM', id: item.id } },
    { method: 'DELETE', path: removeFavorite.path, params: { type: 'COMPANY', id: supplier.id } },
    { method: 'GET', path: listMySuppliers.path, query: { searchKey: 'mill' } },
  ];
});
afterAll(async () => context.close());

describe('catalog engagement routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    for (const route of routes) {
      context.clock.advance(2 * 60 * 60 * 1000);
      await sweepRoute(context, route, headers);
    }
  }, 120_000);
});
