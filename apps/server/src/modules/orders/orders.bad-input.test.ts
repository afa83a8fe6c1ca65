import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addInvoiceToCart,
  calcFinancingFees,
  checkout,
  confirmPayment,
  createPartnerInvoice,
  getInvoice,
  getPublicInvoice,
  listInvoices,
  payPublicInvoice,
  removeInvoiceItem,
  type Invoice,
} from '@atelier/contract/orders/invoice';
import {
  archiveOrderItem,
  createSampleOrderItem,
  getOrderItem,
  getShoppingCart,
  listOrderItems,
  listPartnerOrderItems,
  requestOrderItemCancel,
  reviewOrderItem,
  shipPartnerOrderItem,
  updateOrderItemDestination,
} from '@atelier/contract/orders/order-item-api';
import { sweepRoute, type SweepRoute } from '@/testing/bad-input';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  requestsTo,
  testCard,
} from '@/testing/orders-fixtures';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let store: StoreAccount;
let supplier: SupplierAccount;
let conversationId: string;
let invoice: Invoice;
let itemId: string;

const CARD = testCard('4000000000000002');
const requests = requestsTo(() => context);

const newInvoice = async (overrides: Record<string, unknown> = {}) =>
  requests.call(supplier, 'POST', createPartnerInvoice.path, {
    conversationId,
    lines: [{ title: 'Tee', quantity: 10, unitPrice: 500 }],
    leadTimeDays: 10,
    ...overrides,
  });

beforeAll(async () => {
  context = await createTestApp();
  const world = await anOrdersWorld(context);
  ({ alice: store, acme: supplier } = world);
  conversationId = world.conversation.sid;
  invoice = (await newInvoice()).json<Invoice>();
  itemId = (await requests.addToCart(store, invoice.id)).lines[0]!.orderItemId!;
});
afterAll(async () => context.close());

describe('orders routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    const withKey = { ...store.headers, 'idempotency-key': 'sweep-key-0001' };
    const storeRoutes: SweepRoute[] = [
      { method: 'GET', path: listInvoices.path, query: { status: 'OPEN' } },
      { method: 'GET', path: getInvoice.path, params: { id: invoice.id } },
      { method: 'POST', path: addInvoiceToCart.path, body: { invoiceId: invoice.id } },
      { method: 'DELETE', path: removeInvoiceItem.path, params: { id: 'ivl_nothere' } },
      { method: 'GET', path: getShoppingCart.path, query: { discountCode: 'PRODUCTS10' } },
      { method: 'GET', path: listOrderItems.path, query: { tab: 'ALL' } },
      { method: 'GET', path: getOrderItem.path, params: { id: itemId } },
      { method: 'GET', path: calcFinancingFees.path, query: { amount: '1000' } },
      {
        method: 'POST',
        path: createSampleOrderItem.path,
        body: { catalogItemId: 'itm_nothere', quantity: 1 },
      },
      {
        method: 'POST',
        path: requestOrderItemCancel.path,
        params: { id: itemId },
        body: { reason: 'Sweep' },
      },
      {
        method: 'POST',
        path: reviewOrderItem.path,
        params: { id: itemId },
        body: { rating: 5, title: 'Sweep', body: 'Sweep' },
      },
      { method: 'POST', path: archiveOrderItem.path, params: { id: itemId } },
      {
        method: 'PUT',
        path: updateOrderItemDestination.path,
        params: { id: itemId },
        body: { destination: 'STORED_AT_FBP' },
      },
      { method: 'POST', path: confirmPayment.path, params: { id: 'pay_nothere' } },
      {
        method: 'POST',
        path: checkout.path,
        body: { itemIds: [itemId], shippingAddress: ADDRESS, paymentMethod: CARD },
      },
    ];
    for (const route of storeRoutes) await sweepRoute(context, route, withKey);
    const supplierRoutes: SweepRoute[] = [
      {
        method: 'POST',
        path: createPartnerInvoice.path,
        body: {
          conversationId,
          lines: [{ title: 'Tee', quantity: 1, unitPrice: 100 }],
          leadTimeDays: 5,
        },
      },
      { method: 'GET', path: listPartnerOrderItems.path, query: { tab: 'ALL' } },
      {
        method: 'POST',
        path: shipPartnerOrderItem.path,
        params: { id: itemId },
        body: { trackingNumber: 'TRACK', carrier: 'UPS' },
      },
    ];
    for (const route of supplierRoutes) await sweepRoute(context, route, supplier.headers);
    const publicRoutes: SweepRoute[] = [
      {
        method: 'GET',
        path: getPublicInvoice.path,
        params: { sn: invoice.sn },
        isPublic: true,
      },
      {
        method: 'POST',
        path: payPublicInvoice.path,
        params: { sn: invoice.sn },
        body: { shippingAddress: ADDRESS, paymentMethod: CARD },
        isPublic: true,
      },
    ];
    for (const route of publicRoutes) await sweepRoute(context, route, {});
  }, 300_000);

  it('refuses 10,000 lines, amounts past the column, and one payment across currencies', async () => {
    const many = await newInvoice({
      lines: Array.from({ length: 10_000 }, () => ({ title: 'Tee', quantity: 1, unitPrice: 1 })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.details[0].field).toBe('body.lines');
    for (const line of [
      { title: 'Tee', quantity: 1, unitPrice: 2 ** 63 },
      { title: 'Tee', quantity: 2 ** 40, unitPrice: 1 },
      { title: 'Tee', quantity: -1, unitPrice: 1 },
      { title: 'Tee', quantity: 0.5, unitPrice: 1 },
    ]) {
      expect((await newInvoice({ lines: [line] })).statusCode).toBe(400);
    }
    const euros = (await newInvoice({ currencyCode: 'EUR' })).json<Invoice>();
    const added = await context.app.inject({
      method: 'POST',
      url: addInvoiceToCart.path,
      headers: store.headers,
      payload: { invoiceId: euros.id },
    });
    const euroItem = added.json<Invoice>().lines[0]!.orderItemId!;
    const mixed = await context.app.inject({
      method: 'POST',
      url: checkout.path,
      headers: { ...store.headers, 'idempotency-key': 'mixed-currency-1' },
      payload: { itemIds: [itemId, euroItem], shippingAddress: ADDRESS, paymentMethod: CARD },
    });
    expect(mixed.statusCode, mixed.body).toBe(400);
    expect(mixed.json().error.details[0].field).toBe('itemIds');
  });
});
