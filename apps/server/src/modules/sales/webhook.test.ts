import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualRetailOrder, type StoreOrder } from '@atelier/contract/sales/order';
import {
  createWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDelivery,
} from '@atelier/contract/sales/webhook';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { signWebhookBody } from './webhook.service';

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Received = { headers: IncomingHttpHeaders; body: string };

let context: TestContext;
let alice: Account;
let bob: Account;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Answers to give to deliveries of `order.updated`, in turn (then 200). */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const isUpdate = request.headers['x-atelier-topic'] === 'order.updated';
      response.statusCode = (isUpdate ? answers.shift() : undefined) ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  context = await createTestApp({ OUTBOX_START_DELAY_MS: '0', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const subscribe = async (account: Account, topics: string[]) => {
  const response = await context.app.inject({
    method: 'POST',
    url: createWebhook.path,
    headers: account.headers,
    payload: { url: receiverUrl, topics },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; secret: string }>();
};

const anOrder = async (account: Account) => {
  const response = await context.app.inject({
    method: 'POST',
    url: createManualRetailOrder.path,
    headers: account.headers,
    payload: { lines: [{ title: 'Mug', quantity: 1, unitPriceAmount: 1_800 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StoreOrder>();
};

const deliveries = async (account: Account, webhookId: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/web/webhooks/${webhookId}/deliveries`,
      headers: account.headers,
    })
  ).json<{ items: WebhookDelivery[] }>().items;

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let round = 0; round < 300; round += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
};

describe('outgoing webhooks (issue 11)', () => {
  it('sends a new order to the store’s endpoint, signed with its secret, and logs the delivery', async () => {
    const hook = await subscribe(alice, ['order.created']);
    expect(hook.secret.length).toBeGreaterThanOrEqual(40);
    const order = await anOrder(alice);
    const [delivery] = await until(
      () => deliveries(alice, hook.id),
      (items) => items[0]?.status === 'SUCCEEDED',
    );
    expect(delivery).toMatchObject({ topic: 'order.created', attempts: 1, responseStatus: 200 });

    const request = received.find(
      (item) => item.headers['x-atelier-delivery-id'] === delivery!.id,
    )!;
    expect(request.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(
      signWebhookBody(hook.secret, request.body),
    );
    expect(request.headers['x-atelier-topic']).toBe('order.created');
    const body = JSON.parse(request.body) as { topic: string; data: StoreOrder };
    expect(body.topic).toBe('order.created');
    expect(body.data).toMatchObject({ id: order.id, name: order.name, total: order.total });

    // The listing never shows the secret again.
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/web/webhooks',
      headers: alice.headers,
    });
    expect(list.body).not.toContain(hook.secret);
  });

  it('retries a failed delivery with back-off, sending the same signed bytes, until the endpoint accepts', async () => {
    const hook = await subscribe(alice, ['order.updated']);
    const order = await anOrder(alice);
    answers.push(500, 503);
    await context.app.inject({
      method: 'POST',
      url: `/api/web/orders/${order.id}/change-op-status`,
      headers: alice.headers,
      payload: { status: 'PROCESSING' },
    });
    const [delivery] = await until(
      () => deliveries(alice, hook.id),
      (items) => items[0]?.status === 'SUCCEEDED',
    );
    expect(delivery).toMatchObject({ topic: 'order.updated', attempts: 3, responseStatus: 200 });
    const sent = received.filter((item) => item.headers['x-atelier-delivery-id'] === delivery!.id);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((item) => item.body)).size).toBe(1);
    expect(JSON.parse(sent[0]!.body).data.productionStatus).toBe('PROCESSING');
  }, 30_000);

  it('refuses a plain-http address outside localhost, and shows another store nothing', async () => {
    const refused = await context.app.inject({
      method: 'POST',
      url: createWebhook.path,
      headers: alice.headers,
      payload: { url: 'http://example.com/hooks', topics: ['order.created'] },
    });
    expectApiError(refused, 400, { code: 'bad_request', reason: 'webhook_url_not_allowed' });
    const badTopic = await context.app.inject({
      method: 'POST',
      url: createWebhook.path,
      headers: alice.headers,
      payload: { url: receiverUrl, topics: ['order.deleted'] },
    });
    expectApiError(badTopic, 400, { code: 'bad_request' });

    const hook = await subscribe(alice, ['product.updated']);
    const others = await context.app.inject({
      method: 'GET',
      url: '/api/web/webhooks',
      headers: bob.headers,
    });
    expect(others.json()).toEqual({ items: [] });
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: `/api/web/webhooks/${hook.id}/deliveries`,
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'webhook_not_found' },
    );
    expectApiError(
      await context.app.inject({
        method: 'DELETE',
        url: `/api/web/webhooks/${hook.id}`,
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'webhook_not_found' },
    );
    // Bob's own order reaches none of Alice's endpoints.
    const before = received.length;
    await anOrder(bob);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(before);

    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/webhooks/${hook.id}`,
      headers: alice.headers,
    });
    expect(removed.json()).toEqual({ ok: true });
  });
});
