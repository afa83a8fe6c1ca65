import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type FreightBooking,
  type PackagingCatalogue,
  type PreSale,
  type QualityCheck,
} from '@atelier/contract/fulfillment/bookings';
import { fulfillmentEndpoints } from '@atelier/contract/fulfillment/fulfillment-api';
import type { Receiving } from '@atelier/contract/fulfillment/receiving';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import {
  fulfillmentFreightBookings,
  fulfillmentPreSales,
  fulfillmentQualityChecks,
} from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { createPreSaleService } from './pre-sale.service';
import { pathOf as path, storeClient } from '@/testing/store-client';

let context: TestContext;
const { send, ok } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let mug: Product;
let bobsMug: Product;
let receiving: Receiving;

const rowsOf = async (table: typeof fulfillmentFreightBookings | typeof fulfillmentQualityChecks) =>
  (await context.connection.db.select({ n: count() }).from(table))[0]!.n;

/** A day `days` after the test clock's today (YYYY-MM-DD). */
const dayFromNow = (days: number) =>
  new Date(context.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

const ORIGIN = {
  name: 'Dana Lee',
  company: 'Lee Ceramics',
  addressLine1: '500 Industrial Way',
  city: 'Fresno',
  stateCode: 'CA',
  zipCode: '93721',
  phone: '+1 559 555 0100',
  countryCode: 'US',
};
const freightBody = (overrides: Record<string, unknown> = {}) => ({
  origin: ORIGIN,
  pickupReadyDate: dayFromNow(3),
  mode: 'LTL',
  handlingUnit: 'PALLET',
  unitCount: 2,
  weight: 1200,
  weightUnit: 'lb',
  length: 48,
  width: 40,
  height: 50,
  dimensionUnit: 'in',
  commodity: 'Stoneware mugs, boxed',
  ...overrides,
});

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-bookings-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  const aProduct = (account: StoreAccount, title: string, skus: string[]) =>
    ok<Product>(account, 'POST', createProduct.path, {
      title,
      options: [{ name: 'Color', values: skus }],
      variants: skus.map((sku) => ({ optionValues: [sku], sku, priceAmount: 2_800 })),
    });
  mug = await aProduct(alice, 'Stoneware mug', ['MUG-BLUE', 'MUG-SAND']);
  bobsMug = await aProduct(bob, 'Bob mug', ['BOB-MUG']);
  receiving = await ok<Receiving>(alice, 'POST', fulfillmentEndpoints.createReceiving.path, {
    carrier: 'Estes',
    trackingNumber: 'PRO-778812',
    items: [{ title: 'Mugs', quantity: 480, variantId: mug.variants[0]!.id }],
  });
}, 90_000);
afterAll(async () => context.close());

