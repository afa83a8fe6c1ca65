import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feeEndpoints as fees,
  type FulfillmentMetrics,
  type InventoryCounts,
  type LowStockSetting,
} from '@atelier/contract/fulfillment/fees';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import { getJob, jobDownloadUrl, type Job } from '@atelier/contract/jobs/job';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import { createManualRetailOrder } from '@atelier/contract/sales/order';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { fulfillmentFeeCharges, notificationOutbox } from '@/db/schema';
import { expectApiError } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { CENTER_TIME_ZONE } from './calendar';
import { pathOf as path, storeClient } from '@/testing/store-client';
import { PARCEL, RALEIGH } from '@/testing/fulfillment-fixtures';

let context: TestContext;
const { send, ok } = storeClient(() => context.app);
let alice: StoreAccount;
let bob: StoreAccount;
let mug: Product;

const today = () => DateTime.fromJSDate(context.clock.now(), { zone: CENTER_TIME_ZONE });
const period = () => ({
  from: today().minus({ days: 7 }).toISODate()!,
  to: today().toISODate()!,
});

const anOrder = async (account: StoreAccount, sku: string, quantity: number) => {
  const order = await ok<{ id: string }>(account, 'POST', createManualRetailOrder.path, {
    currencyCode: 'USD',
    customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    shippingAddress: RALEIGH,
    lines: [{ sku, quantity, title: sku, unitPriceAmount: 2_000 }],
    discountAmount: 0,
    shippingAmount: 0,
    taxAmount: 0,
  });
  await context.dispatcher.drain();
  return order.id;
};

const ship = async (account: StoreAccount, orderId: string, lineIds?: string[]) => {
  const shipment = await ok<Shipment>(account, 'POST', path(api.shipOrder.path, { orderId }), {
    parcel: PARCEL,
    ...(lineIds ? { lineIds } : {}),
  });
  await context.dispatcher.drain();
  return shipment;
};

