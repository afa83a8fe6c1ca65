import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeEndpoints } from '@atelier/contract/fulfillment/fees';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel, Warehouse } from '@atelier/contract/fulfillment/inventory';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentInventoryLevels, fulfillmentWarehouses } from '@/db/schema';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { storeClient } from '@/testing/store-client';
import { addWarehouse, type AddWarehouseInput } from '@/modules/fulfillment';
import { binCodeOf } from './warehouses';

let context: TestContext;
const { ok, send } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let jersey: Warehouse;

const newJersey: AddWarehouseInput = {
  code: 'nj1',
  name: 'New Jersey',
  stateCode: 'NJ',
  countryCode: 'US',
  timeZone: 'America/New_York',
};

const aProduct = (account: StoreAccount, title: string, skus: string[]) =>
  ok<Product>(account, 'POST', createProduct.path, {
    title,
    options: [{ name: 'Kind', values: skus }],
    variants: skus.map((sku) => ({ optionValues: [sku], sku, priceAmount: 1_000 })),
  });

const countIn = (account: StoreAccount, variantId: string, change: number, warehouseId?: string) =>
  ok(account, 'POST', api.adjustInventory.path, {
    variantId,
    change,
    reason: 'CYCLE_COUNT',
    ...(warehouseId ? { warehouseId } : {}),
  });

const warehouseCount = async () =>
  (await context.connection.db.select({ n: count() }).from(fulfillmentWarehouses))[0]!.n;

const binsIn = async (warehouseId: string) =>
  (
    await context.connection.db
      .select({ binCode: fulfillmentInventoryLevels.binCode })
      .from(fulfillmentInventoryLevels)
      .where(eq(fulfillmentInventoryLevels.warehouseId, warehouseId))
      .orderBy(asc(fulfillmentInventoryLevels.binCode))
  ).map((row) => row.binCode);

beforeAll(async () => {
  context = await createTestApp();
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
}, 90_000);
afterAll(async () => context.close());

describe('addWarehouse (issue 15)', () => {
  it('adds a warehouse every store sees after the default one', async () => {
    jersey = await addWarehouse(context.connection.db, newJersey);
    expect(jersey).toMatchObject({ code: 'NJ1', stateCode: 'NJ', isDefault: false });
    for (const account of [alice, bob]) {
      const { items } = await ok<{ items: Warehouse[] }>(account, 'GET', api.listWarehouses.path);
      expect(items.map((warehouse) => [warehouse.code, warehouse.isDefault])).toEqual([
        ['NC1', true],
        ['NJ1', false],
      ]);
      expect(items[1]).toEqual(jersey);
    }
  });

  it('refuses a code in use, whatever its case, and writes nothing', async () => {
    const before = await warehouseCount();
    await expect(
      addWarehouse(context.connection.db, { ...newJersey, code: 'NJ1', name: 'Another' }),
    ).rejects.toMatchObject({ code: 'conflict', reason: 'warehouse_code_taken' });
    await expect(
      addWarehouse(context.connection.db, { ...newJersey, code: 'nc1' }),
    ).rejects.toMatchObject({ code: 'conflict', reason: 'warehouse_code_taken' });
    expect(await warehouseCount()).toBe(before);
  });

  it.each([
    ['a one-letter code', { code: 'N' }, 'code'],
    ['a code past 10 characters', { code: 'NEWJERSEY01' }, 'code'],
    ['a code with a dash', { code: 'NJ-2' }, 'code'],
    ['an empty name', { code: 'NJ2', name: '  ' }, 'name'],
    ['an unknown country', { code: 'NJ2', countryCode: 'XX' }, 'countryCode'],
    ['a state not of the country', { code: 'NJ2', stateCode: 'ZZ' }, 'stateCode'],
    ['a state of another country', { code: 'NJ2', stateCode: 'ON' }, 'stateCode'],
    ['a time zone not in IANA’s list', { code: 'NJ2', timeZone: 'Eastern' }, 'timeZone'],
  ])('refuses %s and writes nothing', async (_case, change, field) => {
    const before = await warehouseCount();
    const refusal = addWarehouse(context.connection.db, { ...newJersey, ...change });
    await expect(refusal).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ field })],
    });
    expect(await warehouseCount()).toBe(before);
  });
});

