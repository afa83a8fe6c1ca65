import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@atelier/contract/orders/invoice';
import { queryRows } from '@/db/client';
import {
  anOrdersWorld,
  newIdempotencyKey as newKey,
  requestsTo,
  type Caller,
  type Requests,
} from '@/testing/orders-fixtures';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { startStripeFake, type StripeFake } from './stripe-fake';

/**
 * Checkout with the Stripe adapter through the HTTP API, against the local fake of Stripe's API
 * (never the network): what the web's Stripe.js card form needs for 3-D Secure.
 */

type World = {
  context: TestContext;
  requests: Requests;
  fake: StripeFake;
  alice: Caller;
  acme: Caller;
  conversationSid: string;
};

const setUp = async (): Promise<World> => {
  const fake = await startStripeFake();
  const context = await createTestAppWithDataDir('atelier-stripe-', {
    STRIPE_SECRET_KEY: 'sk_test_atelier',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_atelier',
    STRIPE_API_BASE_URL: fake.url,
  });
  const { alice, acme, conversation } = await anOrdersWorld(context);
  const requests = requestsTo(context);
  return { context, requests, fake, alice, acme, conversationSid: conversation.sid };
};

const ok = <T>(world: World, ...request: Parameters<Requests['ok']>) =>
  world.requests.ok<T>(...request);

/** A fresh design-only invoice (no shipping address needed) in Alice's cart: its item ids. */
const cartItems = async (world: World): Promise<string[]> => {
  const invoice = await world.requests.sendInvoice(world.acme, {
    conversationId: world.conversationSid,
    lines: [{ title: 'Tech pack', category: 'DESIGN_SERVICE', quantity: 1, unitPrice: 12000 }],
    shippingMode: 'NO_SHIPPING_NEEDED',
    leadTimeDays: 5,
  });
  const added = await world.requests.addToCart(world.alice, invoice.id);
  return added.lines.map((line) => line.orderItemId!);
};

const pay = (world: World, itemIds: string[], paymentMethodId: string, key: string) =>
  world.requests.pay(
    world.alice,
    { itemIds, paymentMethod: { type: 'stripe', paymentMethodId } },
    key,
  );

const providerChargeIdOf = async (world: World, paymentId: string) => {
  const [row] = await queryRows<{ provider_charge_id: string }>(
    world.context.connection.db,
    sql`select provider_charge_id from creator_payments where id = ${paymentId}`,
  );
  return row!.provider_charge_id;
};

describe('Checkout with Stripe (local fake of its API)', () => {
  let world: World;
  beforeAll(async () => {
    world = await setUp();
  });
  afterAll(async () => {
    await world.context.close();
    await world.fake.close();
  });

  it('hands the web the publishable key for Stripe.js', async () => {
    expect(await ok(world, world.alice, 'GET', '/api/web/payments/config')).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_atelier',
      testCards: [],
    });
  });

  it('answers a 3-D Secure PaymentIntent with use_stripe_sdk and its client secret, then confirm pays it', async () => {
    const itemIds = await cartItems(world);
    const key = newKey();
    const response = await pay(world, itemIds, 'pm_card_authenticationRequired', key);
    expect(response.statusCode, response.body).toBe(200);
    const waiting = response.json<Payment>();
    const intentId = await providerChargeIdOf(world, waiting.id);
    expect(waiting).toMatchObject({
      status: 'REQUIRES_ACTION',
      provider: 'stripe',
      nextAction: { type: 'use_stripe_sdk', url: null },
    });
    expect(waiting.nextAction?.clientSecret).toMatch(new RegExp(`^${intentId}_secret_\\w+$`));

    // A retry of the same attempt replays the answer, client secret included.
    const replay = await pay(world, itemIds, 'pm_card_authenticationRequired', key);
    expect(replay.json<Payment>().nextAction).toEqual(waiting.nextAction);

    world.fake.completeAuthentication(intentId);
    const paid = await ok<Payment>(
      world,
      world.alice,
      'POST',
      `/api/web/creator-invoice-payments/${waiting.id}/confirm`,
    );
    expect(paid).toMatchObject({ status: 'COMPLETED', cardBrand: 'visa', cardLast4: '3184' });
    expect(paid.nextAction ?? null).toBeNull();
  });

  it('gives no client secret to a payment that needs no action', async () => {
    const itemIds = await cartItems(world);
    const response = await pay(world, itemIds, 'pm_card_visa', newKey());
    expect(response.json<Payment>()).toMatchObject({ status: 'COMPLETED' });
    expect(response.json<Payment>().nextAction ?? null).toBeNull();
  });
});