const labelled = async (account: StoreAccount, sn: string): Promise<Shipment> => {
  for (let round = 0; round < 400; round += 1) {
    const shipment = await ok<Shipment>(account, 'GET', path(api.getShipment.path, { sn }));
    if (shipment.labelStatus !== 'PENDING') return shipment;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the label of ${sn} was not made`);
};

/** Starts a report and waits for its job to end; returns the job and its file's text. */
const runReport = async (account: StoreAccount, body: Record<string, unknown>) => {
  const started = await send(account, 'POST', fees.startReport.path, body);
  expect(started.statusCode, started.body).toBe(202);
  let job = started.json<Job>();
  expect(job.kind).toBe('fulfillment.report');
  for (let round = 0; round < 400 && ['QUEUED', 'RUNNING'].includes(job.status); round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    job = await ok<Job>(account, 'GET', path(getJob.path, { id: job.id }));
  }
  expect(job, JSON.stringify(job)).toMatchObject({ status: 'COMPLETED', progress: 100 });
  const file = await send(account, 'GET', jobDownloadUrl(job.id));
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  return { job, csv: file.body.replace(/^\uFEFF/, '') };
};

const csvRows = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

const chargesOf = async (storeId: string) =>
  context.connection.db
    .select()
    .from(fulfillmentFeeCharges)
    .where(eq(fulfillmentFeeCharges.storeId, storeId));

let firstOrderId: string;
let shipment: Shipment;

beforeAll(async () => {
  context = await createTestAppWithDataDir('atelier-fees-');
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  // Alice is on Professional: $1.15 per order.
  await context.identity.billingStores.setPlanType(alice.storeId, 'TIER_3');
  mug = await ok<Product>(alice, 'POST', createProduct.path, {
    title: 'Stoneware mug',
    options: [{ name: 'Glaze', values: ['Moss', 'Sand'] }],
    variants: ['Moss', 'Sand'].map((glaze) => ({
      optionValues: [glaze],
      sku: `MUG-${glaze.toUpperCase()}`,
      priceAmount: 2_000,
    })),
  });
  for (const variant of mug.variants) {
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: variant.id,
      change: 20,
      reason: 'CYCLE_COUNT',
    });
  }
  // Bob has a product and an order shipped too: it must never show in Alice's reports.
  const bobsCup = await ok<Product>(bob, 'POST', createProduct.path, {
    title: 'Bob cup',
    variants: [{ optionValues: [], sku: 'BOB-CUP', priceAmount: 900 }],
  });
  await ok(bob, 'POST', api.adjustInventory.path, {
    variantId: bobsCup.variants[0]!.id,
    change: 5,
    reason: 'CYCLE_COUNT',
  });
  const bobsOrder = await anOrder(bob, 'BOB-CUP', 1);
  await labelled(bob, (await ship(bob, bobsOrder)).sn);

  firstOrderId = await anOrder(alice, 'MUG-MOSS', 2);
  shipment = await labelled(alice, (await ship(alice, firstOrderId)).sn);
}, 120_000);
afterAll(async () => context.close());

describe('fees charged per shipped order (issue 15, spec §9)', () => {
  it('charges pick and pack once per order at the plan’s rate, whatever is redelivered', async () => {
    const charges = (await chargesOf(alice.storeId)).filter((row) => row.orderId === firstOrderId);
    expect(charges).toMatchObject([
      { kind: 'ORDER', amount: 115, quantity: 1, unitAmount: 115, planType: 'TIER_3' },
    ]);
    // The event delivered again charges nothing more.
    await context.fulfillment.fees.fees.chargeShippedOrder(
      alice.storeId,
      firstOrderId,
      shipment.id,
    );
    expect(
      (await chargesOf(alice.storeId)).filter((row) => row.orderId === firstOrderId),
    ).toHaveLength(1);
    // Bob (Free) pays the Beginner rate; his charge is his alone.
    expect(await chargesOf(bob.storeId)).toMatchObject([{ kind: 'ORDER', amount: 150 }]);
  });

  it('a second parcel of the same order is not charged again', async () => {
    const orderId = await ok<{ id: string }>(alice, 'POST', createManualRetailOrder.path, {
      currencyCode: 'USD',
      customer: null,
      shippingAddress: RALEIGH,
      lines: [
        { sku: 'MUG-MOSS', quantity: 1, title: 'Moss', unitPriceAmount: 2_000 },
        { sku: 'MUG-SAND', quantity: 1, title: 'Sand', unitPriceAmount: 2_000 },
      ],
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
    });
    await context.dispatcher.drain();
    const reservation = await ok<OrderReservation>(
      alice,
      'GET',
      path(api.orderReservation.path, { orderId: orderId.id }),
    );
    await ship(alice, orderId.id, [reservation.lines[0]!.lineId]);
    await ship(alice, orderId.id, [reservation.lines[1]!.lineId]);
    const charges = (await chargesOf(alice.storeId)).filter((row) => row.orderId === orderId.id);
    expect(charges).toMatchObject([{ kind: 'ORDER', amount: 115 }]);
  });
});

describe('report jobs (financial and outbound, CSV)', () => {
  it('the outbound report lists the store’s shipments, and only its own', async () => {
    const { job, csv } = await runReport(alice, { report: 'outbound', ...period() });
    expect(job.result).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(job.result?.fileName).toMatch(/^fulfillment-outbound-report-.*\.csv$/);
    const [header, ...rows] = csvRows(csv);
    expect(header).toEqual([
      'sn',
      'order',
      'status',
      'carrier',
      'service',
      'tracking_number',
      'weight_g',
      'weight_lb',
      'cost_usd',
      'cost_cents',
      'currency',
      'created_at',
    ]);
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row[0] === shipment.sn)!;
    expect(first).toBeDefined();
    expect(first.slice(2, 8)).toEqual([
      'ACTIVE',
      shipment.carrier,
      shipment.serviceLevel,
      shipment.trackingNumber,
      '907',
      '2.00',
    ]);
    expect(first[1]).toMatch(/^R\d+$/);
    expect(Number(first[9])).toBe(shipment.rate.amount);

    const bobs = await runReport(bob, { report: 'outbound', ...period() });
    const bobRows = csvRows(bobs.csv).slice(1);
    expect(bobRows).toHaveLength(1);
    expect(bobs.csv).not.toContain(shipment.sn);
    // Bob cannot download Alice's file.
    const stolen = await send(bob, 'GET', jobDownloadUrl(job.id));
    expect(stolen.statusCode).toBe(404);
  });

  it('the financial report sums fees by month and kind', async () => {
    const { csv } = await runReport(alice, { report: 'financial', format: 'csv', ...period() });
    const [header, ...rows] = csvRows(csv);
    expect(header).toEqual(['month', 'kind', 'charges', 'amount_usd', 'amount_cents', 'currency']);
    const month = today().toFormat('yyyy-MM');
    expect(rows).toEqual([
      [month, 'ORDER', '2', '2.30', '230', 'USD'],
      [month, 'TOTAL', '2', '2.30', '230', 'USD'],
    ]);
    const bobs = await runReport(bob, { report: 'financial', ...period() });
    expect(csvRows(bobs.csv).slice(1)).toEqual([
      [month, 'ORDER', '1', '1.50', '150', 'USD'],
      [month, 'TOTAL', '1', '1.50', '150', 'USD'],
    ]);
  });

  it('writes the financial report as an Excel workbook with numbers as numbers', async () => {
    const started = await send(alice, 'POST', fees.startReport.path, {
      report: 'financial',
      format: 'xlsx',
      ...period(),
    });
    expect(started.statusCode, started.body).toBe(202);
    let job = started.json<Job>();
    for (let round = 0; round < 400 && ['QUEUED', 'RUNNING'].includes(job.status); round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = await ok<Job>(alice, 'GET', path(getJob.path, { id: job.id }));
    }
    expect(job.result?.fileName).toMatch(/^fulfillment-financial-report-.*\.xlsx$/);
    const file = await send(alice, 'GET', jobDownloadUrl(job.id));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const month = today().toFormat('yyyy-MM');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'month',
      'kind',
      'charges',
      'amount_usd',
      'amount_cents',
      'currency',
    ]);
    expect(values(2)).toEqual([month, 'ORDER', 2, 2.3, 230, 'USD']);
    expect(values(3)).toEqual([month, 'TOTAL', 2, 2.3, 230, 'USD']);
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses a bad report request with the field and starts nothing', async () => {
    expectApiError(
      await send(alice, 'POST', fees.startReport.path, { report: 'secrets', ...period() }),
      400,
      { code: 'bad_request' },
    );
    const backwards = await send(alice, 'POST', fees.startReport.path, {
      report: 'outbound',
      from: '2026-05-02',
      to: '2026-05-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to');
    const tooLong = await send(alice, 'POST', fees.startReport.path, {
      report: 'outbound',
      from: '2024-01-01',
      to: '2026-01-01',
    });
    expect(tooLong.statusCode).toBe(400);
    const pdf = await send(alice, 'POST', fees.startReport.path, {
      report: 'outbound',
      format: 'pdf',
      ...period(),
    });
    expect(pdf.statusCode).toBe(400);
    const notADate = await send(alice, 'POST', fees.startReport.path, {
      report: 'outbound',
      from: 'yesterday',
      to: '2026-05-01',
    });
    expect(notADate.statusCode).toBe(400);
  });
});

describe('/fulfillment-metrics', () => {
  it('counts the store’s shipped orders, on time, time to ship, accuracy and cost per order', async () => {
    const metrics = await ok<FulfillmentMetrics>(
      alice,
      'GET',
      `${fees.metrics.path}?from=${period().from}&to=${period().to}`,
    );
    expect(metrics.totals).toMatchObject({
      ordersShipped: 2,
      shippedOnTime: 2,
      onTimeRate: 1,
      accuracy: 1,
      recreated: 0,
    });
    // Shipped in the same instant as ordered (the test clock does not move).
    expect(metrics.totals.averageHoursToShip).toBe(0);
    expect(metrics.totals.shipments).toBe(3);
    expect(metrics.totals.costPerOrderCents).toBeGreaterThan(115);
    expect(metrics.weeks.length).toBeGreaterThanOrEqual(1);
    expect(metrics.weeks.reduce((sum, week) => sum + week.ordersShipped, 0)).toBe(2);

    const bobs = await ok<FulfillmentMetrics>(
      bob,
      'GET',
      `${fees.metrics.path}?from=${period().from}&to=${period().to}`,
    );
    expect(bobs.totals.ordersShipped).toBe(1);
    const bad = await send(alice, 'GET', `${fees.metrics.path}?from=2026-02-01&to=2026-01-01`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('stock: counts, CSV and low-stock alerts', () => {
  const alertsTo = async (account: StoreAccount) =>
    context.connection.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.kind, 'fulfillment.low-stock'),
          eq(notificationOutbox.storeId, account.storeId),
        ),
      );

  it('exports the store’s stock as CSV, and none of another store’s', async () => {
    const response = await send(alice, 'GET', fees.inventoryCsv.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = csvRows(response.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'sku',
      'product',
      'variant',
      'bin',
      'on_hand',
      'reserved',
      'available',
      'incoming',
    ]);
    // 20 − 2 − 1 shipped Moss, 20 − 1 Sand; each in the bin it got when first counted in.
    expect(rows.slice(1)).toEqual([
      ['MUG-MOSS', 'Stoneware mug', 'Moss', 'A-0001', '17', '0', '17', '0'],
      ['MUG-SAND', 'Stoneware mug', 'Sand', 'A-0002', '19', '0', '19', '0'],
    ]);
    const bobs = await send(bob, 'GET', fees.inventoryCsv.path);
    expect(bobs.body).not.toContain('MUG-');
  });

  it('alerts once when available falls to the threshold, again only after it went back above', async () => {
    const moss = mug.variants.find((variant) => variant.sku === 'MUG-MOSS')!;
    const url = path(fees.setLowStock.path, { variantId: moss.id });
    expect(await ok<LowStockSetting>(alice, 'GET', url)).toMatchObject({
      threshold: null,
      effectiveThreshold: 5,
      isAlerted: false,
    });
    expect(await ok<LowStockSetting>(alice, 'PUT', url, { threshold: 12 })).toMatchObject({
      threshold: 12,
      isAlerted: false,
    });
    expect(await alertsTo(alice)).toHaveLength(0);

    // 17 available; an order reserves 5 → 12: at the threshold.
    await anOrder(alice, 'MUG-MOSS', 5);
    const [alert, ...more] = await alertsTo(alice);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ recipient: alice.input.email });
    expect(alert!.subject).toContain('MUG-MOSS');
    expect(alert!.body).toContain('12 units available');
    // Lower still: no second e-mail.
    await anOrder(alice, 'MUG-MOSS', 1);
    expect(await alertsTo(alice)).toHaveLength(1);
    expect(await ok<InventoryCounts>(alice, 'GET', fees.inventoryCounts.path)).toEqual({
      inStock: 1,
      low: 1,
      outOfStock: 0,
      total: 2,
    });

    // Back above: re-armed; falling again alerts again.
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: moss.id,
      change: 10,
      reason: 'FOUND',
    });
    expect((await ok<LowStockSetting>(alice, 'GET', url)).isAlerted).toBe(false);
    await ok(alice, 'POST', api.adjustInventory.path, {
      variantId: moss.id,
      change: -10,
      reason: 'LOST',
    });
    expect(await alertsTo(alice)).toHaveLength(2);
    // Bob's 5 cups (stocked) are at his default threshold: his alert names his SKU, none of Alice's.
    const bobs = await alertsTo(bob);
    expect(bobs.map((mail) => mail.subject)).toEqual(['Low stock: BOB-CUP (5 available)']);
    expect(bobs[0]!.recipient).toBe(bob.input.email);
  });

  it('refuses another store’s variant and a negative threshold', async () => {
    const moss = mug.variants.find((variant) => variant.sku === 'MUG-MOSS')!;
    const url = path(fees.setLowStock.path, { variantId: moss.id });
    expectApiError(await send(bob, 'PUT', url, { threshold: 3 }), 404, { code: 'not_found' });
    expectApiError(await send(bob, 'GET', url), 404, { code: 'not_found' });
    const negative = await send(alice, 'PUT', url, { threshold: -1 });
    expect(negative.statusCode).toBe(400);
    expect((await ok<LowStockSetting>(alice, 'GET', url)).threshold).toBe(12);
    expect(await ok<InventoryCounts>(bob, 'GET', fees.inventoryCounts.path)).toMatchObject({
      total: 1,
    });
  });
});

describe('monthly storage and cash back', () => {
  it('charges whole months once, refuses a month not ended, and credits 1 % back', async () => {
    const service = context.fulfillment.fees.fees;
    const month = today().toFormat('yyyy-MM');
    await expect(service.chargeStorage(alice.storeId, month)).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(service.chargeStorage(alice.storeId, '2026-13')).rejects.toMatchObject({
      code: 'bad_request',
    });
    context.clock.set(today().plus({ months: 1 }).startOf('month').plus({ hours: 1 }).toJSDate());
    const settled = await service.chargeStorage(alice.storeId, month);
    // Two SKUs in one bin each: $2; fees 2 × 115 + 200 = 430 → 1 % = 4.30 → 4 ¢.
    expect(settled).toMatchObject({
      month,
      binSkuMonths: 2,
      storageCents: 200,
      feesCents: 430,
      cashBackCents: 4,
    });
    expect(await service.chargeStorage(alice.storeId, month)).toEqual(settled);
    const rows = (await chargesOf(alice.storeId)).filter((row) => row.month === month);
    expect(rows.filter((row) => row.kind === 'STORAGE')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'CASH_BACK')).toMatchObject([{ amount: -4 }]);
    // Bob's month is his own: one SKU, $1.
    expect(await service.chargeStorage(bob.storeId, month)).toMatchObject({
      binSkuMonths: 1,
      storageCents: 100,
    });
  });
});
