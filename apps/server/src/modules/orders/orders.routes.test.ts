import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { computeCheckoutTotals } from '@atelier/contract/orders/checkout-totals';
import type { Invoice, Payment } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { expectApiErrorStatus as expectApiError } from '@/testing/api-error';
import { signLocalWebhook } from './payments/local-webhook';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS as ADDRESS,
  anOrdersWorld,
  newIdempotencyKey as newKey,
  requestsTo,
  testCard as card,
  type Caller,
} from '@/testing/orders-fixtures';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';

type Cart = { items: OrderItem[]; totals: ReturnType<typeof computeCheckoutTotals> | null };

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;
let acme: SupplierAccount;
let other: SupplierAccount;
let conversation: ConversationSummary;
let sampleItemId: string;

const { call, ok, pay, sendInvoice: send } = requestsTo(() => context);

const sendInvoice = () =>
  send(acme, {
    conversationId: conversation.sid,
    lines: [
      { title: 'Heavyweight tee, black', quantity: 300, unitPrice: 850 },
      { title: 'Tech pack revision', category: 'DESIGN_SERVICE', quantity: 1, unitPrice: 12000 },
    ],
    shippingAmount: 15000,
    leadTimeDays: 30,
    notes: 'Terms as agreed in chat.',
  });

const cartOf = (caller: Caller, query = '') =>
  ok<Cart>(caller, 'GET', `/api/web/creator-order-items/shopping-cart${query}`);

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-orders-');
  const world = await anOrdersWorld(context);
  ({ alice, bob, acme, other, conversation } = world);
  sampleItemId = (await world.factories.anItem({ supplier: world.acmeSupplier, title: 'Boxy tee' }))
    .id;
});
afterAll(async () => context.close());

describe('supplier invoices', () => {
  it('reach the store of the conversation, and no one else', async () => {
    const invoice = await sendInvoice();
    expect(invoice).toMatchObject({
      status: 'OPEN',
      supplierName: 'Acme Knits',
      subtotal: 300 * 850 + 12000,
      total: 300 * 850 + 12000 + 15000,
    });
    expect(invoice.sn).toMatch(/^[0-9a-f]{32}$/);
    // The invoice card in the conversation, for the store.
    const messages = await ok<{ items: { type: string; payload: Record<string, unknown> }[] }>(
      alice,
      'GET',
      `/api/web/conversations/${conversation.sid}/messages`,
    );
    expect(messages.items.map((message) => message.payload)).toContainEqual(
      expect.objectContaining({
        type: 'INVOICE',
        invoiceId: invoice.id,
        total: invoice.total,
        lineCount: 2,
        title: 'Heavyweight tee, black and 1 more',
      }),
    );
    const list = await ok<{ items: Invoice[]; openCount: number }>(
      alice,
      'GET',
      '/api/web/creator-invoices',
    );
    expect(list.items.map((item) => item.id)).toContain(invoice.id);
    expect(list.openCount).toBeGreaterThanOrEqual(1);
    const bobs = await ok<{ items: Invoice[] }>(bob, 'GET', '/api/web/creator-invoices');
    expect(bobs.items).toEqual([]);
    expectApiError(await call(bob, 'GET', `/api/web/creator-invoices/${invoice.id}`), 404);
    expectApiError(
      await call(bob, 'POST', '/api/web/creator-invoice-items/action/add-to-cart', {
        invoiceId: invoice.id,
      }),
      404,
    );
  });

  it('refuses another company’s conversation and shipping charged later with an amount', async () => {
    expectApiError(
      await call(other, 'POST', '/api/partner/invoices', {
        conversationId: conversation.sid,
        lines: [{ title: 'Tee', quantity: 1, unitPrice: 100 }],
        leadTimeDays: 10,
      }),
      404,
    );
    const response = await call(acme, 'POST', '/api/partner/invoices', {
      conversationId: conversation.sid,
      lines: [{ title: 'Tee', quantity: 1, unitPrice: 100 }],
      shippingMode: 'CHARGE_SHIPPING_LATER',
      shippingAmount: 500,
      leadTimeDays: 10,
    });
    expectApiError(response, 400);
    expect(response.json().error.details[0].field).toBe('shippingAmount');
    for (const bad of [
      { quantity: -1 },
      { quantity: 1.5 },
      { unitPrice: 10_000_000_001 },
      { unitPrice: 'ten' },
    ]) {
      const refused = await call(acme, 'POST', '/api/partner/invoices', {
        conversationId: conversation.sid,
        lines: [{ title: 'Tee', quantity: 1, unitPrice: 100, ...bad }],
        leadTimeDays: 10,
      });
      expectApiError(refused, 400);
    }
  });
});

