import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMySuppliers } from '@atelier/contract/catalog/favorite';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { UploadedFile } from '@atelier/contract/files/file';
import type { Message } from '@atelier/contract/chat/message';
import { updateStoreProfile } from '@atelier/contract/identity/store';
import { expectApiError } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPdf, aPng, multipart } from '@/testing/upload-factories';
import type { ChatParty } from './chat-party';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;
let factories: ReturnType<typeof createCatalogFactories>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-chat-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  factories = createCatalogFactories(context.connection.db);
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics' });
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const open = async (account: Account, supplierId: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/conversations',
    headers: account.headers,
    payload: { supplierId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationSummary>();
};

const send = (account: Account, conversationId: string, payload: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: `/api/web/conversations/${conversationId}/messages`,
    headers: account.headers,
    payload,
  });

const sendText = async (account: Account, conversationId: string, body: string) => {
  const response = await send(account, conversationId, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
};

const history = async (account: Account, conversationId: string, query = '') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/web/conversations/${conversationId}/messages${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Message[]; hasOlder: boolean }>();
};

const inbox = async (account: Account, searchKey?: string) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/web/conversations${searchKey === undefined ? '' : `?searchKey=${encodeURIComponent(searchKey)}`}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ConversationSummary[]; unreadTotal: number }>();
};

const markRead = (account: Account, conversationId: string, lastReadIndex: number) =>
  context.app.inject({
    method: 'PUT',
    url: `/api/web/conversations/${conversationId}/read`,
    headers: account.headers,
    payload: { lastReadIndex },
  });

const supplierParty = (companyId: string): ChatParty => ({
  kind: 'SUPPLIER',
  companyId,
  userId: 'usr_supplier',
  name: 'Supplier Sam',
});

const supplierSays = (companyId: string, conversationId: string, body: string) =>
  context.chat.chatService.sendMessage(supplierParty(companyId), conversationId, {
    body,
    payload: { type: 'TEXT' },
    fileIds: [],
  });

describe('POST /api/web/conversations', () => {
  it('opens one conversation per store and supplier pair, even when raced', async () => {
    const supplier = await factories.aSupplier({
      name: 'Porto Knitwear',
      isConciergeRecommended: true,
    });
    const [first, second] = await Promise.all([open(alice, supplier.id), open(alice, supplier.id)]);
    expect(second.sid).toBe(first.sid);
    expect(first).toMatchObject({
      sid: expect.stringMatching(/^cnv_/) as string,
      name: `manufacturer:store_${alice.storeId}-customer_${supplier.id}`,
      supplierId: supplier.id,
      supplierName: 'Porto Knitwear',
      storeTitle: 'Alice Apparel',
      isConciergeRecommended: true,
      lastMessageIndex: null,
      unreadCount: 0,
    });
    expect((await open(bob, supplier.id)).sid).not.toBe(first.sid);
  });

  it('answers 404 for an unknown supplier', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/web/conversations',
      headers: alice.headers,
      payload: { supplierId: 'cmp_unknown' },
    });
    expectApiError(response, 404, { code: 'not_found', reason: 'supplier_not_found' });
  });
});