describe('freight bookings (issue 15)', () => {
  it('books a freight shipment to the center, keeps its weight in grams, lists and cancels it', async () => {
    const created = await send(
      alice,
      'POST',
      api.createFreightBooking.path,
      freightBody({ receivingSn: receiving.sn, notes: 'Dock closes at 4 pm' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<FreightBooking>();
    expect(booking).toMatchObject({
      sn: expect.stringMatching(/^FRT-\d{6}$/),
      status: 'REQUESTED',
      mode: 'LTL',
      handlingUnit: 'PALLET',
      unitCount: 2,
      weight: 1200,
      weightUnit: 'lb',
      // 1,200 lb × 453.59237 g = 544,310.844 g.
      weightG: 544_311,
      origin: { city: 'Fresno', stateCode: 'CA', countryCode: 'US' },
      receivingSn: receiving.sn,
      notes: 'Dock closes at 4 pm',
      quote: null,
    });
    const inKg = await ok<FreightBooking>(
      alice,
      'POST',
      api.createFreightBooking.path,
      freightBody({
        mode: 'AIR',
        handlingUnit: 'CARTON',
        unitCount: 12,
        weight: 80.5,
        weightUnit: 'kg',
      }),
    );
    expect(inKg).toMatchObject({ weightG: 80_500, receivingSn: null });

    const list = await ok<{ items: FreightBooking[] }>(alice, 'GET', api.listFreightBookings.path);
    expect(list.items.map((item) => item.sn).slice(0, 2)).toEqual([inKg.sn, booking.sn]);
    expect(
      await ok<FreightBooking>(alice, 'GET', path(api.getFreightBooking.path, { sn: booking.sn })),
    ).toEqual(booking);

    const canceled = await ok<FreightBooking>(
      alice,
      'POST',
      path(api.cancelFreightBooking.path, { sn: booking.sn }),
    );
    expect(canceled).toMatchObject({ status: 'CANCELED', canceledAt: expect.any(String) });
    expectApiError(
      await send(alice, 'POST', path(api.cancelFreightBooking.path, { sn: booking.sn })),
      409,
      { code: 'conflict', reason: 'freight_booking_not_cancelable' },
    );
  });

  it('refuses a booked shipment’s cancellation, pages the list with Load more', async () => {
    const booking = await ok<FreightBooking>(
      alice,
      'POST',
      api.createFreightBooking.path,
      freightBody(),
    );
    await context.connection.db
      .update(fulfillmentFreightBookings)
      .set({ status: 'BOOKED' })
      .where(eq(fulfillmentFreightBookings.id, booking.id));
    expectApiError(
      await send(alice, 'POST', path(api.cancelFreightBooking.path, { sn: booking.sn })),
      409,
      { code: 'conflict', reason: 'freight_booking_not_cancelable' },
    );
    const first = await ok<{ items: FreightBooking[]; nextCursor: string | null }>(
      alice,
      'GET',
      `${api.listFreightBookings.path}?limit=2`,
    );
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await ok<{ items: FreightBooking[]; nextCursor: string | null }>(
      alice,
      'GET',
      `${api.listFreightBookings.path}?limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items.map((item) => item.sn)).not.toContain(first.items[0]!.sn);
    expect(second.nextCursor).toBeNull();
    const booked = await ok<{ items: FreightBooking[] }>(
      alice,
      'GET',
      `${api.listFreightBookings.path}?status=BOOKED`,
    );
    expect(booked.items.map((item) => item.sn)).toEqual([booking.sn]);
  });

  it('answers bad input with 400 naming the field, and books nothing', async () => {
    const before = await rowsOf(fulfillmentFreightBookings);
    const fieldOf = async (body: Record<string, unknown>) =>
      expectApiError(await send(alice, 'POST', api.createFreightBooking.path, body), 400, {
        code: 'bad_request',
      }).details?.[0]?.field;
    expect(await fieldOf(freightBody({ origin: { ...ORIGIN, stateCode: 'ZZ' } }))).toBe(
      'origin.stateCode',
    );
    expect(await fieldOf(freightBody({ pickupReadyDate: dayFromNow(-2) }))).toBe('pickupReadyDate');
    expect(await fieldOf(freightBody({ unitCount: -1 }))).toBe('body.unitCount');
    expect(await fieldOf(freightBody({ weight: 0 }))).toBe('body.weight');
    expect(await fieldOf(freightBody({ weight: 100_001 }))).toBe('body.weight');
    expect(await fieldOf(freightBody({ mode: 'TRAIN' }))).toBe('body.mode');
    expect(await fieldOf(freightBody({ commodity: '  ' }))).toBe('body.commodity');
    expect(await fieldOf(freightBody({ receivingSn: 'RCV-999999' }))).toBe('receivingSn');
    expect(await rowsOf(fulfillmentFreightBookings)).toBe(before);
  });

  it('shows another store none of the store’s bookings', async () => {
    const mine = await ok<FreightBooking>(
      alice,
      'POST',
      api.createFreightBooking.path,
      freightBody(),
    );
    expect(
      (await ok<{ items: FreightBooking[] }>(bob, 'GET', api.listFreightBookings.path)).items,
    ).toEqual([]);
    expectApiError(await send(bob, 'GET', path(api.getFreightBooking.path, { sn: mine.sn })), 404, {
      code: 'not_found',
      reason: 'freight_booking_not_found',
    });
    expectApiError(
      await send(bob, 'POST', path(api.cancelFreightBooking.path, { sn: mine.sn })),
      404,
      { code: 'not_found' },
    );
    // Alice's receiving cannot be linked by Bob.
    expectApiError(
      await send(
        bob,
        'POST',
        api.createFreightBooking.path,
        freightBody({ receivingSn: receiving.sn }),
      ),
      400,
      { code: 'bad_request' },
    );
  });
});

describe('quality checks (issue 15)', () => {
  it('books a quality check with the standard defaults, lists and cancels it; another store sees none', async () => {
    const created = await send(alice, 'POST', api.createQualityCheck.path, {
      productName: 'Mug run, 480 units',
      receivingSn: receiving.sn,
      inspectionType: 'PRE_SHIPMENT',
      unitsToInspect: 80,
      preferredDate: dayFromNow(10),
    });
    expect(created.statusCode, created.body).toBe(201);
    const check = created.json<QualityCheck>();
    expect(check).toMatchObject({
      sn: expect.stringMatching(/^QC-\d{6}$/),
      status: 'REQUESTED',
      inspectionType: 'PRE_SHIPMENT',
      inspectionLevel: 'II',
      aqlMajor: '2.5',
      aqlMinor: '4.0',
      receivingSn: receiving.sn,
    });
    expect(
      (await ok<{ items: QualityCheck[] }>(alice, 'GET', api.listQualityChecks.path)).items,
    ).toEqual([check]);
    expect(
      (await ok<{ items: QualityCheck[] }>(bob, 'GET', api.listQualityChecks.path)).items,
    ).toEqual([]);
    expectApiError(
      await send(bob, 'POST', path(api.cancelQualityCheck.path, { sn: check.sn })),
      404,
      { code: 'not_found', reason: 'quality_check_not_found' },
    );
    const canceled = await ok<QualityCheck>(
      alice,
      'POST',
      path(api.cancelQualityCheck.path, { sn: check.sn }),
    );
    expect(canceled.status).toBe('CANCELED');
  });

  it('refuses a day in the past and another store’s sourcing order item', async () => {
    const before = await rowsOf(fulfillmentQualityChecks);
    const body = {
      productName: 'Caps',
      inspectionType: 'DURING_PRODUCTION',
      unitsToInspect: 20,
      preferredDate: dayFromNow(5),
    };
    const fieldOf = async (overrides: Record<string, unknown>) =>
      expectApiError(
        await send(alice, 'POST', api.createQualityCheck.path, { ...body, ...overrides }),
        400,
        { code: 'bad_request' },
      ).details?.[0]?.field;
    expect(await fieldOf({ preferredDate: dayFromNow(-3) })).toBe('preferredDate');
    expect(await fieldOf({ creatorOrderItemId: 'coi_not_mine' })).toBe('creatorOrderItemId');
    expect(await fieldOf({ unitsToInspect: 0 })).toBe('body.unitsToInspect');
    expect(await fieldOf({ aqlMajor: '3.0' })).toBe('body.aqlMajor');
    expect(await rowsOf(fulfillmentQualityChecks)).toBe(before);
  });
});

describe('pre-sales (issue 15)', () => {
  it('sets a variant’s pre-sale by date and units, shows it, and ends it', async () => {
    const blue = mug.variants[0]!.id;
    const saved = await ok<PreSale>(alice, 'PUT', path(api.savePreSale.path, { variantId: blue }), {
      endsOn: dayFromNow(20),
      maxUnits: 150,
    });
    expect(saved).toMatchObject({
      variantId: blue,
      variantLabel: 'MUG-BLUE · Stoneware mug / MUG-BLUE',
      maxUnits: 150,
      isActive: true,
    });
    const units = await ok<PreSale>(alice, 'PUT', path(api.savePreSale.path, { variantId: blue }), {
      maxUnits: 40,
    });
    expect(units).toMatchObject({ endsOn: null, maxUnits: 40 });
    expect((await ok<{ items: PreSale[] }>(alice, 'GET', api.listPreSales.path)).items).toEqual([
      units,
    ]);
    expect((await ok<{ items: PreSale[] }>(bob, 'GET', api.listPreSales.path)).items).toEqual([]);

    const preSales = createPreSaleService({ db: context.connection.db, clock: context.clock });
    expect(await preSales.preSaleAllowance(alice.storeId, blue)).toEqual({
      endsOn: null,
      maxUnits: 40,
    });
    // Another store's variant has none, whatever it asks.
    expect(await preSales.preSaleAllowance(bob.storeId, blue)).toBeNull();

    await ok(alice, 'DELETE', path(api.deletePreSale.path, { variantId: blue }));
    expect(await preSales.preSaleAllowance(alice.storeId, blue)).toBeNull();
    expectApiError(
      await send(alice, 'DELETE', path(api.deletePreSale.path, { variantId: blue })),
      404,
      { code: 'not_found', reason: 'pre_sale_not_found' },
    );
  });

  it('ends the allowance after its last day, and refuses bad input', async () => {
    const sand = mug.variants[1]!.id;
    await ok(alice, 'PUT', path(api.savePreSale.path, { variantId: sand }), {
      endsOn: dayFromNow(2),
    });
    const preSales = createPreSaleService({ db: context.connection.db, clock: context.clock });
    expect(await preSales.preSaleAllowance(alice.storeId, sand)).toMatchObject({ maxUnits: null });
    const later = new Date(context.clock.now().getTime() + 4 * 86_400_000);
    expect(await preSales.preSaleAllowance(alice.storeId, sand, later)).toBeNull();

    const fieldOf = async (variantId: string, body: Record<string, unknown>) =>
      expectApiError(
        await send(alice, 'PUT', path(api.savePreSale.path, { variantId }), body),
        400,
        {
          code: 'bad_request',
        },
      ).details?.[0]?.field;
    expect(await fieldOf(sand, {})).toBe('body.endsOn');
    expect(await fieldOf(sand, { endsOn: dayFromNow(-3) })).toBe('endsOn');
    expect(await fieldOf(sand, { maxUnits: -5 })).toBe('body.maxUnits');
    expect(await fieldOf(bobsMug.variants[0]!.id, { maxUnits: 5 })).toBe('variantId');
    const rows = await context.connection.db.select().from(fulfillmentPreSales);
    expect(rows.map((row) => row.variantId)).toEqual([sand]);
  });
});

describe('order packaging (issue 15)', () => {
  it('lists a category’s packaging and keeps the store’s default per category', async () => {
    const boxes = await ok<PackagingCatalogue>(
      alice,
      'GET',
      path(api.getPackagingCatalogue.path, { category: 'boxes' }),
    );
    expect(boxes.defaultPackagingId).toBeNull();
    expect(boxes.items.length).toBeGreaterThan(2);
    for (const item of boxes.items) {
      expect(item.category).toBe('boxes');
      expect(item.unitPrice).toMatchObject({ currencyCode: 'USD' });
      expect(Number.isInteger(item.unitPrice.amount)).toBe(true);
    }
    const chosen = boxes.items[1]!.id;
    const saved = await ok<PackagingCatalogue>(
      alice,
      'PUT',
      path(api.setDefaultPackaging.path, { category: 'boxes' }),
      { packagingId: chosen },
    );
    expect(saved.defaultPackagingId).toBe(chosen);
    expect(
      (
        await ok<PackagingCatalogue>(
          alice,
          'GET',
          path(api.getPackagingCatalogue.path, { category: 'boxes' }),
        )
      ).defaultPackagingId,
    ).toBe(chosen);
    // Another category and another store keep theirs.
    expect(
      (
        await ok<PackagingCatalogue>(
          alice,
          'GET',
          path(api.getPackagingCatalogue.path, { category: 'poly-mailers' }),
        )
      ).defaultPackagingId,
    ).toBeNull();
    expect(
      (
        await ok<PackagingCatalogue>(
          bob,
          'GET',
          path(api.getPackagingCatalogue.path, { category: 'boxes' }),
        )
      ).defaultPackagingId,
    ).toBeNull();
  });

  it('refuses an unknown category and a packaging of another category', async () => {
    expectApiError(
      await send(alice, 'GET', path(api.getPackagingCatalogue.path, { category: 'crates' })),
      404,
      { code: 'not_found', reason: 'packaging_category_not_found' },
    );
    const mailer = (
      await ok<PackagingCatalogue>(
        alice,
        'GET',
        path(api.getPackagingCatalogue.path, { category: 'poly-mailers' }),
      )
    ).items[0]!.id;
    expect(
      expectApiError(
        await send(alice, 'PUT', path(api.setDefaultPackaging.path, { category: 'boxes' }), {
          packagingId: mailer,
        }),
        400,
        { code: 'bad_request' },
      ).details?.[0]?.field,
    ).toBe('packagingId');
  });
});
