import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  getStoreOrder,
  listOrderOrigins,
  listStoreOrders,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import { sweepRoute, type SweepRoute } from '@/testing/bad-input';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let headers: Record<string, string>;
let routes: SweepRoute[];

beforeAll(async () => {
  context = await createTestApp();
  headers = (await registerAccount(context)).headers;
  const orderBody = {
    currencyCode: 'USD',
    customer: { email: 'sweep@example.com', firstName: 'Sweep' },
    shippingAddress: null,
    lines: [{ sku: 'SW-1', title: 'Sweep tee', quantity: 1, unitPriceAmount: 1_000 }],
    discountAmount: 0,
    shippingAmount: 500,
    totalAmount: 1_500,
  };
  const order = (
    await context.app.inject({
      method: 'POST',
      url: createManualRetailOrder.path,
      headers,
      payload: orderBody,
    })
  ).json<StoreOrder>();
  routes = [
    { method: 'POST', path: createManualRetailOrder.path, body: orderBody },
    { method: 'POST', path: createManualWholesaleOrder.path, body: orderBody },
    { method: 'GET', path: getStoreOrder.path, params: { id: order.id } },
    {
      method: 'GET',
      path: listStoreOrders.path,
      query: {
        tab: 'ALL',
        search: 'sweep',
        placedFrom: '2020-01-01',
        placedTo: '2030-01-01',
        limit: '10',
      },
    },
    { method: 'GET', path: listOrderOrigins.path },
  ];
});
afterAll(async () => context.close());

describe('sales routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    for (const route of routes) await sweepRoute(context, route, headers);
  }, 120_000);
});
