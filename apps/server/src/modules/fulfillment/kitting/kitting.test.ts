import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel, InventoryMovement } from '@atelier/contract/fulfillment/inventory';
import {
  kittingEndpoints as kitApi,
  type Bundle,
  type KittingRequest,
} from '@atelier/contract/fulfillment/kitting';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentBundleComponents, fulfillmentInventoryMovements } from '@/db/schema';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { storeClient } from '@/testing/store-client';

let context: TestContext;
const { send, ok, refused } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let candle: Product;
let gift: Product;

const levelOf = async (sku: string) =>
  (
    await ok<{ items: InventoryLevel[] }>(alice, 'GET', `${api.listInventory.path}?search=${sku}`)
  ).items.find((item) => item.sku === sku)!;
const variantOf = (product: Product, sku: string) =>
  product.variants.find((variant) => variant.sku === sku)!.id;
const movementCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentInventoryMovements))[0]!.n;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  candle = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Candle',
    options: [{ name: 'Scent', values: ['Fig', 'Cedar'] }],
    variants: ['Fig', 'Cedar'].map((scent) => ({
      optionValues: [scent],
      sku: `CANDLE-${scent.toUpperCase()}`,
      priceAmount: 2_000,
    })),
  });
  gift = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Gift set',
    variants: [{ optionValues: [], sku: 'GIFT-SET', priceAmount: 5_000 }],
  });
  await ok(alice, 'POST', api.adjustInventory.path, {
    variantId: variantOf(candle, 'CANDLE-FIG'),
    change: 10,
    reason: 'CYCLE_COUNT',
  });
  await ok(alice, 'POST', api.adjustInventory.path, {
    variantId: variantOf(candle, 'CANDLE-CEDAR'),
    change: 5,
    reason: 'CYCLE_COUNT',
  });
}, 90_000);
afterAll(async () => context.close());

describe('kitting and bundles', () => {
  it('assembles kits: the components’ stock is consumed and the kits are on hand', async () => {
    const giftId = variantOf(gift, 'GIFT-SET');
    const bundle = await ok<Bundle>(
      alice,
      'PUT',
      kitApi.setBundle.path.replace(':variantId', giftId),
      {
        components: [
          { variantId: variantOf(candle, 'CANDLE-FIG'), quantity: 2 },
          { variantId: variantOf(candle, 'CANDLE-CEDAR'), quantity: 1 },
        ],
      },
    );
    // 10 Fig / 2 and 5 Cedar / 1: five sets can be made.
    expect(bundle).toMatchObject({
      sku: 'GIFT-SET',
      buildable: 5,
      components: [
        { sku: 'CANDLE-FIG', quantity: 2, title: 'Candle (Fig)' },
        { sku: 'CANDLE-CEDAR', quantity: 1 },
      ],
    });

    const requested = await send(alice, 'POST', kitApi.createKittingRequest.path, {
      bundleVariantId: giftId,
      quantity: 3,
      note: 'For the holiday drop',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json<KittingRequest>();
    expect(request).toMatchObject({
      sn: expect.stringMatching(/^KIT-\d{6}$/),
      status: 'REQUESTED',
    });

    const done = await ok<KittingRequest>(
      alice,
      'POST',
      kitApi.completeKittingRequest.path.replace(':sn', request.sn),
    );
    expect(done.status).toBe('COMPLETED');
    expect((await levelOf('CANDLE-FIG')).onHand).toBe(4);
    expect((await levelOf('CANDLE-CEDAR')).onHand).toBe(2);
    expect((await levelOf('GIFT-SET')).onHand).toBe(3);
    const ledger = await ok<{ items: InventoryMovement[] }>(
      alice,
      'GET',
      api.listMovements.path.replace(':variantId', giftId),
    );
    expect(ledger.items[0]).toMatchObject({
      kind: 'KITTING',
      onHandChange: 3,
      note: `Kitting ${request.sn}`,
    });

    // Assembled once; then not enough Fig candles for three more: nothing moves.
    refused(
      await send(alice, 'POST', kitApi.completeKittingRequest.path.replace(':sn', request.sn)),
      409,
      { code: 'conflict', reason: 'kitting_completed' },
    );
    const more = await ok<KittingRequest>(alice, 'POST', kitApi.createKittingRequest.path, {
      bundleVariantId: giftId,
      quantity: 3,
    });
    const before = await movementCount();
    refused(
      await send(alice, 'POST', kitApi.completeKittingRequest.path.replace(':sn', more.sn)),
      409,
      { code: 'conflict', reason: 'not_enough_stock' },
    );
    expect(await movementCount()).toBe(before);
    expect((await levelOf('CANDLE-FIG')).onHand).toBe(4);
    const canceled = await ok<KittingRequest>(
      alice,
      'POST',
      kitApi.cancelKittingRequest.path.replace(':sn', more.sn),
      { reason: 'Not enough candles' },
    );
    expect(canceled).toMatchObject({ status: 'CANCELED', cancelReason: 'Not enough candles' });
  });

  it('refuses a bundle that contains itself or another bundle, and changes nothing', async () => {
    const giftId = variantOf(gift, 'GIFT-SET');
    const figId = variantOf(candle, 'CANDLE-FIG');
    const rows = async () =>
      (await context.connection.db.select({ n: count() }).from(fulfillmentBundleComponents))[0]!.n;
    const before = await rows();
    refused(
      await send(alice, 'PUT', kitApi.setBundle.path.replace(':variantId', giftId), {
        components: [{ variantId: giftId, quantity: 1 }],
      }),
      400,
      { code: 'bad_request', field: 'components.0.variantId' },
    );
    // A candle made of gift sets would loop (gift set → candle → gift set).
    refused(
      await send(alice, 'PUT', kitApi.setBundle.path.replace(':variantId', figId), {
        components: [{ variantId: giftId, quantity: 1 }],
      }),
      400,
      { code: 'bad_request', field: 'components' },
    );
    refused(
      await send(alice, 'PUT', kitApi.setBundle.path.replace(':variantId', giftId), {
        components: [{ variantId: figId, quantity: 0 }],
      }),
      400,
      { code: 'bad_request', field: 'body.components.0.quantity' },
    );
    refused(
      await send(alice, 'POST', kitApi.createKittingRequest.path, {
        bundleVariantId: figId,
        quantity: 1,
      }),
      400,
      { code: 'bad_request', reason: 'not_a_bundle' },
    );
    expect(await rows()).toBe(before);
  });

  it('shows another store none of the bundles or requests, and refuses its variants', async () => {
    expect((await ok<{ items: Bundle[] }>(bob, 'GET', kitApi.listBundles.path)).items).toEqual([]);
    expect(
      (await ok<{ items: KittingRequest[] }>(bob, 'GET', kitApi.listKittingRequests.path)).items,
    ).toEqual([]);
    refused(
      await send(
        bob,
        'PUT',
        kitApi.setBundle.path.replace(':variantId', variantOf(gift, 'GIFT-SET')),
        {
          components: [{ variantId: variantOf(candle, 'CANDLE-FIG'), quantity: 1 }],
        },
      ),
      404,
      { code: 'not_found', reason: 'variant_not_found' },
    );
    const mine = await ok<{ items: KittingRequest[] }>(
      alice,
      'GET',
      kitApi.listKittingRequests.path,
    );
    refused(
      await send(bob, 'POST', kitApi.completeKittingRequest.path.replace(':sn', mine.items[0]!.sn)),
      404,
      { code: 'not_found', reason: 'kitting_request_not_found' },
    );
  });
});
