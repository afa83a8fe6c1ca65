import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { createCatalogFactories } from './catalog-factories';
import { registerAccount } from './factories';
import { aSupplierAccount } from './supplier-factories';
import type { TestContext } from './test-app';

/** Who sends a request: an account's `headers` (`{ headers: {} }` for no one signed in). */
export type Caller = { headers: Record<string, string> };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A US shipping address the reference data accepts (Raleigh, NC 27601; no company, no phone). */
export const US_ADDRESS = {
  name: 'Alice Example',
  company: null,
  line1: '1 Main Street',
  line2: null,
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

/**
 * A local test card payment method, `{ type: 'test_card', number, expMonth: 12, expYear: 2040,
 * cvc: '123' }`. The number picks the outcome (see `payments/test-cards.ts`): 4242… pays,
 * 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 waits for 3-D Secure.
 */
export const testCard = (number = '4242424242424242') => ({
  type: 'test_card',
  number,
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
});

/** A new, unique Idempotency-Key value (`test-key-<uuid>`). */
export const newIdempotencyKey = () => `test-key-${randomUUID()}`;

/**
 * Request helpers over `context.app.inject` for the orders API. Pass the context, or a getter of it
 * when the test file creates it in `beforeAll` (`requestsTo(() => context)` at module level).
 *
 * - `call(caller, method, url, payload?, headers?)`: the raw response; `payload` is sent as JSON,
 *   `headers` are added to the caller's.
 * - `ok<T>(…same…)`: asserts a 2xx status (the body as the failure message) and returns the JSON.
 * - `sendInvoice(supplier, body)`: `POST /api/partner/invoices` through `ok`; the `Invoice`.
 * - `addToCart(store, invoiceId)`: adds every line of the invoice to the store's cart through `ok`;
 *   the `Invoice`, its lines' `orderItemId`s set.
 * - `pay(store, body, key?)`: `POST /api/web/creator-invoice-payments` with an Idempotency-Key (a
 *   new one unless given); the raw response, nothing asserted.
 * - `openConversation(store, supplierId)`: the store's conversation with the supplier company.
 */
export const requestsTo = (context: TestContext | (() => TestContext)) => {
  const contextOf = typeof context === 'function' ? context : () => context;

  const call = (
    caller: Caller,
    method: HttpMethod,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    contextOf().app.inject({
      method,
      url,
      headers: { ...caller.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const ok = async <T = unknown>(
    caller: Caller,
    method: HttpMethod,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => {
    const response = await call(caller, method, url, payload, headers);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };

  const sendInvoice = (supplier: Caller, body: Record<string, unknown>) =>
    ok<Invoice>(supplier, 'POST', '/api/partner/invoices', body);

  const addToCart = (store: Caller, invoiceId: string) =>
    ok<Invoice>(store, 'POST', '/api/web/creator-invoice-items/action/add-to-cart', { invoiceId });

  const pay = (store: Caller, body: Record<string, unknown>, key = newIdempotencyKey()) =>
    call(store, 'POST', '/api/web/creator-invoice-payments', body, { 'idempotency-key': key });

  const openConversation = (store: Caller, supplierId: string) =>
    ok<ConversationSummary>(store, 'POST', '/api/web/conversations', { supplierId });

  return { call, ok, sendInvoice, addToCart, pay, openConversation };
};
export type Requests = ReturnType<typeof requestsTo>;

/**
 * The parties of most orders tests, on `context` (reference data seeded first, for addresses):
 * supplier companies Acme Knits (`acmeSupplier`, member `acme`, "Ana of Acme") and Other Mills
 * (`otherSupplier`, member `other`); stores Alice Apparel (`alice`) and Bob Boutique (`bob`); and
 * Alice's `conversation` with Acme. `factories` makes more catalog rows.
 */
export const anOrdersWorld = async (context: TestContext) => {
  await context.reference.seedReferenceData();
  const factories = createCatalogFactories(context.connection.db);
  const acmeSupplier = await factories.aSupplier({ name: 'Acme Knits' });
  const otherSupplier = await factories.aSupplier({ name: 'Other Mills' });
  const alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  const bob = await registerAccount(context, { storeTitle: 'Bob Boutique', name: 'Bob' });
  const acme = await aSupplierAccount(context, acmeSupplier.id, { name: 'Ana of Acme' });
  const other = await aSupplierAccount(context, otherSupplier.id);
  const conversation = await requestsTo(context).openConversation(alice, acmeSupplier.id);
  return { factories, acmeSupplier, otherSupplier, alice, bob, acme, other, conversation };
};
export type OrdersWorld = Awaited<ReturnType<typeof anOrdersWorld>>;
