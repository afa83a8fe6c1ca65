import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerMeetingRequest,
  openConversation,
  type ConversationSummary,
} from '@atelier/contract/chat/conversation';
import { downloadFile, type UploadedFile } from '@atelier/contract/files/file';
import type { Message } from '@atelier/contract/chat/message';
import {
  acceptSupplierInvite,
  getCurrentSupplier,
  partnerLogin,
  partnerLogout,
} from '@atelier/contract/identity/partner-account';
import {
  answerPartnerMeetingRequest,
  listPartnerConversations,
  listPartnerMessages,
  markPartnerConversationRead,
  sendPartnerMessage,
  uploadPartnerFile,
} from '@atelier/contract/chat/partner';
import {
  expectClientAnswer,
  GARBAGE,
  GARBAGE_PATH_SEGMENTS,
  sweepRoute,
  type SweepRoute,
} from '@/testing/bad-input';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount, tokenOfLink } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { aPng, multipart } from '@/testing/upload-factories';

let context: TestContext;
let dataDir: string;
let store: Awaited<ReturnType<typeof registerAccount>>;
let supplierAccount: Awaited<ReturnType<typeof aSupplierAccount>>;
let conversationId: string;
let file: UploadedFile;
/** A store meeting request (the supplier answers) and a supplier one (the store answers). */
let storeRequest: Message;
let supplierRequest: Message;
let itemId: string;
let proposedTime: string;