describe('messages', () => {
  it('counts unread messages per spec §3: above the read marker and not from the viewer', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    await sendText(alice, sid, 'Hello, can you make tees?');
    await supplierSays(supplier.id, sid, 'Yes we can.');
    await supplierSays(supplier.id, sid, 'MOQ is 100.');
    await sendText(alice, sid, 'Great');
    await supplierSays(supplier.id, sid, 'Send a tech pack.');

    const summary = (await inbox(alice)).items.find((item) => item.sid === sid)!;
    // The store's own send moved its marker to 3, so only index 4 is unread.
    expect(summary).toMatchObject({ unreadCount: 1, lastMessageIndex: 4 });
    expect(summary.lastMessagePreview).toBe('Send a tech pack.');

    const supplierView = await context.chat.chatService.listConversations(
      supplierParty(supplier.id),
    );
    // The supplier's last send (index 4) moved its own marker past everything.
    expect(supplierView.items.find((item) => item.sid === sid)).toMatchObject({
      unreadCount: 0,
      otherLastReadIndex: 3,
    });

    expect((await markRead(alice, sid, 4)).json()).toEqual({ lastReadIndex: 4 });
    expect((await markRead(alice, sid, 1)).json()).toEqual({ lastReadIndex: 4 });
    expect((await markRead(alice, sid, 999)).json()).toEqual({ lastReadIndex: 4 });
    expect((await inbox(alice)).items.find((item) => item.sid === sid)!.unreadCount).toBe(0);
  });

  it('sums unread counts over conversations and caps a first read marker at the last index', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(bob, supplier.id);
    expect((await markRead(bob, sid, 5)).json()).toEqual({ lastReadIndex: -1 });
    await supplierSays(supplier.id, sid, 'one');
    await supplierSays(supplier.id, sid, 'two');
    const { unreadTotal, items } = await inbox(bob);
    expect(unreadTotal).toBe(items.reduce((sum, item) => sum + item.unreadCount, 0));
    expect(items.find((item) => item.sid === sid)!.unreadCount).toBe(2);
  });

  it('pages 25 messages as 10, 10, 5, oldest first within a page', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    for (let i = 0; i < 25; i += 1) await sendText(alice, sid, `message ${i}`);

    const newest = await history(alice, sid);
    expect(newest.items.map((m) => m.index)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(newest.items[0]!.body).toBe('message 15');
    expect(newest.hasOlder).toBe(true);
    const middle = await history(alice, sid, '?beforeIndex=15');
    expect(middle.items.map((m) => m.index)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(middle.hasOlder).toBe(true);
    const oldest = await history(alice, sid, '?beforeIndex=5');
    expect(oldest.items.map((m) => m.index)).toEqual([0, 1, 2, 3, 4]);
    expect(oldest.hasOlder).toBe(false);

    const missed = await history(alice, sid, '?afterIndex=21');
    expect(missed.items.map((m) => m.index)).toEqual([22, 23, 24]);
  });

  it('gives 20 concurrent sends the indexes 0..19 with no gaps or duplicates', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(alice, sid, { body: `burst ${i}` })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const indexes = responses.map((response) => response.json<Message>().index);
    expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const all = await history(alice, sid, '?size=100');
    expect(all.items.map((m) => m.index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('stores a resend with the same clientMessageId once', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    const first = await send(alice, sid, { body: 'Only once', clientMessageId: 'c-1' });
    expect(first.statusCode).toBe(201);
    const again = await send(alice, sid, { body: 'Only once', clientMessageId: 'c-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Message>().sid).toBe(first.json<Message>().sid);
    const raced = await Promise.all(
      [1, 2, 3].map(() => send(alice, sid, { body: 'Raced', clientMessageId: 'c-2' })),
    );
    expect(new Set(raced.map((r) => r.json<Message>().sid)).size).toBe(1);
    expect((await history(alice, sid)).items.map((m) => m.body)).toEqual(['Only once', 'Raced']);
  });

  it("signs a message with the author's current name, right after a rename", async () => {
    const carol = await registerAccount(context, { storeTitle: 'Carol Cuts', name: 'Carol' });
    const supplier = await factories.aSupplier();
    const { sid } = await open(carol, supplier.id);
    expect((await sendText(carol, sid, 'Before')).authorName).toBe('Carol');
    const renamed = await context.app.inject({
      method: 'PUT',
      url: updateStoreProfile.path,
      headers: carol.headers,
      payload: { name: 'Carol Reyes' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await sendText(carol, sid, 'After')).authorName).toBe('Carol Reyes');
  });

  it('refuses an empty text message (spec §5)', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    for (const body of ['', '   ', '\n\t ']) {
      expectApiError(await send(alice, sid, { body }), 422, {
        code: 'unprocessable',
        reason: 'empty_message',
      });
    }
    expect((await history(alice, sid)).items).toEqual([]);
  });

  it('keeps another store out of a conversation (404)', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    await sendText(alice, sid, 'Private');
    const expectNotFound = (response: Awaited<ReturnType<typeof send>>) =>
      expectApiError(response, 404, { code: 'not_found', reason: 'conversation_not_found' });
    expectNotFound(await send(bob, sid, { body: 'Intruder' }));
    expectNotFound(await markRead(bob, sid, 0));
    expectNotFound(
      await context.app.inject({
        method: 'GET',
        url: `/api/web/conversations/${sid}/messages`,
        headers: bob.headers,
      }),
    );
    expect((await inbox(bob)).items.map((item) => item.sid)).not.toContain(sid);
    expectNotFound(await send(alice, 'cnv_doesnotexist', { body: 'x' }));
  });

  it('finds conversations by supplier name or message text, with LIKE characters literal', async () => {
    const shanghai = await factories.aSupplier({ name: 'Shanghai Silkworks' });
    const lisbon = await factories.aSupplier({ name: 'Lisbon Leather' });
    const a = await open(alice, shanghai.id);
    const b = await open(alice, lisbon.id);
    await sendText(alice, b.sid, 'Need 100% cotton lining');
    expect((await inbox(alice, 'silk')).items.map((i) => i.sid)).toEqual([a.sid]);
    expect((await inbox(alice, '100% COTTON')).items.map((i) => i.sid)).toEqual([b.sid]);
    expect((await inbox(alice, '%')).items.map((i) => i.sid)).toEqual([b.sid]);
    expect((await inbox(alice, 'zzz-nothing')).items).toEqual([]);
  });
});

describe('my suppliers (issue 10)', () => {
  const mySuppliers = async (account: Account) => {
    const response = await context.app.inject({
      method: 'GET',
      url: listMySuppliers.path,
      headers: account.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: { id: string; relations: string[] }[] }>().items;
  };

  it('lists a supplier the store exchanged messages with as MESSAGED, not one only opened', async () => {
    const account = await registerAccount(context);
    const messaged = await factories.aSupplier();
    const opened = await factories.aSupplier();
    await open(account, opened.id);
    const conversation = await open(account, messaged.id);
    await sendText(account, conversation.sid, 'Hello, do you make knitwear?');
    const items = await mySuppliers(account);
    expect(items.map((item) => [item.id, item.relations])).toEqual([[messaged.id, ['MESSAGED']]]);
    expect(await mySuppliers(bob)).not.toContainEqual(expect.objectContaining({ id: messaged.id }));
  });
});

describe('attachments', () => {
  const upload = async (account: Account, name: string, bytes: Buffer) => {
    const body = multipart(name, bytes);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/web/files',
      headers: { ...body.headers, ...account.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadedFile>();
  };

  it('sorts uploaded files into the §5 lists and shares them with the participants only', async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(alice, supplier.id);
    const png = await upload(alice, 'front.png', aPng());
    const pdf = await upload(alice, 'spec.pdf', aPdf());
    const response = await send(alice, sid, { body: '', fileIds: [png.id, pdf.id] });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json<Message>();
    expect(message.attachments).toEqual({
      imageUrls: [png.url],
      pdfUrls: [pdf.url],
      videoUrls: [],
      fileUrls: [],
    });
    expect((await inbox(alice)).items.find((i) => i.sid === sid)!.lastMessagePreview).toBe(
      '📎 front.png, spec.pdf',
    );
    // Sending shares the files with the supplier it went to, and with no one else.
    const files = context.files.fileService;
    await expect(files.download(`customer_${supplier.id}`, png.id)).resolves.toMatchObject({
      file: { id: png.id },
    });
    const other = await factories.aSupplier();
    await expect(files.download(`customer_${other.id}`, png.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    const forBob = await context.app.inject({ method: 'GET', url: png.url, headers: bob.headers });
    expect(forBob.statusCode).toBe(404);
  });

  it("refuses another party's file id", async () => {
    const supplier = await factories.aSupplier();
    const { sid } = await open(bob, supplier.id);
    const alicesFile = await upload(alice, 'mine.png', aPng());
    expectApiError(await send(bob, sid, { body: 'look', fileIds: [alicesFile.id] }), 422, {
      code: 'unprocessable',
      reason: 'file_not_found',
    });
  });
});
