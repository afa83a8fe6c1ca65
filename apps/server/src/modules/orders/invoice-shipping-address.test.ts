import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDERS_UPDATED_SOCKET_EVENT,
  type OrdersUpdatedSocketPayload,
} from '@atelier/contract/orders/events';
import {
  saveInvoiceShippingAddress,
  type Invoice,
  type PublicInvoice,
} from '@atelier/contract/orders/invoice';
import { notificationOutbox } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { sweepRoute } from '@/testing/bad-input';
import type { StoreAccount } from '@/testing/factories';
import {
  US_ADDRESS,
  anOrdersWorld,
  requestsTo,
  testCard,
  type Caller,
} from '@/testing/orders-fixtures';
import { socketClients, waitFor } from '@/testing/sockets';
import type { SupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { supplierInvoices } from './orders.table';

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;
let acme: SupplierAccount;
let conversationId: string;
const sockets = socketClients();
const { connect } = sockets;

const ADDRESS = { ...US_ADDRESS, company: 'Alice Apparel', phone: '+1 919 555 0100' };

const urlOf = (invoiceId: string) =>
  saveInvoiceShippingAddress.path.replace(':id', encodeURIComponent(invoiceId));

const requests = requestsTo(() => context);
const { call, ok } = requests;

const saveAddress = (caller: Caller, invoiceId: string, address: unknown) =>
  call(caller, 'PUT', urlOf(invoiceId), address);

const sendInvoice = (overrides: Record<string, unknown> = {}) =>
  requests.sendInvoice(acme, {
    conversationId,
    lines: [{ title: 'Heavyweight tee, black', quantity: 300, unitPrice: 850 }],
    shippingMode: 'CHARGE_SHIPPING_LATER',
    leadTimeDays: 30,
    ...overrides,
  });

const rowOf = async (invoiceId: string) => {
  const [row] = await context.connection.db
    .select()
    .from(supplierInvoices)
    .where(eq(supplierInvoices.id, invoiceId));
  return row!;
};

/** Pays every line of the invoice with the test card that pays, at `address`. */
const payInvoice = async (invoiceId: string, address: unknown = ADDRESS) => {
  const added = await requests.addToCart(alice, invoiceId);
  const response = await requests.pay(alice, {
    itemIds: added.lines.map((line) => line.orderItemId),
    shippingAddress: address,
    paymentMethod: testCard(),
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  context = await createTestApp();
  await sockets.listen(context);
  const world = await anOrdersWorld(context);
  ({ alice, bob, acme } = world);
  conversationId = world.conversation.sid;
});
afterAll(async () => {
  sockets.closeAll();
  await context.close();
});

describe('PUT /api/web/creator-invoices/:id/shipping-address', () => {
  it('saves the address, reads it back, and shows it to the supplier live', async () => {
    const invoice = await sendInvoice();
    expect(invoice).toMatchObject({ shippingAddress: null, shippingAddressAddedAt: null });
    const supplierSocket = await connect(acme.token);
    const supplierSees: OrdersUpdatedSocketPayload[] = [];
    supplierSocket.on(ORDERS_UPDATED_SOCKET_EVENT, (payload: OrdersUpdatedSocketPayload) =>
      supplierSees.push(payload),
    );

    const response = await saveAddress(alice, invoice.id, ADDRESS);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Invoice>();
    expect(saved.shippingAddress).toEqual(ADDRESS);
    expect(Date.parse(saved.shippingAddressAddedAt!)).not.toBeNaN();
    expect(saved).toMatchObject({ id: invoice.id, status: 'OPEN', lines: invoice.lines });

    const read = await ok<Invoice>(alice, 'GET', `/api/web/creator-invoices/${invoice.id}`);
    expect(read.shippingAddress).toEqual(ADDRESS);
    const listed = await ok<{ items: Invoice[] }>(alice, 'GET', '/api/web/creator-invoices');
    expect(listed.items.find((item) => item.id === invoice.id)?.shippingAddress).toEqual(ADDRESS);

    // The supplier's list has it, and its screen heard of the change.
    const partner = await ok<{ items: Invoice[] }>(acme, 'GET', '/api/partner/invoices');
    expect(partner.items.find((item) => item.id === invoice.id)).toMatchObject({
      shippingAddress: ADDRESS,
      shippingAddressAddedAt: saved.shippingAddressAddedAt,
    });
    await waitFor(() => supplierSees.some((event) => event.invoiceId === invoice.id));
    expect(supplierSees.find((event) => event.invoiceId === invoice.id)).toMatchObject({
      status: 'OPEN',
      itemIds: [],
    });

    // Not shown to whoever holds the public pay link.
    const link = await context.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${invoice.sn}`,
    });
    expect(link.statusCode).toBe(200);
    expect(link.json<PublicInvoice>()).not.toHaveProperty('shippingAddress');
  });

  it('replaces the address, keeps the same one unchanged, and stores blanks as null', async () => {
    const invoice = await sendInvoice();
    const first = (await saveAddress(alice, invoice.id, ADDRESS)).json<Invoice>();
    const again = (await saveAddress(alice, invoice.id, ADDRESS)).json<Invoice>();
    expect(again.shippingAddressAddedAt).toBe(first.shippingAddressAddedAt);

    const moved = await saveAddress(alice, invoice.id, {
      ...ADDRESS,
      company: '  ',
      line1: ' 20 Rue de Rivoli ',
      city: 'Paris',
      stateCode: 'IDF',
      postalCode: '75001',
      countryCode: 'FR',
      phone: '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Invoice>().shippingAddress).toEqual({
      ...ADDRESS,
      company: null,
      line1: '20 Rue de Rivoli',
      city: 'Paris',
      stateCode: 'IDF',
      postalCode: '75001',
      countryCode: 'FR',
      phone: null,
    });
  });

  it('sends no "new invoice" e-mail for a saved address', async () => {
    const invoice = await sendInvoice();
    const countInvoiceEmails = async () => {
      await context.dispatcher.drain();
      const [row] = await context.connection.db
        .select({ count: sql<number>`count(*)::int` })
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.recipient, alice.input.email),
            eq(notificationOutbox.kind, 'orders.invoice.sent'),
          ),
        );
      return row?.count ?? 0;
    };
    const before = await countInvoiceEmails();
    expect(before).toBeGreaterThan(0);
    await saveAddress(alice, invoice.id, ADDRESS);
    expect(await countInvoiceEmails()).toBe(before);
  });

  it('is 404 for another store’s invoice or an unknown one, and changes nothing', async () => {
    const invoice = await sendInvoice();
    for (const id of [invoice.id, 'inv_nothere']) {
      const response = await saveAddress(bob, id, ADDRESS);
      expectApiError(response, 404, { code: 'not_found', reason: 'invoice_not_found' });
    }
    // Checked before the address: a bad address for another store's invoice is still 404.
    const bad = await saveAddress(bob, invoice.id, { ...ADDRESS, countryCode: 'ZZ' });
    expectApiError(bad, 404, { code: 'not_found', reason: 'invoice_not_found' });
    const row = await rowOf(invoice.id);
    expect(row.shippingAddress).toBeNull();
    expect(row.shippingAddressAddedAt).toBeNull();
  });

  it('is 400 at the field for a postal code, country or state the reference data refuses', async () => {
    const invoice = await sendInvoice();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ postalCode: '2760' }, 'postalCode', /2760 is not a postal code of United States/],
      [{ postalCode: null }, 'postalCode', /Enter the postal code/],
      [{ countryCode: 'ZZ', stateCode: null }, 'countryCode', /ZZ is not a country we know/],
      [{ countryCode: null }, 'countryCode', /Choose the country/],
      [{ stateCode: 'XX' }, 'stateCode', /XX is not a state or province of United States/],
      [{ stateCode: null }, 'stateCode', /Choose the state or province in United States/],
      [{ name: '  ' }, 'name', /recipient’s name/],
      [{ line1: null }, 'line1', /street address/],
      [{ city: '' }, 'city', /city/],
    ];
    for (const [change, field, message] of cases) {
      const response = await saveAddress(alice, invoice.id, { ...ADDRESS, ...change });
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(error.details, JSON.stringify(change)).toContainEqual({
        field,
        message: expect.stringMatching(message) as string,
      });
    }
    // A code the schema refuses is 400 too, on the body's field.
    const lower = await saveAddress(alice, invoice.id, { ...ADDRESS, countryCode: 'us' });
    const error = expectApiError(lower, 400, { code: 'bad_request' });
    expect(error.details?.[0]?.field).toBe('body.countryCode');
    expect((await rowOf(invoice.id)).shippingAddress).toBeNull();
  });

  it('is 409 naming the status once the invoice is paid or voided, and keeps the address', async () => {
    const paid = await sendInvoice({ shippingMode: 'SUPPLIER_SHIPPING', shippingAmount: 1000 });
    await saveAddress(alice, paid.id, ADDRESS);
    await payInvoice(paid.id);
    const late = await saveAddress(alice, paid.id, { ...ADDRESS, city: 'Durham' });
    const error = expectApiError(late, 409, { code: 'conflict', reason: 'invoice_not_open' });
    expect(error.message).toMatch(/This invoice is paid/);
    const read = await ok<Invoice>(alice, 'GET', `/api/web/creator-invoices/${paid.id}`);
    expect(read).toMatchObject({ status: 'PAID', shippingAddress: ADDRESS });

    const voided = await sendInvoice();
    await context.connection.db
      .update(supplierInvoices)
      .set({ status: 'VOIDED' })
      .where(eq(supplierInvoices.id, voided.id));
    const refused = await saveAddress(alice, voided.id, ADDRESS);
    expect(
      expectApiError(refused, 409, { code: 'conflict', reason: 'invoice_not_open' }).message,
    ).toMatch(/This invoice is voided/);
    expect((await rowOf(voided.id)).shippingAddress).toBeNull();
  });

  it('needs a signed-in store user: 401 without a session', async () => {
    const invoice = await sendInvoice();
    const response = await context.app.inject({
      method: 'PUT',
      url: urlOf(invoice.id),
      payload: ADDRESS,
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers garbage paths, bodies and fields below 500, in the error shape', async () => {
    const invoice = await sendInvoice();
    await sweepRoute(
      context,
      {
        method: 'PUT',
        path: saveInvoiceShippingAddress.path,
        params: { id: invoice.id },
        body: ADDRESS,
      },
      alice.headers,
    );
  }, 120_000);
});
