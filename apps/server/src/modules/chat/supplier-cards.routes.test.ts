import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { notificationOutbox } from '@/db/schema';
import type { SupplierCard } from '@/modules/chat';
import { expectApiError } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Caller = { headers: Record<string, string> };
type Prefix = 'web' | 'partner';

let context: TestContext;
let alice: Awaited<ReturnType<typeof registerAccount>>;
let bob: Awaited<ReturnType<typeof registerAccount>>;
let acme: Awaited<ReturnType<typeof aSupplierAccount>>;
let other: Awaited<ReturnType<typeof aSupplierAccount>>;
/** Alice's conversations with Acme and with Other Mills, and Bob's with Acme. */
let aliceAcme: ConversationSummary;
let aliceOther: ConversationSummary;
let bobAcme: ConversationSummary;

const open = async (store: Caller, supplierId: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/conversations',
    headers: store.headers,
    payload: { supplierId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationSummary>();
};

beforeAll(async () => {
  context = await createTestApp();
  const factories = createCatalogFactories(context.connection.db);
  const acmeSupplier = await factories.aSupplier({ name: 'Acme Knits' });
  const otherSupplier = await factories.aSupplier({ name: 'Other Mills' });
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics' });
  acme = await aSupplierAccount(context, acmeSupplier.id, { name: 'Ana of Acme' });
  other = await aSupplierAccount(context, otherSupplier.id);
  aliceAcme = await open(alice, acmeSupplier.id);
  aliceOther = await open(alice, otherSupplier.id);
  bobAcme = await open(bob, acmeSupplier.id);
});
afterAll(async () => context.close());

const history = async (caller: Caller, prefix: Prefix, conversationId: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/${prefix}/conversations/${conversationId}/messages?size=100`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Message[] }>().items;
};

const inbox = async (caller: Caller, prefix: Prefix) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/${prefix}/conversations`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ConversationSummary[]; unreadTotal: number }>();
};

const anInvoiceCard = (overrides: Partial<SupplierCard & { type: 'INVOICE' }> = {}) => ({
  type: 'INVOICE' as const,
  invoiceId: 'inv_a1b2c3',
  title: 'Heavy tees, 500 units',
  lineCount: 2,
  total: 1_234_550,
  currencyCode: 'USD',
  ...overrides,
});

const postForAcme = (storeId: string, card: SupplierCard) =>
  context.chat.postSupplierCard({
    companyId: acme.companyId,
    storeId,
    userId: acme.userId,
    authorName: 'Ana of Acme',
    card,
  });

describe('postSupplierCard', () => {
  it('stores an invoice card as a message of the supplier, listed to both parties', async () => {
    const card = anInvoiceCard();
    await postForAcme(alice.storeId, card);

    const [stored] = await history(alice, 'web', aliceAcme.sid);
    expect(stored).toMatchObject({
      author: `customer_${acme.companyId}`,
      authorName: 'Ana of Acme',
      body: '',
      payload: card,
    });
    expect(await history(acme, 'partner', aliceAcme.sid)).toEqual([stored]);

    const storeInbox = await inbox(alice, 'web');
    expect(storeInbox.items.find((item) => item.sid === aliceAcme.sid)).toMatchObject({
      unreadCount: 1,
      lastMessagePreview: 'Invoice: Heavy tees, 500 units · $12,345.50',
    });
    const supplierInbox = await inbox(acme, 'partner');
    expect(supplierInbox.items.find((item) => item.sid === aliceAcme.sid)).toMatchObject({
      unreadCount: 0,
    });
  });

  it('e-mails an offline store the card like any supplier message', async () => {
    const carol = await registerAccount(context, { storeTitle: 'Carol Crafts' });
    await open(carol, acme.companyId);
    await postForAcme(carol.storeId, anInvoiceCard({ invoiceId: 'inv_carol1', title: 'Totes' }));
    await context.dispatcher.drain();
    const notices = await context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.storeId, carol.storeId),
          eq(notificationOutbox.kind, 'chat.unread'),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('Invoice: Totes');
  });

  it("shows another store's or another company's conversations nothing", async () => {
    await postForAcme(alice.storeId, anInvoiceCard({ invoiceId: 'inv_other1' }));
    expect(await history(bob, 'web', bobAcme.sid)).toEqual([]);
    expect(await history(other, 'partner', aliceOther.sid)).toEqual([]);
    expect((await inbox(bob, 'web')).unreadTotal).toBe(0);
    expect((await inbox(other, 'partner')).unreadTotal).toBe(0);
  });

  it('creates nothing when the store and the company have no conversation', async () => {
    const dave = await registerAccount(context, { storeTitle: 'Dave Denim' });
    await expect(postForAcme(dave.storeId, anInvoiceCard())).resolves.toBeUndefined();
    expect((await inbox(dave, 'web')).items).toEqual([]);
  });

  it('stores the same invoice, or the same shipment, once', async () => {
    const before = (await history(alice, 'web', aliceAcme.sid)).length;
    const tracking = {
      type: 'TRACKING_LINK' as const,
      url: 'https://www.ups.com/track?tracknum=1Z999',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    };
    await postForAcme(alice.storeId, anInvoiceCard({ invoiceId: 'inv_twice1' }));
    await postForAcme(alice.storeId, anInvoiceCard({ invoiceId: 'inv_twice1' }));
    await postForAcme(alice.storeId, tracking);
    await postForAcme(alice.storeId, tracking);
    const after = await history(alice, 'web', aliceAcme.sid);
    expect(after).toHaveLength(before + 2);
    expect(after.at(-1)!.payload).toEqual(tracking);
  });

  it('refuses a card its schema refuses, storing nothing', async () => {
    const before = (await history(alice, 'web', aliceAcme.sid)).length;
    await expect(
      postForAcme(alice.storeId, anInvoiceCard({ invoiceId: 'not an id', total: -1 })),
    ).rejects.toThrow();
    expect(await history(alice, 'web', aliceAcme.sid)).toHaveLength(before);
  });
});

describe('sending an INVOICE message', () => {
  it('is refused to both parties: only the server posts invoice cards', async () => {
    const before = (await history(alice, 'web', aliceAcme.sid)).length;
    for (const [caller, prefix] of [
      [alice, 'web'],
      [acme, 'partner'],
    ] as const) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/${prefix}/conversations/${aliceAcme.sid}/messages`,
        headers: caller.headers,
        payload: { body: 'Pay me', payload: anInvoiceCard({ invoiceId: 'inv_forged' }) },
      });
      expectApiError(response, 400, { code: 'bad_request' });
    }
    expect(await history(alice, 'web', aliceAcme.sid)).toHaveLength(before);
  });
});
