import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  InventoryLevel,
  InventoryMovement,
  OrderReservation,
} from '@atelier/contract/fulfillment/inventory';
import { createManualRetailOrder } from '@atelier/contract/sales/order';
import { cancelOrderLineItem } from '@atelier/contract/sales/order-operations';
import { createProduct } from '@atelier/contract/sales/product';
import type { Product } from '@atelier/contract/sales/product';
import { fulfillmentInventoryLevels, fulfillmentInventoryMovements } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { storeClient } from '@/testing/store-client';

let context: TestContext;
const { send } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let mug: Product;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  mug = await aProduct(alice, 'Stoneware mug', ['MUG-BLUE', 'MUG-SAND']);
}, 60_000);
afterAll(async () => context.close());

async function aProduct(account: StoreAccount, title: string, skus: string[]) {
  const response = await send(account, 'POST', createProduct.path, {
    title,
    options: [{ name: 'Color', values: skus }],
    variants: skus.map((sku) => ({ optionValues: [sku], sku, priceAmount: 1_800 })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

const variantOf = (product: Product, sku: string) =>
  product.variants.find((variant) => variant.sku === sku)!.id;

const adjust = async (account: StoreAccount, variantId: string, change: number) => {
  const response = await send(account, 'POST', api.adjustInventory.path, {
    variantId,
    change,
    reason: change > 0 ? 'FOUND' : 'DAMAGED',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<InventoryMovement>();
};

/** A manual order with these lines; its reservation is what the delivered event left. */
const anOrder = async (account: StoreAccount, lines: { sku: string; quantity: number }[]) => {
  const response = await send(account, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    lines: lines.map((line) => ({ ...line, title: line.sku, unitPriceAmount: 1_800 })),
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  expect(response.statusCode, response.body).toBe(201);
  await context.dispatcher.drain();
  return response.json<{ id: string }>().id;
};

const reservationOf = async (account: StoreAccount, orderId: string) => {
  const response = await send(
    account,
    'GET',
    api.orderReservation.path.replace(':orderId', orderId),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrderReservation>();
};

const levelOf = async (account: StoreAccount, sku: string) => {
  const response = await send(account, 'GET', `${api.listInventory.path}?search=${sku}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: InventoryLevel[] }>().items.find((item) => item.sku === sku);
};

const movementsOf = async (account: StoreAccount, variantId: string, query = '') => {
  const response = await send(
    account,
    'GET',
    `${api.listMovements.path.replace(':variantId', variantId)}${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: InventoryMovement[]; nextCursor: string | null }>();
};

describe('inventory and reservations (issue 15)', () => {
  it('lists the default warehouse, in North Carolina', async () => {
    const response = await send(alice, 'GET', api.listWarehouses.path);
    expect(response.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ code: 'NC1', stateCode: 'NC', countryCode: 'US', isDefault: true }),
    ]);
  });

  it('counts units in by hand, then an arriving order reserves them, with a ledger row each', async () => {
    const blue = variantOf(mug, 'MUG-BLUE');
    expect(await levelOf(alice, 'MUG-BLUE')).toMatchObject({
      onHand: 0,
      reserved: 0,
      available: 0,
    });
    const counted = await adjust(alice, blue, 10);
    expect(counted).toMatchObject({ kind: 'ADJUSTMENT', onHandChange: 10, onHandAfter: 10 });

    const orderId = await anOrder(alice, [
      { sku: 'MUG-BLUE', quantity: 3 },
      { sku: 'NOT-A-SKU', quantity: 1 },
    ]);
    const reservation = await reservationOf(alice, orderId);
    expect(reservation.lines.map((line) => [line.sku, line.status, line.reserved])).toEqual([
      ['MUG-BLUE', 'RESERVED', 3],
      ['NOT-A-SKU', 'NOT_STOCKED', 0],
    ]);
    expect(reservation.isMissingStock).toBe(false);
    expect(await levelOf(alice, 'MUG-BLUE')).toMatchObject({
      onHand: 10,
      reserved: 3,
      available: 7,
    });
    const ledger = (await movementsOf(alice, blue)).items;
    expect(
      ledger.map((row) => [row.kind, row.onHandAfter, row.reservedAfter, row.orderId]),
    ).toEqual([
      ['RESERVATION', 10, 3, orderId],
      ['ADJUSTMENT', 10, 0, null],
    ]);

    // Asking again changes nothing: the line is reserved once.
    const again = await send(alice, 'POST', api.reserveOrder.path.replace(':orderId', orderId));
    expect(again.json<OrderReservation>()).toEqual(reservation);
    expect((await movementsOf(alice, blue)).items).toHaveLength(2);
  });

  it('reserves a line whole or not at all, and a held line once stock arrives', async () => {
    const sand = variantOf(mug, 'MUG-SAND');
    await adjust(alice, sand, 4);
    const orderId = await anOrder(alice, [
      { sku: 'MUG-SAND', quantity: 3 },
      { sku: 'MUG-SAND', quantity: 2 },
    ]);
    const held = await reservationOf(alice, orderId);
    expect(held.lines.map((line) => [line.status, line.reserved])).toEqual([
      ['RESERVED', 3],
      ['MISSING_STOCK', 0],
    ]);
    expect(held.isMissingStock).toBe(true);
    expect(await levelOf(alice, 'MUG-SAND')).toMatchObject({
      onHand: 4,
      reserved: 3,
      available: 1,
    });

    await adjust(alice, sand, 1);
    const retried = await send(alice, 'POST', api.reserveOrder.path.replace(':orderId', orderId));
    expect(retried.json<OrderReservation>().lines.map((line) => line.status)).toEqual([
      'RESERVED',
      'RESERVED',
    ]);
    expect(await levelOf(alice, 'MUG-SAND')).toMatchObject({
      onHand: 5,
      reserved: 5,
      available: 0,
    });
  });

  it('refuses to take away units that are reserved, and changes nothing', async () => {
    const sand = variantOf(mug, 'MUG-SAND');
    const before = await movementsOf(alice, sand);
    const error = expectApiError(
      await send(alice, 'POST', api.adjustInventory.path, {
        variantId: sand,
        change: -1,
        reason: 'DAMAGED',
      }),
      400,
      { code: 'bad_request' },
    );
    expect(error.details).toEqual([
      {
        field: 'change',
        message: 'This would leave 4 on hand, fewer than the 5 reserved for orders.',
      },
    ]);
    expect(await levelOf(alice, 'MUG-SAND')).toMatchObject({ onHand: 5, reserved: 5 });
    expect((await movementsOf(alice, sand)).items).toEqual(before.items);
  });

  it('answers 400 naming the field for a bad adjustment or cursor', async () => {
    const blue = variantOf(mug, 'MUG-BLUE');
    const cases: [Record<string, unknown>, string][] = [
      [{ variantId: blue, change: 0, reason: 'FOUND' }, 'change'],
      [{ variantId: blue, change: 1.5, reason: 'FOUND' }, 'change'],
      [{ variantId: blue, change: 2_000_000, reason: 'FOUND' }, 'change'],
      [{ variantId: blue, change: 1, reason: 'STOLEN' }, 'reason'],
      [{ change: 1, reason: 'FOUND' }, 'variantId'],
    ];
    for (const [payload, field] of cases) {
      const error = expectApiError(
        await send(alice, 'POST', api.adjustInventory.path, payload),
        400,
        { code: 'bad_request' },
      );
      expect(
        error.details?.map((detail) => detail.field),
        JSON.stringify(payload),
      ).toContain(`body.${field}`);
    }
    expectApiError(
      await send(alice, 'GET', `${api.listMovements.path.replace(':variantId', blue)}?cursor=nope`),
      400,
      { code: 'bad_request' },
    );
    expectApiError(await send(alice, 'GET', `${api.listInventory.path}?limit=0`), 400, {
      code: 'bad_request',
    });
  });

  it('pages the ledger newest first', async () => {
    const blue = variantOf(mug, 'MUG-BLUE');
    const first = await movementsOf(alice, blue, '?limit=1');
    expect(first.items).toHaveLength(1);
    const second = await movementsOf(alice, blue, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.nextCursor).toBeNull();
  });

  it('never holds one unit for two orders, however many ask at once', async () => {
    const { variants } = await aProduct(alice, 'Linen tote', ['TOTE-NAT']);
    const tote = variants[0]!.id;
    // 100 one-unit orders arrive while there is no stock: each waits for it.
    const orderIds: string[] = [];
    for (let order = 0; order < 100; order += 1) {
      orderIds.push(await anOrder(alice, [{ sku: 'TOTE-NAT', quantity: 1 }]));
    }
    await adjust(alice, tote, 10);
    const results = await Promise.all(
      orderIds.map((id) => context.fulfillment.inventory.reserveOrder(alice.storeId, id)),
    );
    const reserved = results.filter((result) => result.lines[0]!.status === 'RESERVED');
    expect(reserved).toHaveLength(10);
    expect(await levelOf(alice, 'TOTE-NAT')).toMatchObject({
      onHand: 10,
      reserved: 10,
      available: 0,
    });
    // The ledger replays to the level.
    const rows = await context.connection.db
      .select()
      .from(fulfillmentInventoryMovements)
      .where(eq(fulfillmentInventoryMovements.variantId, tote));
    expect(rows.reduce((sum, row) => sum + row.reservedChange, 0)).toBe(10);
    expect(rows.reduce((sum, row) => sum + row.onHandChange, 0)).toBe(10);
  });

  it('gives back the units of a canceled line, in part and then whole', async () => {
    const { variants } = await aProduct(alice, 'Linen napkin', ['NAP-OAT']);
    const napkin = variants[0]!.id;
    await adjust(alice, napkin, 6);
    const orderId = await anOrder(alice, [{ sku: 'NAP-OAT', quantity: 5 }]);
    const lineId = (await reservationOf(alice, orderId)).lines[0]!.lineId;
    expect(await levelOf(alice, 'NAP-OAT')).toMatchObject({ reserved: 5, available: 1 });
    const cancel = async (quantity: number) => {
      const response = await send(
        alice,
        'POST',
        cancelOrderLineItem.path.replace(':id', orderId).replace(':lineId', lineId),
        { quantity, reason: 'Out of stock' },
      );
      expect(response.statusCode, response.body).toBe(200);
      await context.dispatcher.drain();
    };

    await cancel(2);
    expect((await reservationOf(alice, orderId)).lines[0]).toMatchObject({
      quantity: 3,
      reserved: 3,
      status: 'RESERVED',
    });
    expect(await levelOf(alice, 'NAP-OAT')).toMatchObject({ onHand: 6, reserved: 3, available: 3 });

    await cancel(3);
    expect((await reservationOf(alice, orderId)).lines[0]).toMatchObject({
      quantity: 0,
      reserved: 0,
      status: 'CANCELED',
    });
    expect(await levelOf(alice, 'NAP-OAT')).toMatchObject({ onHand: 6, reserved: 0, available: 6 });
    const ledger = (await movementsOf(alice, napkin)).items;
    expect(ledger.map((row) => [row.kind, row.reservedChange, row.reservedAfter])).toEqual([
      ['RELEASE', -3, 0],
      ['RELEASE', -2, 3],
      ['RESERVATION', 5, 5],
      ['ADJUSTMENT', 0, 0],
    ]);
    // Asking to reserve the canceled order again holds nothing.
    await send(alice, 'POST', api.reserveOrder.path.replace(':orderId', orderId));
    expect(await levelOf(alice, 'NAP-OAT')).toMatchObject({ reserved: 0 });
  });

  it('shows another store none of this stock, orders or ledger', async () => {
    const blue = variantOf(mug, 'MUG-BLUE');
    const bobsList = await send(bob, 'GET', api.listInventory.path);
    expect(bobsList.json<{ items: unknown[] }>().items).toEqual([]);
    expectApiError(
      await send(bob, 'POST', api.adjustInventory.path, {
        variantId: blue,
        change: 5,
        reason: 'FOUND',
      }),
      404,
      { code: 'not_found' },
    );
    expectApiError(
      await send(bob, 'GET', api.listMovements.path.replace(':variantId', blue)),
      404,
      {
        code: 'not_found',
      },
    );
    const alicesOrder = await anOrder(alice, [{ sku: 'MUG-BLUE', quantity: 1 }]);
    expectApiError(
      await send(bob, 'POST', api.reserveOrder.path.replace(':orderId', alicesOrder)),
      404,
      { code: 'not_found' },
    );
    expectApiError(
      await send(bob, 'GET', api.orderReservation.path.replace(':orderId', alicesOrder)),
      404,
      { code: 'not_found' },
    );
    // Bob's order of Alice's SKU holds nothing of hers.
    const bobsOrder = await anOrder(bob, [{ sku: 'MUG-BLUE', quantity: 1 }]);
    expect((await reservationOf(bob, bobsOrder)).lines[0]!.status).toBe('NOT_STOCKED');
    const [level] = await context.connection.db
      .select()
      .from(fulfillmentInventoryLevels)
      .where(and(eq(fulfillmentInventoryLevels.variantId, blue)));
    expect(level).toMatchObject({ storeId: alice.storeId, reserved: 4 });
  });
});