describe('cart and checkout', () => {
  it('adds an invoice to the cart once, prices it by the contract, and pays it', async () => {
    const invoice = await sendInvoice();
    await ok(alice, 'POST', '/api/web/creator-invoice-items/action/add-to-cart', {
      invoiceId: invoice.id,
    });
    const again = await ok<Invoice>(
      alice,
      'POST',
      '/api/web/creator-invoice-items/action/add-to-cart',
      {
        invoiceId: invoice.id,
      },
    );
    expect(again.lines.map((line) => line.orderItemStatus)).toEqual([
      'IN_SHOPPING_CART',
      'IN_SHOPPING_CART',
    ]);
    const itemIds = again.lines.map((line) => line.orderItemId!);

    const cart = await cartOf(alice, '?discountCode=design50&shippingAssurance=true');
    const ours = cart.items.filter((item) => item.invoiceId === invoice.id);
    expect(ours).toHaveLength(2);
    const expected = computeCheckoutTotals({
      currencyCode: 'USD',
      lines: cart.items.map((item) => ({
        kind: item.kind,
        category: item.category,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
      })),
      shipping: cart.items.reduce((sum, item) => sum + item.shippingAmount, 0),
      handling: 0,
      shippingAssurance: true,
      sampleAssurance: false,
      discountCode: 'DESIGN50',
    });
    expect(cart.totals).toEqual(expected);
    expect(cart.totals!.discount).toBe(6000);

    // No key: refused, nothing changed.
    const keyless = await call(alice, 'POST', '/api/web/creator-invoice-payments', {
      itemIds,
      shippingAddress: ADDRESS,
      paymentMethod: card('4242 4242 4242 4242'),
    });
    expectApiError(keyless, 400);
    expect(keyless.json().error.details[0].field).toBe('Idempotency-Key');

    // A bad address: refused field by field, nothing changed.
    const badAddress = await pay(alice, {
      itemIds,
      shippingAddress: { ...ADDRESS, stateCode: 'ZZ', postalCode: 'ABCDE' },
      paymentMethod: card('4242 4242 4242 4242'),
    });
    expectApiError(badAddress, 400);
    expect(
      badAddress
        .json()
        .error.details.map((issue: { field: string }) => issue.field)
        .sort(),
    ).toEqual(['shippingAddress.postalCode', 'shippingAddress.stateCode']);

    // An unknown discount code: refused on its field.
    const badCode = await pay(alice, {
      itemIds,
      shippingAddress: ADDRESS,
      discountCode: 'SAVE5',
      paymentMethod: card('4242 4242 4242 4242'),
    });
    expectApiError(badCode, 400);
    expect(badCode.json().error.details[0].field).toBe('discountCode');

    // A declined card: the cart is as it was.
    const declined = await pay(alice, {
      itemIds,
      shippingAddress: ADDRESS,
      paymentMethod: card('4000 0000 0000 0002'),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Payment>()).toMatchObject({
      status: 'DECLINED',
      result: 'INSTRUMENT_DECLINED',
    });
    const afterDecline = await cartOf(alice);
    expect(
      afterDecline.items.filter((item) => itemIds.includes(item.id)).map((item) => item.status),
    ).toEqual(['IN_SHOPPING_CART', 'IN_SHOPPING_CART']);

    // Paid: in production on both sides; the invoice is paid; one ledger row.
    const key = newKey();
    const body = {
      itemIds,
      shippingAddress: ADDRESS,
      discountCode: 'DESIGN50',
      shippingAssurance: true,
      paymentMethod: card('4242 4242 4242 4242'),
    };
    const paid = await pay(alice, body, key);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json<Payment>();
    expect(payment).toMatchObject({ status: 'COMPLETED', result: 'COMPLETED', cardLast4: '4242' });
    expect(payment.totals).toEqual(
      computeCheckoutTotals({
        currencyCode: 'USD',
        lines: ours.map((item) => ({
          kind: item.kind,
          category: item.category,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
        })),
        shipping: 15000,
        handling: 0,
        shippingAssurance: true,
        sampleAssurance: false,
        discountCode: 'DESIGN50',
      }),
    );
    expect(payment.amount).toBe(payment.totals.total);
    const replay = await pay(alice, body, key);
    expect(replay.json<Payment>().id).toBe(payment.id);
    expectApiError(await pay(alice, { ...body, shippingAssurance: false }, key), 409);

    const paidInvoice = await ok<Invoice>(alice, 'GET', `/api/web/creator-invoices/${invoice.id}`);
    expect(paidInvoice.status).toBe('PAID');
    const counts = await ok<{ counts: Record<string, number>; inProduction: number }>(
      alice,
      'GET',
      '/api/web/creator-order-items/tab-counts',
    );
    expect(counts.inProduction).toBeGreaterThanOrEqual(2);
    const supplierSide = await ok<{ items: OrderItem[] }>(
      acme,
      'GET',
      '/api/partner/order-items?tab=IN_PRODUCTION',
    );
    expect(supplierSide.items.map((item) => item.id)).toEqual(expect.arrayContaining(itemIds));
    const othersSide = await ok<{ items: OrderItem[] }>(other, 'GET', '/api/partner/order-items');
    expect(othersSide.items).toEqual([]);

    // A paid line cannot be removed from its invoice.
    expectApiError(
      await call(alice, 'DELETE', `/api/web/creator-invoice-items/${invoice.lines[0]!.id}`),
      409,
    );

    // The supplier ships one; the store marks it received; both see the history.
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${itemIds[0]}/mark-received`),
      409,
    );
    expectApiError(
      await call(other, 'POST', `/api/partner/order-items/${itemIds[0]}/ship`, {
        trackingNumber: '1Z999',
        carrier: 'UPS',
      }),
      404,
    );
    const shipped = await ok<OrderItem>(
      acme,
      'POST',
      `/api/partner/order-items/${itemIds[0]}/ship`,
      {
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
      },
    );
    const afterShipping = await ok<{ items: { payload: Record<string, unknown> }[] }>(
      alice,
      'GET',
      `/api/web/conversations/${conversation.sid}/messages`,
    );
    expect(afterShipping.items.map((message) => message.payload)).toContainEqual(
      expect.objectContaining({
        type: 'TRACKING_LINK',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      }),
    );
    expect(shipped).toMatchObject({
      status: 'SHIPPED',
      trackingNumber: '1Z999AA10123456784',
      deliveryStatus: 'NOT_YET_DELIVERED',
    });
    const twice = await call(acme, 'POST', `/api/partner/order-items/${itemIds[0]}/ship`, {
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    expectApiError(twice, 409);
    expect(twice.json().error.message).toBe(
      'An order item cannot go from Shipped (SHIPPED) to Shipped (SHIPPED).',
    );
    const received = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemIds[0]}/mark-received`,
    );
    expect(received.receivingStatus).toBe('RECEIVED');
    // The parcel's receipt is an event of its own that changes no status.
    expect(received.history!.map((event) => event.toStatus)).toEqual([
      'IN_SHOPPING_CART',
      'CHARGE_PENDING',
      'IN_SHOPPING_CART',
      'CHARGE_PENDING',
      'IN_PRODUCTION',
      'SHIPPED',
      'SHIPPED',
    ]);
    expect(received.history!.at(-1)!.note).toBe(
      'Received 300 of 300 units · UPS 1Z999AA10123456784',
    );
    expectApiError(await call(bob, 'GET', `/api/web/creator-order-items/${itemIds[0]}`), 404);

    // Received: the store reviews the supplier, a verified purchase; not before, not another store.
    const review = { rating: 5, title: 'Great tees', body: 'On time and well sewn.' };
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${itemIds[1]}/review`, review),
      409,
    );
    expectApiError(
      await call(bob, 'POST', `/api/web/creator-order-items/${itemIds[0]}/review`, review),
      404,
    );
    const written = await ok<{ isVerifiedPurchase: boolean; rating: number; companyId: string }>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemIds[0]}/review`,
      review,
    );
    expect(written).toMatchObject({
      isVerifiedPurchase: true,
      rating: 5,
      companyId: shipped.companyId,
    });
    const listed = await ok<{ items: { title: string; isVerifiedPurchase: boolean }[] }>(
      bob,
      'GET',
      `/api/web/catalog-company-reviews?companyId=${shipped.companyId}`,
    );
    expect(listed.items).toContainEqual(
      expect.objectContaining({ title: 'Great tees', isVerifiedPurchase: true }),
    );
  });

  it('orders a sample at its sample price and charges one payment for 20 concurrent retries', async () => {
    const created = await call(alice, 'POST', '/api/web/creator-order-items', {
      catalogItemId: sampleItemId,
      quantity: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sample = created.json<OrderItem>();
    expect(sample).toMatchObject({
      kind: 'SAMPLE',
      status: 'IN_SHOPPING_CART',
      unitPrice: 2500,
      amount: 5000,
    });

    const key = newKey();
    const body = {
      itemIds: [sample.id],
      shippingAddress: ADDRESS,
      sampleAssurance: true,
      paymentMethod: card('5555 5555 5555 4444'),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(alice, body, key)));
    const completed = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<Payment>());
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(completed.map((payment) => payment.id)).size).toBe(1);
    for (const answer of answers) {
      if (answer.statusCode !== 200)
        expect(answer.json().error.reason).toBe('idempotency_in_progress');
    }
    const payment = completed[0]!;
    expect(payment.totals).toMatchObject({ subtotal: 5000, sampleAssurance: 500 });
    const item = await ok<OrderItem>(alice, 'GET', `/api/web/creator-order-items/${sample.id}`);
    expect(item.status).toBe('IN_PRODUCTION');
    // Exactly one charge: the item went to CHARGE_PENDING once.
    expect(item.history!.filter((event) => event.toStatus === 'CHARGE_PENDING')).toHaveLength(1);
    // A paid sample cannot be paid again.
    expectApiError(await pay(alice, body), 409);
  });

  it('keeps a store’s cart to itself', async () => {
    const bobsCart = await cartOf(bob);
    expect(bobsCart).toEqual({ items: [], totals: null, currencyCode: null });
    const alicesItem = (await cartOf(alice)).items[0];
    if (alicesItem) {
      expectApiError(
        await pay(bob, {
          itemIds: [alicesItem.id],
          shippingAddress: ADDRESS,
          paymentMethod: card('4242 4242 4242 4242'),
        }),
        404,
      );
      expectApiError(
        await call(bob, 'DELETE', `/api/web/creator-order-items/shopping-cart/${alicesItem.id}`),
        404,
      );
    }
  });
});

