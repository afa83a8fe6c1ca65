import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import type { CustomProject } from '@atelier/contract/sourcing/custom-project';
import { eq } from 'drizzle-orm';
import { chatMessages } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Caller = { headers: Record<string, string> };
type Prefix = 'web' | 'partner';

const HOUR = 3600_000;

let context: TestContext;
let factories: ReturnType<typeof createCatalogFactories>;
let alice: Awaited<ReturnType<typeof registerAccount>>;
let bob: Awaited<ReturnType<typeof registerAccount>>;
let acme: Awaited<ReturnType<typeof aSupplierAccount>>;
let other: Awaited<ReturnType<typeof aSupplierAccount>>;
/** Alice's conversation with Acme. */
let sid: string;

beforeAll(async () => {
  context = await createTestApp();
  factories = createCatalogFactories(context.connection.db);
  const acmeSupplier = await factories.aSupplier({ name: 'Acme Knits' });
  const otherSupplier = await factories.aSupplier({ name: 'Other Mills' });
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics' });
  acme = await aSupplierAccount(context, acmeSupplier.id);
  other = await aSupplierAccount(context, otherSupplier.id);
  const opened = await context.app.inject({
    method: 'POST',
    url: '/api/web/conversations',
    headers: alice.headers,
    payload: { supplierId: acmeSupplier.id },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  sid = opened.json<ConversationSummary>().sid;
});
afterAll(async () => context.close());

const send = (caller: Caller, prefix: Prefix, payload: Record<string, unknown>, body = '') =>
  context.app.inject({
    method: 'POST',
    url: `/api/${prefix}/conversations/${sid}/messages`,
    headers: caller.headers,
    payload: { body, payload },
  });

const sent = async (caller: Caller, prefix: Prefix, payload: Record<string, unknown>) => {
  const response = await send(caller, prefix, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
};

const answer = (
  caller: Caller,
  prefix: Prefix,
  index: number,
  payload: Record<string, unknown>,
  conversationId = sid,
) =>
  context.app.inject({
    method: 'PUT',
    url: `/api/${prefix}/conversations/${conversationId}/messages/${index}/meeting-response`,
    headers: caller.headers,
    payload,
  });

const history = async () => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/web/conversations/${sid}/messages?size=100`,
    headers: alice.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Message[] }>().items;
};

/** ISO times `hours` from the test clock's now. */
const inHours = (...hours: number[]) =>
  hours.map((h) => new Date(context.clock.now().getTime() + h * HOUR).toISOString());

const aMeetingRequest = (proposedTimes: string[]) => ({
  type: 'ZOOM_MEETING_REQUEST',
  proposedTimes,
});

describe('typed messages on send', () => {
  it("takes a catalog item's title and price from the catalog, not from the client", async () => {
    const item = await factories.anItem({ title: 'Heavy Tee', priceCents: 1250 });
    const message = await sent(alice, 'web', {
      type: 'CATALOG_ITEM',
      itemId: item.id,
      title: 'Free tee!',
      price: { amount: 1, currencyCode: 'USD' },
    });
    expect(message.payload).toEqual({
      type: 'CATALOG_ITEM',
      itemId: item.id,
      title: 'Heavy Tee',
      price: { amount: 1250, currencyCode: 'USD' },
    });
    const remix = await sent(acme, 'partner', {
      type: 'REMIX_PRODUCT_ITEM',
      itemId: item.id,
      title: 'Anything',
      changes: 'Longer sleeves',
    });
    expect(remix.payload).toMatchObject({ title: 'Heavy Tee', changes: 'Longer sleeves' });
  });

  it('refuses an unknown catalog item or supplier with 422, storing nothing', async () => {
    const before = (await history()).length;
    const item = await send(alice, 'web', {
      type: 'CATALOG_ITEM',
      itemId: 'itm_doesnotexist',
      title: 'x',
      price: null,
    });
    const error = expectApiError(item, 422, {
      code: 'unprocessable',
      reason: 'catalog_item_not_found',
    });
    expect(fieldsOf(error)).toEqual(['body.payload.itemId']);
    expectApiError(
      await send(acme, 'partner', {
        type: 'SUPPLIER_PROFILE',
        companyId: 'cmp_doesnotexist',
        name: 'x',
      }),
      422,
      { code: 'unprocessable', reason: 'supplier_not_found' },
    );
    expect(await history()).toHaveLength(before);
  });

  it("takes a supplier profile's name from the catalog", async () => {
    const supplier = await factories.aSupplier({ name: 'Lisbon Leather' });
    const message = await sent(alice, 'web', {
      type: 'SUPPLIER_PROFILE',
      companyId: supplier.id,
      name: 'Fake Name',
    });
    expect(message.payload).toEqual({
      type: 'SUPPLIER_PROFILE',
      companyId: supplier.id,
      name: 'Lisbon Leather',
    });
  });

  it("shares only the store's own custom project, with its title and quantity", async () => {
    const createProject = async (caller: Caller, body: Record<string, unknown>) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/web/project-management',
        headers: caller.headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<CustomProject>();
    };
    const mine = await createProject(alice, { title: 'Organic hoodie', quantity: 300 });
    const message = await sent(alice, 'web', {
      type: 'CREATOR_CUSTOM_PROJECT',
      projectId: mine.id,
      title: 'Something else',
      quantity: 1,
    });
    expect(message.payload).toEqual({
      type: 'CREATOR_CUSTOM_PROJECT',
      projectId: mine.id,
      title: 'Organic hoodie',
      quantity: 300,
    });

    const bobs = await createProject(bob, { title: "Bob's secret" });
    const card = { type: 'CREATOR_CUSTOM_PROJECT', projectId: bobs.id, title: 'x', quantity: 1 };
    expectApiError(await send(alice, 'web', card), 422, {
      code: 'unprocessable',
      reason: 'custom_project_not_found',
    });
    expectApiError(await send(acme, 'partner', { ...card, projectId: mine.id }), 403, {
      code: 'forbidden',
      reason: 'store_only_message_type',
    });
  });

  it('starts a meeting request unanswered, with future and distinct times only', async () => {
    const [first, second] = inHours(24, 48);
    const message = await sent(acme, 'partner', {
      ...aMeetingRequest([first!, second!]),
      response: { status: 'ACCEPTED', acceptedTime: first, answeredBy: `store_${alice.storeId}` },
    });
    expect(message.payload).toEqual({
      type: 'ZOOM_MEETING_REQUEST',
      proposedTimes: [first, second],
      response: null,
    });

    const past = await send(acme, 'partner', aMeetingRequest([first!, ...inHours(-1)]));
    const pastError = expectApiError(past, 422, {
      code: 'unprocessable',
      reason: 'meeting_time_in_past',
    });
    expect(fieldsOf(pastError)).toEqual(['body.payload.proposedTimes.1']);
    // The same instant written twice (with and without milliseconds) is one time.
    const twice = await send(
      alice,
      'web',
      aMeetingRequest([first!, first!.replace('.000Z', 'Z'), second!]),
    );
    expectApiError(twice, 422, { code: 'unprocessable', reason: 'meeting_times_not_distinct' });
  });

  it('stores a lone surrogate in payload text as U+FFFD (PostgreSQL refuses it in jsonb)', async () => {
    const message = await sent(acme, 'partner', {
      type: 'TRACKING_LINK',
      url: 'https://track.example/1',
      carrier: 'UPS \ud800',
      trackingNumber: '1Z',
    });
    expect(message.payload).toMatchObject({ carrier: 'UPS \ufffd' });
  });
});

describe('links in typed messages', () => {
  const SCRIPT_URLS = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript&#58;alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    ' VBScript:msgbox(1)',
    'ftp://files.example.com/logo.png',
    '/api/files/fil_x/../../api/web/me',
  ];

  it.each(SCRIPT_URLS)(
    'refuses %j as an IMAGE_COLLABORATION imageUrl with 400 naming the field',
    async (imageUrl) => {
      const before = (await history()).length;
      const response = await send(alice, 'web', {
        type: 'IMAGE_COLLABORATION',
        imageUrl,
        note: 'Look',
      });
      const error = expectApiError(response, 400, { code: 'bad_request' });
      expect(fieldsOf(error)).toEqual(['body.payload.imageUrl']);
      expect(await history()).toHaveLength(before);
    },
  );

  it('refuses script and data links in TRACKING_LINK and ZOOM_MEETING too', async () => {
    for (const url of SCRIPT_URLS.filter((link) => !link.startsWith('ftp:'))) {
      const tracking = await send(acme, 'partner', {
        type: 'TRACKING_LINK',
        url,
        carrier: 'UPS',
        trackingNumber: '1Z',
      });
      expect(fieldsOf(expectApiError(tracking, 400, { code: 'bad_request' }))).toEqual([
        'body.payload.url',
      ]);
      const meeting = await send(alice, 'web', {
        type: 'ZOOM_MEETING',
        joinUrl: url,
        startsAt: inHours(2)[0],
      });
      expect(fieldsOf(expectApiError(meeting, 400, { code: 'bad_request' }))).toEqual([
        'body.payload.joinUrl',
      ]);
    }
  });

  it('keeps web images and uploaded files as IMAGE_COLLABORATION images', async () => {
    for (const imageUrl of [
      'https://cdn.example.com/look.png',
      'HTTP://cdn.example.com/look.png',
      '/api/files/fil_abc123/mood%20board.png',
    ]) {
      const message = await sent(acme, 'partner', {
        type: 'IMAGE_COLLABORATION',
        imageUrl: ` ${imageUrl} `,
        note: 'Sleeve length',
      });
      expect(message.payload).toEqual({
        type: 'IMAGE_COLLABORATION',
        imageUrl,
        note: 'Sleeve length',
      });
    }
  });

  it('still lists a message stored with a script imageUrl before the rule', async () => {
    const message = await sent(alice, 'web', {
      type: 'IMAGE_COLLABORATION',
      imageUrl: 'https://cdn.example.com/look.png',
      note: 'Older message',
    });
    const legacy = {
      type: 'IMAGE_COLLABORATION' as const,
      imageUrl: 'javascript:alert(1)',
      note: 'Older message',
    };
    await context.connection.db
      .update(chatMessages)
      .set({ payload: legacy })
      .where(eq(chatMessages.id, message.sid));
    expect((await history()).find((item) => item.sid === message.sid)?.payload).toEqual(legacy);
  });
});

describe('PUT …/messages/:index/meeting-response', () => {
  it('lets the store accept one proposed time of the supplier, once', async () => {
    const [first, second] = inHours(24, 48);
    const request = await sent(acme, 'partner', aMeetingRequest([first!, second!]));

    // The requester cannot answer its own request.
    expectApiError(await answer(acme, 'partner', request.index, { status: 'DECLINED' }), 403, {
      code: 'forbidden',
      reason: 'own_meeting_request',
    });

    const notProposed = await answer(alice, 'web', request.index, {
      status: 'ACCEPTED',
      acceptedTime: inHours(30)[0],
    });
    const error = expectApiError(notProposed, 400, {
      code: 'bad_request',
      reason: 'meeting_time_not_proposed',
    });
    expect(fieldsOf(error)).toEqual(['body.acceptedTime']);

    // The same instant in another ISO form is the proposed time.
    const accepted = await answer(alice, 'web', request.index, {
      status: 'ACCEPTED',
      acceptedTime: second!.replace('.000Z', 'Z'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const expected = {
      ...request,
      payload: {
        type: 'ZOOM_MEETING_REQUEST',
        proposedTimes: [first, second],
        response: {
          status: 'ACCEPTED',
          acceptedTime: second,
          answeredBy: `store_${alice.storeId}`,
        },
      },
    };
    expect(accepted.json()).toEqual(expected);
    expect((await history()).find((m) => m.index === request.index)).toEqual(expected);

    expectApiError(await answer(alice, 'web', request.index, { status: 'DECLINED' }), 409, {
      code: 'conflict',
      reason: 'meeting_already_answered',
    });
  });

  it("lets the supplier decline the store's request", async () => {
    const request = await sent(alice, 'web', aMeetingRequest(inHours(5)));
    const declined = await answer(acme, 'partner', request.index, { status: 'DECLINED' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Message>().payload).toMatchObject({
      response: {
        status: 'DECLINED',
        acceptedTime: null,
        answeredBy: `customer_${acme.companyId}`,
      },
    });
  });

  it('stores exactly one of several concurrent answers', async () => {
    const times = inHours(10, 11, 12);
    const request = await sent(acme, 'partner', aMeetingRequest(times));
    const responses = await Promise.all([
      ...times.map((acceptedTime) =>
        answer(alice, 'web', request.index, { status: 'ACCEPTED', acceptedTime }),
      ),
      answer(alice, 'web', request.index, { status: 'DECLINED' }),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200)!.json<Message>();
    expect((await history()).find((m) => m.index === request.index)).toEqual(winner);
  });

  it('answers 404 for a message that is not a meeting request, or no message', async () => {
    const response = await send(acme, 'partner', { type: 'TEXT' }, 'Plain text');
    expect(response.statusCode, response.body).toBe(201);
    const plain = response.json<Message>();
    for (const index of [plain.index, 9999]) {
      expectApiError(await answer(alice, 'web', index, { status: 'DECLINED' }), 404, {
        code: 'not_found',
        reason: 'meeting_request_not_found',
      });
    }
  });

  it("keeps another store and another company out of the conversation's requests (404)", async () => {
    const request = await sent(alice, 'web', aMeetingRequest(inHours(7)));
    const supplierRequest = await sent(acme, 'partner', aMeetingRequest(inHours(8)));
    const notFound = { code: 'not_found', reason: 'conversation_not_found' };
    expectApiError(
      await answer(other, 'partner', request.index, { status: 'DECLINED' }),
      404,
      notFound,
    );
    expectApiError(
      await answer(bob, 'web', supplierRequest.index, { status: 'DECLINED' }),
      404,
      notFound,
    );
    const stored = await history();
    for (const index of [request.index, supplierRequest.index]) {
      expect(stored.find((m) => m.index === index)!.payload).toMatchObject({ response: null });
    }
  });
});