describe('bins (issue 15)', () => {
  it('numbers the next free bin, past 9999 with five digits', () => {
    expect([1, 42, 9999, 10_000].map(binCodeOf)).toEqual(['A-0001', 'A-0042', 'A-9999', 'A-10000']);
  });

  it('gives each new level its own bin when stock is counted in at the same time', async () => {
    const candles = await aProduct(alice, 'Candle', ['FIG', 'CEDAR', 'AMBER', 'MOSS']);
    const cups = await aProduct(bob, 'Cup', ['CUP-RED', 'CUP-TEAL']);
    const counts = [
      ...candles.variants.map((variant) => [alice, variant.id] as const),
      ...cups.variants.map((variant) => [bob, variant.id] as const),
    ];
    // Six levels of two stores made at once in New Jersey, then the same six in North Carolina.
    await Promise.all(counts.map(([account, id]) => countIn(account, id, 3, jersey.id)));
    await Promise.all(counts.map(([account, id]) => countIn(account, id, 2)));
    const expected = [1, 2, 3, 4, 5, 6].map(binCodeOf);
    expect(await binsIn(jersey.id)).toEqual(expected);
    expect(await binsIn('whs_north_carolina')).toEqual(expected);

    // Counting in again keeps the bin.
    const binOf = async (variantId: string) =>
      (
        await context.connection.db
          .select({ binCode: fulfillmentInventoryLevels.binCode })
          .from(fulfillmentInventoryLevels)
          .where(
            and(
              eq(fulfillmentInventoryLevels.variantId, variantId),
              eq(fulfillmentInventoryLevels.warehouseId, jersey.id),
            ),
          )
      )[0]?.binCode;
    const fig = candles.variants[0]!.id;
    const figBin = await binOf(fig);
    await countIn(alice, fig, 1, jersey.id);
    expect(await binOf(fig)).toBe(figBin);
    expect(await binsIn(jersey.id)).toEqual(expected);
  });

  it('shows each variant’s bin in the stock list and CSV, none for one never stocked', async () => {
    const mugs = await aProduct(alice, 'Mug', ['MUG-1', 'MUG-2']);
    await countIn(alice, mugs.variants[0]!.id, 4);
    const { items } = await ok<{ items: InventoryLevel[] }>(
      alice,
      'GET',
      `${api.listInventory.path}?search=MUG-`,
    );
    expect(items.map((level) => [level.sku, level.binCode, level.onHand])).toEqual([
      ['MUG-1', 'A-0007', 4],
      ['MUG-2', null, 0],
    ]);
    const csv = await send(alice, 'GET', feeEndpoints.inventoryCsv.path);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('sku,product,variant,bin,on_hand,reserved,available,incoming');
    // A variant stocked in both warehouses: the default's bin first, then New Jersey's (2 + 4
    // units on hand).
    expect(lines.find((line) => line.startsWith('FIG,'))).toMatch(
      /^FIG,Candle,FIG,A-000[1-6]; NJ1 A-000[1-6],6,0,6,0$/,
    );
    expect(lines.find((line) => line.startsWith('MUG-2,'))).toBe('MUG-2,Mug,MUG-2,,0,0,0,0');

    // Bob's list shows his cups and none of Alice's stock.
    const bobs = await ok<{ items: InventoryLevel[] }>(bob, 'GET', api.listInventory.path);
    expect(bobs.items.map((level) => level.sku)).toEqual(['CUP-RED', 'CUP-TEAL']);
    expect(bobs.items.every((level) => /^A-000[1-6]$/.test(level.binCode ?? ''))).toBe(true);
  });
});
