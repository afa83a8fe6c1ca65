import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import {
  ORDERS_UPDATED_SOCKET_EVENT,
  type OrdersUpdatedSocketPayload,
} from '@atelier/contract/orders/events';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { findLatestEmail, listEmails as listEmailsIn } from '@/testing/outbox';
import { registerAccount } from '@/testing/factories';
import { US_ADDRESS, requestsTo, testCard } from '@/testing/orders-fixtures';
import { socketClients, waitFor, waitForOffline } from '@/testing/sockets';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
const sockets = socketClients();
const { connect } = sockets;
const requests = requestsTo(() => context);

const collect = (socket: ClientSocket) => {
  const received: OrdersUpdatedSocketPayload[] = [];
  socket.on(ORDERS_UPDATED_SOCKET_EVENT, (payload: OrdersUpdatedSocketPayload) =>
    received.push(payload),
  );
  return received;
};

const listEmails = (recipient: string, kind: string) =>
  listEmailsIn(context.connection.db, recipient, kind);

beforeAll(async () => {
  context = await createTestApp();
  await context.reference.seedReferenceData();
  await sockets.listen(context);
});
afterAll(async () => {
  sockets.closeAll();
  await context.close();
});

it('shows both parties every invoice and order item change live, and no one else', async () => {
  const company = await createCatalogFactories(context.connection.db).aSupplier();
  const alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  const bob = await registerAccount(context, { storeTitle: 'Bob Basics', name: 'Bob' });
  const supplier = await aSupplierAccount(context, company.id);
  const conversation = await requests.openConversation(alice, company.id);

  const [aliceSocket, bobSocket, supplierSocket] = await Promise.all([
    connect(alice.token),
    connect(bob.token),
    connect(supplier.token),
  ]);
  const aliceSees = collect(aliceSocket);
  const bobSees = collect(bobSocket);
  const supplierSees = collect(supplierSocket);

  const invoice = await requests.sendInvoice(supplier, {
    conversationId: conversation.sid,
    lines: [{ title: 'Tee', quantity: 10, unitPrice: 900 }],
    shippingAmount: 1000,
    leadTimeDays: 20,
  });
  await waitFor(() => aliceSees.some((event) => event.invoiceId === invoice.id));

  const added = await requests.addToCart(alice, invoice.id);
  const itemId = added.lines[0]!.orderItemId!;
  const paid = await requests.pay(
    alice,
    { itemIds: [itemId], shippingAddress: US_ADDRESS, paymentMethod: testCard() },
    'realtime-test-payment-1',
  );
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
  await waitForOffline(context, alice.storeId);
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
