import { and, eq } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import type { Invoice } from '@atelier/contract/orders/invoice';
import {
  ORDERS_UPDATED_SOCKET_EVENT,
  type OrdersUpdatedSocketPayload,
} from '@atelier/contract/orders/events';
import { notificationOutbox } from '@/db/schema';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { findLatestEmail } from '@/testing/outbox';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
let baseUrl: string;
const sockets: ClientSocket[] = [];

const connect = (token: string) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = connectClient(baseUrl, {
      path: SOCKET_IO_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const collect = (socket: ClientSocket) => {
  const received: OrdersUpdatedSocketPayload[] = [];
  socket.on(ORDERS_UPDATED_SOCKET_EVENT, (payload: OrdersUpdatedSocketPayload) =>
    received.push(payload),
  );
  return received;
};

const listEmails = (recipient: string, kind: string) =>
  context.connection.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.recipient, recipient), eq(notificationOutbox.kind, kind)));

const waitForOffline = async (storeId: string) => {
  const start = Date.now();
  while ((await context.realtime.io.in(`store:${storeId}`).fetchSockets()).length > 0) {
    if (Date.now() - start > 5_000) throw new Error('socket still open on the server');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const waitFor = async (check: () => boolean, timeoutMs = 5_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeAll(async () => {
  context = await createTestApp();
  await context.reference.seedReferenceData();
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await context.close();
});

it('shows both parties every invoice and order item change live, and no one else', async () => {
  const company = await createCatalogFactories(context.connection.db).aSupplier();
  const alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  const bob = await registerAccount(context, { storeTitle: 'Bob Basics', name: 'Bob' });
  const supplier = await aSupplierAccount(context, company.id);
  const conversation = (
    await context.app.inject({
      method: 'POST',
      url: '/api/web/conversations',
      headers: alice.headers,
      payload: { supplierId: company.id },
    })
  ).json<ConversationSummary>();

  const [aliceSocket, bobSocket, supplierSocket] = await Promise.all([
    connect(alice.token),
    connect(bob.token),
    connect(supplier.token),
  ]);
  const aliceSees = collect(aliceSocket);
  const bobSees = collect(bobSocket);
  const supplierSees = collect(supplierSocket);

  const invoice = (
    await context.app.inject({
      method: 'POST',
      url: '/api/partner/invoices',
      headers: supplier.headers,
      payload: {
        conversationId: conversation.sid,
        lines: [{ title: 'Tee', quantity: 10, unitPrice: 900 }],
        shippingAmount: 1000,
        leadTimeDays: 20,
      },
    })
  ).json<Invoice>();
  await waitFor(() => aliceSees.some((event) => event.invoiceId === invoice.id));

  const added = await context.app.inject({
    method: 'POST',
    url: '/api/web/creator-invoice-items/action/add-to-cart',
    headers: alice.headers,
    payload: { invoiceId: invoice.id },
  });
  const itemId = added.json<Invoice>().lines[0]!.orderItemId!;
  const paid = await context.app.inject({
    method: 'POST',
    url: '/api/web/creator-invoice-payments',
    headers: { ...alice.headers, 'idempotency-key': 'realtime-test-payment-1' },
    payload: {
      itemIds: [itemId],
      shippingAddress: {
        name: 'Alice',
        company: null,
        line1: '1 Main St',
        line2: null,
        city: 'Raleigh',
        stateCode: 'NC',
        postalCode: '27601',
        countryCode: 'US',
        phone: null,
      },
      paymentMethod: {
        type: 'test_card',
        number: '4242424242424242',
        expMonth: 1,
        expYear: 2040,
        cvc: '123',
      },
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);

  await waitFor(() =>
    supplierSees.some(
      (event) => event.itemIds.includes(itemId) && event.status === 'IN_PRODUCTION',
    ),
  );
  await waitFor(() =>
    supplierSees.some((event) => event.invoiceId === invoice.id && event.status === 'PAID'),
  );
  expect(
    aliceSees.filter((event) => event.itemIds.includes(itemId)).map((event) => event.status),
  ).toEqual(['IN_SHOPPING_CART', 'CHARGE_PENDING', 'IN_PRODUCTION']);
  // Another store hears nothing of it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(bobSees).toEqual([]);

  // Both online: no e-mail. The store goes offline, the supplier ships: the store gets one.
  await context.dispatcher.drain();
  expect(
    await findLatestEmail(context.connection.db, alice.input.email, 'orders.invoice.sent'),
  ).toBeUndefined();
  expect(await listEmails(supplier.email, 'orders.items.paid')).toHaveLength(0);
  aliceSocket.close();
  await waitForOffline(alice.storeId);
  const shipped = await context.app.inject({
    method: 'POST',
    url: `/api/partner/order-items/${itemId}/ship`,
    headers: supplier.headers,
    payload: { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await context.dispatcher.drain();
  const mail = await findLatestEmail(
    context.connection.db,
    alice.input.email,
    'orders.items.shipped',
  );
  expect(mail?.body).toContain('UPS 1Z999AA10123456784');
  // Delivered again, the event sends nothing twice.
  await context.dispatcher.drain();
  expect(await listEmails(alice.input.email, 'orders.items.shipped')).toHaveLength(1);
});
