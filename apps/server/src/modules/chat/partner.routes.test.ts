import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { UploadedFile } from '@atelier/contract/files/file';
import type { Message } from '@atelier/contract/chat/message';
import { expectApiError } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPdf, multipart } from '@/testing/upload-factories';

type Caller = { headers: Record<string, string> };

let context: TestContext;
let dataDir: string;
let alice: Awaited<ReturnType<typeof registerAccount>>;
let acme: Awaited<ReturnType<typeof aSupplierAccount>>;
let other: Awaited<ReturnType<typeof aSupplierAccount>>;
let acmeConversation: ConversationSummary;
let otherConversation: ConversationSummary;

const open = async (supplierId: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/conversations',
    headers: alice.headers,
    payload: { supplierId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationSummary>();
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-partner-chat-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  const factories = createCatalogFactories(context.connection.db);
  const acmeSupplier = await factories.aSupplier({ name: 'Acme Knits' });
  const otherSupplier = await factories.aSupplier({ name: 'Other Mills' });
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  acme = await aSupplierAccount(context, acmeSupplier.id, { name: 'Ana of Acme' });
  other = await aSupplierAccount(context, otherSupplier.id);
  acmeConversation = await open(acmeSupplier.id);
  otherConversation = await open(otherSupplier.id);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const inbox = async (caller: Caller, prefix: 'web' | 'partner') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/${prefix}/conversations`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ConversationSummary[]; unreadTotal: number }>();
};

const send = (
  caller: Caller,
  prefix: 'web' | 'partner',
  id: string,
  payload: Record<string, unknown>,
) =>
  context.app.inject({
    method: 'POST',
    url: `/api/${prefix}/conversations/${id}/messages`,
    headers: caller.headers,
    payload,
  });

describe('partner chat', () => {
  it('shows a supplier only its company conversations', async () => {
    const { items } = await inbox(acme, 'partner');
    expect(items.map((item) => item.sid)).toEqual([acmeConversation.sid]);
    expect(items[0]).toMatchObject({ storeTitle: 'Alice Apparel', supplierName: 'Acme Knits' });
  });

  it("answers 404 for another company's conversation, reading or posting", async () => {
    const history = await context.app.inject({
      method: 'GET',
      url: `/api/partner/conversations/${otherConversation.sid}/messages`,
      headers: acme.headers,
    });
    expectApiError(history, 404, { code: 'not_found', reason: 'conversation_not_found' });
    expectApiError(await send(acme, 'partner', otherConversation.sid, { body: 'hi' }), 404, {
      code: 'not_found',
      reason: 'conversation_not_found',
    });
    const read = await context.app.inject({
      method: 'PUT',
      url: `/api/partner/conversations/${otherConversation.sid}/read`,
      headers: acme.headers,
      payload: { lastReadIndex: 0 },
    });
    expectApiError(read, 404, { code: 'not_found', reason: 'conversation_not_found' });
  });

  it('delivers both ways with the right authors and unread counts on each side', async () => {
    const fromStore = await send(alice, 'web', acmeConversation.sid, { body: 'Hello Acme' });
    expect(fromStore.statusCode, fromStore.body).toBe(201);
    expect(fromStore.json<Message>().author).toBe(`store_${alice.storeId}`);

    let supplierInbox = await inbox(acme, 'partner');
    expect(supplierInbox.unreadTotal).toBe(1);
    expect(supplierInbox.items[0]!.unreadCount).toBe(1);
    expect((await inbox(other, 'partner')).unreadTotal).toBe(0);

    const upload = multipart('quote.pdf', aPdf());
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/partner/files',
      headers: { ...acme.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json<UploadedFile>();

    const fromSupplier = await send(acme, 'partner', acmeConversation.sid, {
      body: 'Hi Alice, quote attached',
      fileIds: [file.id],
    });
    expect(fromSupplier.statusCode, fromSupplier.body).toBe(201);
    const reply = fromSupplier.json<Message>();
    expect(reply.author).toBe(`customer_${acme.companyId}`);
    expect(reply.authorName).toBe('Ana of Acme');
    expect(reply.attachments.pdfUrls).toEqual([file.url]);

    const storeInbox = await inbox(alice, 'web');
    const storeSummary = storeInbox.items.find((item) => item.sid === acmeConversation.sid)!;
    expect(storeSummary.unreadCount).toBe(1);

    const history = await context.app.inject({
      method: 'GET',
      url: `/api/partner/conversations/${acmeConversation.sid}/messages`,
      headers: acme.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ items: Message[] }>().items.map((message) => message.author)).toEqual([
      `store_${alice.storeId}`,
      `customer_${acme.companyId}`,
    ]);

    // Both parties may download the attachment; the other company may not.
    for (const caller of [acme, alice]) {
      const download = await context.app.inject({
        method: 'GET',
        url: file.url,
        headers: caller.headers,
      });
      expect(download.statusCode, download.body).toBe(200);
    }
    const refused = await context.app.inject({
      method: 'GET',
      url: file.url,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(404);

    const read = await context.app.inject({
      method: 'PUT',
      url: `/api/partner/conversations/${acmeConversation.sid}/read`,
      headers: acme.headers,
      payload: { lastReadIndex: reply.index },
    });
    expect(read.statusCode, read.body).toBe(200);
    supplierInbox = await inbox(acme, 'partner');
    expect(supplierInbox.unreadTotal).toBe(0);
    const storeView = (await inbox(alice, 'web')).items.find(
      (item) => item.sid === acmeConversation.sid,
    )!;
    expect(storeView.otherLastReadIndex).toBe(reply.index);
  });

  it('refuses an empty supplier message', async () => {
    expectApiError(await send(acme, 'partner', acmeConversation.sid, { body: '  ' }), 422, {
      code: 'unprocessable',
      reason: 'empty_message',
    });
  });
});
