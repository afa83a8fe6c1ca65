import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listConversations,
  listMessages,
  markConversationRead,
  openConversation,
  sendMessage,
  type ConversationSummary,
} from '@atelier/contract/chat/conversation';
import { downloadFile, uploadFile, type UploadedFile } from '@atelier/contract/files/file';
import {
  expectClientAnswer,
  GARBAGE_PATH_SEGMENTS,
  sweepRoute,
  type SweepRoute,
} from '@/testing/bad-input';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPng, multipart } from '@/testing/upload-factories';

let context: TestContext;
let dataDir: string;
let headers: Record<string, string>;
let routes: SweepRoute[];
let file: UploadedFile;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-chat-sweep-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  const account = await registerAccount(context);
  headers = account.headers;
  const supplier = await createCatalogFactories(context.connection.db).aSupplier();
  const conversation = (
    await context.app.inject({
      method: 'POST',
      url: openConversation.path,
      headers,
      payload: { supplierId: supplier.id },
    })
  ).json<ConversationSummary>();
  const upload = multipart('a.png', aPng());
  file = (
    await context.app.inject({
      method: 'POST',
      url: uploadFile.path,
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    })
  ).json<UploadedFile>();
  const id = conversation.sid;
  routes = [
    { method: 'GET', path: listConversations.path, query: { searchKey: 'x' } },
    { method: 'POST', path: openConversation.path, body: { supplierId: supplier.id } },
    {
      method: 'GET',
      path: listMessages.path,
      params: { id },
      query: { beforeIndex: '5', afterIndex: '1', size: '10' },
    },
    {
      method: 'POST',
      path: sendMessage.path,
      params: { id },
      body: {
        body: 'Hello',
        payload: { type: 'TEXT' },
        fileIds: [file.id],
        clientMessageId: 'sweep-1',
      },
    },
    { method: 'PUT', path: markConversationRead.path, params: { id }, body: { lastReadIndex: 0 } },
    { method: 'GET', path: downloadFile.path, params: { id: file.id } },
  ];
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('chat and file routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    for (const route of routes) await sweepRoute(context, route, headers);
  }, 180_000);

  it('answers garbage uploads below 500', async () => {
    const bodies = [
      { payload: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      { payload: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      { payload: '', headers: { 'content-type': 'multipart/form-data' } },
      { payload: 'abc', headers: { 'content-type': 'application/octet-stream' } },
      ...GARBAGE_PATH_SEGMENTS.map((name) => multipart(decodeURIComponentSafe(name), aPng())),
      multipart('a.png', Buffer.alloc(0)),
      multipart('"quoted".png', aPng()),
    ];
    for (const body of bodies) {
      const response = await context.app.inject({
        method: 'POST',
        url: uploadFile.path,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(
        response.statusCode,
        `${JSON.stringify(body.headers)} ${String(body.payload).slice(0, 80)} ${response.body}`,
      ).toBeLessThan(500);
    }
    await expectClientAnswer(context, {
      method: 'GET',
      url: `/api/files/${file.id}/${'x'.repeat(400)}`,
      headers,
    });
  });
});

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