describe('public pay link', () => {
  it('shows only its invoice and is paid without login, once', async () => {
    const invoice = await sendInvoice();
    const anonymous = { headers: {} };
    const shown = await ok<Record<string, unknown>>(
      anonymous,
      'GET',
      `/api/public/invoices/${invoice.sn}`,
    );
    expect(shown).toMatchObject({
      id: invoice.id,
      supplierName: 'Acme Knits',
      total: invoice.total,
    });
    expect(shown).not.toHaveProperty('storeId');
    expectApiError(await call(anonymous, 'GET', `/api/public/invoices/${'0'.repeat(32)}`), 404);
    expectApiError(await call(anonymous, 'GET', '/api/public/invoices/not-a-link'), 400);

    const url = `/api/public/invoices/${invoice.sn}/payments`;
    const declined = await call(
      anonymous,
      'POST',
      url,
      { shippingAddress: ADDRESS, paymentMethod: card('4000 0000 0000 0002') },
      { 'idempotency-key': newKey() },
    );
    expect(declined.json<Payment>()).toMatchObject({
      status: 'DECLINED',
      result: 'INSTRUMENT_DECLINED',
    });
    // retry-invoice: another card, another key.
    const key = newKey();
    const body = { shippingAddress: ADDRESS, paymentMethod: card('4242 4242 4242 4242') };
    const paid = await call(anonymous, 'POST', url, body, { 'idempotency-key': key });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<Payment>()).toMatchObject({ status: 'COMPLETED', amount: expect.any(Number) });
    expect(paid.json<Payment>().totals.subtotal).toBe(invoice.subtotal);
    const replay = await call(anonymous, 'POST', url, body, { 'idempotency-key': key });
    expect(replay.json<Payment>().id).toBe(paid.json<Payment>().id);
    expectApiError(await call(anonymous, 'POST', url, body, { 'idempotency-key': newKey() }), 409);

    const seen = await ok<Invoice>(alice, 'GET', `/api/web/creator-invoices/${invoice.id}`);
    expect(seen.status).toBe('PAID');

    // A payment waiting for authentication: paying the link again meanwhile is 409, not a 500.
    const other = await sendInvoice();
    const otherUrl = `/api/public/invoices/${other.sn}/payments`;
    const waiting = await call(
      anonymous,
      'POST',
      otherUrl,
      { shippingAddress: ADDRESS, paymentMethod: card('4000 0025 0000 3155') },
      { 'idempotency-key': newKey() },
    );
    expect(waiting.json<Payment>().status).toBe('REQUIRES_ACTION');
    const again = await call(anonymous, 'POST', otherUrl, body, { 'idempotency-key': newKey() });
    expectApiError(again, 409);
    expect(again.json().error.reason).toBe('invoice_payment_pending');
    const config = await ok<{ provider: string; testCards: unknown[] }>(
      anonymous,
      'GET',
      '/api/public/payments/config',
    );
    expect(config.provider).toBe('local');
    expect(config.testCards.length).toBeGreaterThan(0);
    const item = await ok<OrderItem>(
      alice,
      'GET',
      `/api/web/creator-order-items/${seen.lines[0]!.orderItemId}`,
    );
    expect(item.history!.map((event) => event.actorKind)).toContain('pay_link');
  });
});