const inject = (
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload: unknown,
) => context.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-partner-sweep-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  const factories = createCatalogFactories(context.connection.db);
  const supplier = await factories.aSupplier();
  itemId = (await factories.anItem({ supplier })).id;
  store = await registerAccount(context);
  supplierAccount = await aSupplierAccount(context, supplier.id);
  conversationId = (
    await inject('POST', openConversation.path, store.headers, { supplierId: supplier.id })
  ).json<ConversationSummary>().sid;
  const upload = multipart('a.png', aPng());
  file = (
    await context.app.inject({
      method: 'POST',
      url: uploadPartnerFile.path,
      headers: { ...supplierAccount.headers, ...upload.headers },
      payload: upload.payload,
    })
  ).json<UploadedFile>();
  proposedTime = new Date(context.clock.now().getTime() + 86_400_000).toISOString();
  const meetingRequest = {
    body: '',
    payload: { type: 'ZOOM_MEETING_REQUEST', proposedTimes: [proposedTime] },
  };
  const messagesUrl = `/api/web/conversations/${conversationId}/messages`;
  storeRequest = (await inject('POST', messagesUrl, store.headers, meetingRequest)).json<Message>();
  supplierRequest = (
    await inject(
      'POST',
      `/api/partner/conversations/${conversationId}/messages`,
      supplierAccount.headers,
      meetingRequest,
    )
  ).json<Message>();
  expect(storeRequest.index).toBe(0);
  expect(supplierRequest.index).toBe(1);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('partner routes given garbage input', () => {
  it('answers every garbage path, query, body and field below 500, in the error shape', async () => {
    const id = conversationId;
    const routes: SweepRoute[] = [
      { method: 'GET', path: listPartnerConversations.path, query: { searchKey: 'x' } },
      {
        method: 'GET',
        path: listPartnerMessages.path,
        params: { id },
        query: { beforeIndex: '5', afterIndex: '1', size: '10' },
      },
      {
        method: 'POST',
        path: sendPartnerMessage.path,
        params: { id },
        body: {
          body: 'Hello',
          payload: { type: 'TEXT' },
          fileIds: [file.id],
          clientMessageId: 'sweep-1',
        },
      },
      {
        method: 'PUT',
        path: markPartnerConversationRead.path,
        params: { id },
        body: { lastReadIndex: 0 },
      },
      {
        method: 'PUT',
        path: answerPartnerMeetingRequest.path,
        params: { id, index: String(storeRequest.index) },
        body: { status: 'ACCEPTED', acceptedTime: proposedTime },
      },
      { method: 'GET', path: downloadFile.path, params: { id: file.id } },
      { method: 'GET', path: getCurrentSupplier.path },
    ];
    for (const route of routes) await sweepRoute(context, route, supplierAccount.headers);
  }, 180_000);

  it("answers garbage meeting answers on the store's route below 500", async () => {
    await sweepRoute(
      context,
      {
        method: 'PUT',
        path: answerMeetingRequest.path,
        params: { id: conversationId, index: String(supplierRequest.index) },
        body: { status: 'DECLINED' },
      },
      store.headers,
    );
  }, 60_000);

  it('answers garbage in every field of each typed payload below 500', async () => {
    const future = new Date(context.clock.now().getTime() + 3_600_000).toISOString();
    const payloads: Record<string, unknown>[] = [
      { type: 'CATALOG_ITEM', itemId, title: 't', price: { amount: 1, currencyCode: 'USD' } },
      { type: 'REMIX_PRODUCT_ITEM', itemId, title: 't', changes: 'c' },
      { type: 'SUPPLIER_PROFILE', companyId: supplierAccount.companyId, name: 'n' },
      { type: 'CREATOR_CUSTOM_PROJECT', projectId: 'rfp_x', title: 't', quantity: 1 },
      { type: 'ZOOM_MEETING_REQUEST', proposedTimes: [future], response: null },
      { type: 'ZOOM_MEETING', joinUrl: 'https://zoom.example/j/1', startsAt: future },
      { type: 'TRACKING_LINK', url: 'https://t.example/1', carrier: 'UPS', trackingNumber: '1Z' },
    ];
    const url = `/api/partner/conversations/${conversationId}/messages`;
    const request = { method: 'POST' as const, url, headers: supplierAccount.headers };
    for (const payload of payloads) {
      for (const field of Object.keys(payload).filter((key) => key !== 'type')) {
        for (const value of [...GARBAGE, ['2020-01-01T00:00:00Z'], [future, future]]) {
          await expectClientAnswer(context, request, {
            body: 'x',
            payload: { ...payload, [field]: value },
          });
        }
      }
    }
  }, 180_000);

  it('answers garbage uploads below 500', async () => {
    const bodies = [
      { payload: 'not multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      { payload: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      { payload: '', headers: { 'content-type': 'multipart/form-data' } },
      { payload: 'abc', headers: { 'content-type': 'application/octet-stream' } },
      ...GARBAGE_PATH_SEGMENTS.map((name) => multipart(decodeURIComponentSafe(name), aPng())),
      multipart('a.png', Buffer.alloc(0)),
    ];
    for (const body of bodies) {
      const response = await context.app.inject({
        method: 'POST',
        url: uploadPartnerFile.path,
        headers: { ...supplierAccount.headers, ...body.headers },
        payload: body.payload,
      });
      expect(
        response.statusCode,
        `${JSON.stringify(body.headers)} ${String(body.payload).slice(0, 80)} ${response.body}`,
      ).toBeLessThan(500);
    }
  });

  it('answers garbage on the partner auth routes below 500', async () => {
    const { link } = await context.identity.supplierAccountService.invite(
      supplierAccount.companyId,
      'sweep-invitee@example.com',
    );
    const routes: SweepRoute[] = [
      {
        method: 'POST',
        path: partnerLogin.path,
        isPublic: true,
        body: { email: supplierAccount.email, password: 'wrong password 1' },
      },
      {
        method: 'POST',
        path: acceptSupplierInvite.path,
        isPublic: true,
        body: { token: tokenOfLink(link), password: 'a good password 1', name: 'Sweep' },
      },
    ];
    for (const route of routes) await sweepRoute(context, route, {});
    // Last: it ends the session the other sweeps use.
    await sweepRoute(
      context,
      { method: 'POST', path: partnerLogout.path },
      supplierAccount.headers,
    );
  }, 120_000);
});

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
