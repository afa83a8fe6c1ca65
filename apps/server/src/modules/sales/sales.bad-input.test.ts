import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  exportStoreOrders,
  getStoreOrder,
  listOrderOrigins,
  listStoreOrders,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import {
  exportStoreCustomers,
  getStoreCustomer,
  listStoreCustomers,
} from '@atelier/contract/sales/customer';
import { startOrderImport } from '@atelier/contract/sales/order-import';
import { startProductImport } from '@atelier/contract/sales/product-import';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
} from '@atelier/contract/sales/webhook';
import {
  archiveProduct,
  createProduct,
  exportProducts,
  getProduct,
  listProducts,
  unarchiveProduct,
  updateProduct,
  type Product,
} from '@atelier/contract/sales/product';
import {
  addOrderNote,
  cancelOrderLineItem,
  changeOrderOpStatus,
  changeOrdersOpStatus,
  deleteOrderNote,
  listOrderNotes,
  listOrderOpStatusHistory,
  updateOrderNote,
  updateOrderShippingAddress,
} from '@atelier/contract/sales/order-operations';
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
  const productBody = {
    title: 'Sweep apron',
    options: [{ name: 'Color', values: ['Sage'] }],
    variants: [{ optionValues: ['Sage'], sku: 'SW-APR', priceAmount: 1_000 }],
  };
  const product = (
    await context.app.inject({
      method: 'POST',
      url: createProduct.path,
      headers,
      payload: productBody,
    })
  ).json<Product>();
  const webhook = (
    await context.app.inject({
      method: 'POST',
      url: createWebhook.path,
      headers,
      payload: { url: 'https://hooks.example.com/atelier', topics: ['order.created'] },
    })
  ).json<{ id: string }>();
  routes = [
    {
      method: 'POST',
      path: createWebhook.path,
      body: { url: 'https://hooks.example.com/x', topics: ['order.updated'] },
    },
    { method: 'GET', path: listWebhooks.path },
    { method: 'GET', path: listWebhookDeliveries.path, params: { id: webhook.id } },
    {
      method: 'GET',
      path: listProducts.path,
      query: { status: 'ACTIVE', search: 'sw', limit: '5' },
    },
    { method: 'GET', path: exportProducts.path, query: { status: 'ARCHIVED', search: 'sw' } },
    { method: 'GET', path: getProduct.path, params: { id: product.id } },
    {
      method: 'POST',
      path: createProduct.path,
      body: {
        ...productBody,
        variants: [{ optionValues: ['Sage'], sku: 'SW-APR-2', priceAmount: 1_000 }],
      },
    },
    { method: 'PUT', path: updateProduct.path, params: { id: product.id }, body: productBody },
    { method: 'POST', path: archiveProduct.path, params: { id: product.id } },
    { method: 'POST', path: unarchiveProduct.path, params: { id: product.id } },
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
    {
      method: 'GET',
      path: exportStoreOrders.path,
      query: { tab: 'ALL', search: 'sweep', placedFrom: '2020-01-01' },
    },
    {
      method: 'POST',
      path: changeOrderOpStatus.path,
      params: { id: order.id },
      body: { status: 'PROCESSING', note: 'sweep' },
    },
    { method: 'GET', path: listOrderOpStatusHistory.path, params: { id: order.id } },
    {
      method: 'POST',
      path: changeOrdersOpStatus.path,
      body: { orderIds: [order.id], status: 'ON_HOLD', note: 'sweep' },
    },
    {
      method: 'GET',
      path: listStoreOrders.path,
      query: { sort: '-customer', financialStatus: 'PAID', origin: 'MANUAL_RETAIL' },
    },
    { method: 'GET', path: exportStoreOrders.path, query: { ids: order.id, sort: 'total' } },
    {
      method: 'POST',
      path: cancelOrderLineItem.path,
      params: { id: order.id, lineId: order.lines[0]!.id },
      body: { quantity: 1, reason: 'sweep' },
    },
    { method: 'GET', path: listOrderNotes.path, params: { id: order.id } },
    { method: 'POST', path: addOrderNote.path, params: { id: order.id }, body: { body: 'n' } },
    {
      method: 'DELETE',
      path: deleteOrderNote.path,
      params: { id: order.id, noteId: 'ont_abc' },
    },
    { method: 'PUT', path: updateOrderNote.path, params: { id: order.id }, body: { note: 'n' } },
    {
      method: 'PUT',
      path: updateOrderShippingAddress.path,
      params: { id: order.id },
      body: {
        name: 'Sweep',
        company: null,
        line1: '1 Main St',
        line2: null,
        city: 'Austin',
        stateCode: 'TX',
        postalCode: '73301',
        countryCode: 'US',
        phone: null,
      },
    },
    {
      method: 'POST',
      path: startOrderImport.path,
      body: { fileId: 'oif_abc', mode: 'VALID_ROWS' },
    },
    {
      method: 'POST',
      path: startProductImport.path,
      body: { fileId: 'pif_abc', mode: 'VALID_ROWS', currencyCode: 'EUR' },
    },
    {
      method: 'GET',
      path: listStoreCustomers.path,
      query: { search: 'sweep', sort: 'TOTAL_SPENT', limit: '10' },
    },
    { method: 'GET', path: exportStoreCustomers.path, query: { search: 'sw', sort: 'LAST_ORDER' } },
    { method: 'GET', path: getStoreCustomer.path, params: { id: order.customer!.id } },
  ];
});
afterAll(async () => context.close());

describe('sales routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    for (const route of routes) await sweepRoute(context, route, headers);
  }, 120_000);
});