describe('calc-financing-fee', () => {
  it('prices each configured instalment plan, the instalments adding up to the total', async () => {
    const { options } = await ok<{
      options: {
        instalments: number;
        fee: number;
        totalWithFee: number;
        instalmentAmount: number;
        lastInstalmentAmount: number;
      }[];
    }>(alice, 'GET', '/api/web/creator-invoice-payments/calc-financing-fee?amount=100001');
    expect(options.map((option) => option.instalments)).toEqual([3, 6, 12]);
    expect(options[0]).toMatchObject({
      fee: 3000,
      totalWithFee: 103001,
      instalmentAmount: 34333,
      lastInstalmentAmount: 34335,
    });
    for (const option of options) {
      expect(option.instalmentAmount * (option.instalments - 1) + option.lastInstalmentAmount).toBe(
        option.totalWithFee,
      );
    }
    expectApiError(
      await call(alice, 'GET', '/api/web/creator-invoice-payments/calc-financing-fee?amount=-5'),
      400,
    );
  });
});

describe('production cancel', () => {
  it('needs the supplier’s confirmation, refunds the item’s share, and never a paid sample', async () => {
    const invoice = await sendInvoice();
    const added = await ok<Invoice>(
      alice,
      'POST',
      '/api/web/creator-invoice-items/action/add-to-cart',
      {
        invoiceId: invoice.id,
      },
    );
    const itemIds = added.lines.map((line) => line.orderItemId!);
    const paid = (
      await pay(alice, {
        itemIds,
        shippingAddress: ADDRESS,
        paymentMethod: card('4242 4242 4242 4242'),
      })
    ).json<Payment>();
    expect(paid.status).toBe('COMPLETED');

    // The offline supplier was e-mailed once about the payment; a cancel request and its
    // answer are shown live, never as another "Paid" e-mail.
    const paidEmails = async () => {
      await context.dispatcher.drain();
      const rows = await queryRows<{ count: number }>(
        context.connection.db,
        sql`select count(*)::int as count from notification_outbox
          where recipient = ${acme.email} and kind = 'orders.items.paid'`,
      );
      return rows[0]!.count;
    };
    const paidEmailsBefore = await paidEmails();
    expect(paidEmailsBefore).toBeGreaterThan(0);

    // Not before it is asked; not by another company; not twice.
    expectApiError(
      await call(acme, 'POST', `/api/partner/order-items/${itemIds[0]}/confirm-cancel`),
      404,
    );
    const asked = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${itemIds[0]}/cancel-request`,
      {
        reason: 'Colour changed',
      },
    );
    expect(asked.cancelRequestedAt).not.toBeNull();
    expectApiError(
      await call(alice, 'POST', `/api/web/creator-order-items/${itemIds[0]}/cancel-request`, {
        reason: 'Again',
      }),
      409,
    );
    expectApiError(
      await call(other, 'POST', `/api/partner/order-items/${itemIds[0]}/confirm-cancel`),
      404,
    );

    // Declined: production goes on.
    const declined = await ok<OrderItem>(
      acme,
      'POST',
      `/api/partner/order-items/${itemIds[0]}/decline-cancel`,
    );
    expect(declined).toMatchObject({ status: 'IN_PRODUCTION', cancelRequestedAt: null });
    expect(await paidEmails()).toBe(paidEmailsBefore);

    // Asked again and confirmed: both items canceled, refunds adding up to what was charged.
    for (const id of itemIds) {
      await ok(alice, 'POST', `/api/web/creator-order-items/${id}/cancel-request`, {
        reason: 'Not needed',
      });
    }
    const first = await ok<OrderItem>(
      acme,
      'POST',
      `/api/partner/order-items/${itemIds[0]}/confirm-cancel`,
    );
    const second = await ok<OrderItem>(
      acme,
      'POST',
      `/api/partner/order-items/${itemIds[1]}/confirm-cancel`,
    );
    expect([first.status, second.status]).toEqual(['CANCELED', 'CANCELED']);
    expect(first.refundedAmount).toBeGreaterThan(0);
    expect(first.refundedAmount + second.refundedAmount).toBe(paid.amount);
    expect(first.history!.at(-1)).toMatchObject({ actorKind: 'supplier', toStatus: 'CANCELED' });

    // A paid sample cannot be canceled.
    const sample = (
      await call(alice, 'POST', '/api/web/creator-order-items', {
        catalogItemId: sampleItemId,
        quantity: 1,
      })
    ).json<OrderItem>();
    await pay(alice, {
      itemIds: [sample.id],
      shippingAddress: ADDRESS,
      paymentMethod: card('4242 4242 4242 4242'),
    });
    const refused = await call(
      alice,
      'POST',
      `/api/web/creator-order-items/${sample.id}/cancel-request`,
      {
        reason: 'Changed my mind',
      },
    );
    expectApiError(refused, 409);
    expect(refused.json().error.message).toBe('A paid sample cannot be canceled.');
  });
});

describe('archive, destination and discount code counts', () => {
  it('sends goods to the fulfillment center until they ship, archives finished items, counts codes', async () => {
    const invoice = await sendInvoice();
    const added = await ok<Invoice>(
      alice,
      'POST',
      '/api/web/creator-invoice-items/action/add-to-cart',
      {
        invoiceId: invoice.id,
      },
    );
    const [first, second] = added.lines.map((line) => line.orderItemId!);
    // In the cart: not archivable.
    expectApiError(await call(alice, 'POST', `/api/web/creator-order-items/${first}/archive`), 409);
    const before = await ok<{ counts: Record<string, number> }>(
      alice,
      'GET',
      '/api/web/creator-order-items/promotion-code-count',
    );
    await pay(alice, {
      itemIds: [first, second],
      shippingAddress: ADDRESS,
      discountCode: 'products10',
      paymentMethod: card('4242 4242 4242 4242'),
    });
    const after = await ok<{ counts: Record<string, number> }>(
      alice,
      'GET',
      '/api/web/creator-order-items/promotion-code-count',
    );
    expect(after.counts.PRODUCTS10).toBe((before.counts.PRODUCTS10 ?? 0) + 1);

    const stored = await call(
      alice,
      'PUT',
      `/api/web/creator-order-items/${first}/update-stored-at-fbp`,
      {
        destination: 'STORED_AT_FBP',
      },
    );
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json<OrderItem>().destination).toBe('STORED_AT_FBP');
    expectApiError(
      await call(alice, 'PUT', `/api/web/creator-order-items/${first}/update-stored-at-fbp`, {
        destination: 'MOON',
      }),
      400,
    );
    expectApiError(
      await call(bob, 'PUT', `/api/web/creator-order-items/${first}/update-stored-at-fbp`, {
        destination: 'STORED_AT_FBP',
      }),
      404,
    );
    await ok(acme, 'POST', `/api/partner/order-items/${first}/ship`, {
      trackingNumber: 'TRACK-1',
      carrier: 'DHL',
    });
    expectApiError(
      await call(alice, 'PUT', `/api/web/creator-order-items/${first}/update-stored-at-fbp`, {
        destination: 'FORWARDED_TO_CREATOR',
      }),
      409,
    );
    const archived = await ok<OrderItem>(
      alice,
      'POST',
      `/api/web/creator-order-items/${first}/archive`,
    );
    expect(archived.id).toBe(first);
    const shippedTab = await ok<{ items: OrderItem[] }>(
      alice,
      'GET',
      '/api/web/creator-order-items?tab=SHIPPED',
    );
    expect(shippedTab.items.map((item) => item.id)).not.toContain(first);
    const withArchived = await ok<{ items: OrderItem[] }>(
      alice,
      'GET',
      '/api/web/creator-order-items?tab=SHIPPED&includeArchived=true',
    );
    expect(withArchived.items.map((item) => item.id)).toContain(first);
  });
});

describe('payment webhooks', () => {
  const SECRET = 'atelier-local-payments-webhook';
  const post = (body: string, signature: string | null) =>
    context.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-atelier-local-signature': signature } : {}),
      },
      payload: body,
    });

  it('settles a payment waiting for authentication once, and refuses a bad signature', async () => {
    const sample = (
      await call(alice, 'POST', '/api/web/creator-order-items', {
        catalogItemId: sampleItemId,
        quantity: 1,
      })
    ).json<OrderItem>();
    const waiting = (
      await pay(alice, {
        itemIds: [sample.id],
        shippingAddress: ADDRESS,
        paymentMethod: card('4000 0025 0000 3155'),
      })
    ).json<Payment>();
    expect(waiting.status).toBe('REQUIRES_ACTION');
    const [{ provider_charge_id }] = (await queryRows<{ provider_charge_id: string }>(
      context.connection.db,
      sql`select provider_charge_id from creator_payments where id = ${waiting.id}`,
    )) as [{ provider_charge_id: string }];
    const body = JSON.stringify({
      id: `evt_${waiting.id}`,
      type: 'charge.succeeded',
      data: { providerChargeId: provider_charge_id, amount: waiting.amount, currencyCode: 'USD' },
    });
    const now = Math.floor(context.clock.now().getTime() / 1000);

    const forged = await post(body, signLocalWebhook(body, 'not-the-secret', now));
    expect(forged.statusCode, forged.body).toBe(401);
    expect((await post(body, null)).statusCode).toBe(401);
    expect(
      (await ok<OrderItem>(alice, 'GET', `/api/web/creator-order-items/${sample.id}`)).status,
    ).toBe('CHARGE_PENDING');

    const signed = signLocalWebhook(body, SECRET, now);
    const first = await post(body, signed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, duplicate: false });
    const replay = await post(body, signed);
    expect(replay.json()).toEqual({ ok: true, duplicate: true });
    expect(
      (await ok<OrderItem>(alice, 'GET', `/api/web/creator-order-items/${sample.id}`)).status,
    ).toBe('IN_PRODUCTION');
    const ledger = await queryRows<{ count: number }>(
      context.connection.db,
      sql`select count(*)::int as count from payment_ledger_entries where payment_id = ${waiting.id}`,
    );
    expect(ledger[0]!.count).toBe(1);
  });
});
