import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStoreOrders, type StoreOrderPage } from '@atelier/contract/sales/order';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { compressionOf, importOrderLines, type ImportMode } from './order-import';
import { salesCustomers, salesOrders, salesRefundLines, salesRefunds } from './sales.table';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

/** Rows of the real UCI Online Retail file (data/uci-online-retail), a cancellation and a guest. */
const UCI_SAMPLE = [
  'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
  '536365,85123A,WHITE HANGING HEART T-LIGHT HOLDER,6,2010-12-01 08:26:00,2.55,17850.0,United Kingdom',
  '536365,71053,WHITE METAL LANTERN,6,2010-12-01 08:26:00,3.39,17850.0,United Kingdom',
  '536370,22728,ALARM CLOCK BAKELIKE PINK,24,2010-12-01 08:45:00,3.75,12583.0,France',
  '536370,22727,ALARM CLOCK BAKELIKE RED ,24,2010-12-01 08:45:00,3.75,12583.0,France',
  '536371,22086,"PAPER CHAIN KIT 50\'S CHRISTMAS ",80,2010-12-01 09:00:00,2.55,13748.0,United Kingdom',
  'C536383,85123A,WHITE HANGING HEART T-LIGHT HOLDER,-2,2010-12-01 09:49:00,2.55,17850.0,United Kingdom',
  '536544,21773,DECORATIVE ROSE BATHROOM BOTTLE,1,2010-12-01 14:32:00,2.51,,EIRE',
  '536544,21774,DECORATIVE CATS BATHROOM BOTTLE,2,2010-12-01 14:32:00,2.51,,EIRE',
].join('\n');

/** The reference countries the seed loads from data/ (names as dr5hn writes them). */
const listCountries = async () => [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'IE', name: 'Ireland' },
];

const runImport = (
  storeId: string,
  text: string,
  mode: ImportMode = 'ALL_OR_NOTHING',
  progress: number[] = [],
) =>
  importOrderLines({
    db: context.connection.db,
    events: context.events,
    storeId,
    channel: 'import:test',
    mode,
    listCountries,
    open: () => Readable.from([Buffer.from(text)]),
    sizeBytes: Buffer.byteLength(text),
    onProgress: (percent) => void progress.push(percent),
  });

const list = async (account: Account, query = '') =>
  (
    await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?limit=100${query}`,
      headers: account.headers,
    })
  ).json<StoreOrderPage>();

describe('order-lines import (issue 11)', () => {
  it('imports the UCI rows as orders, cancellations as refunds and rows without a customer as guest orders', async () => {
    const progress: number[] = [];
    const report = await runImport(alice.storeId, UCI_SAMPLE, 'ALL_OR_NOTHING', progress);
    expect(report).toMatchObject({
      layout: 'uci-online-retail',
      rows: 8,
      orders: 4,
      refunds: 1,
      unmatchedRefunds: 0,
      issueCount: 0,
    });
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const page = await list(alice);
    expect(page.counts).toMatchObject({ ALL: 4, FULFILLED: 4, RETURNS: 1 });
    const first = page.items.find((order) => order.externalId === '536365')!;
    expect(first).toMatchObject({
      origin: 'IMPORT',
      currencyCode: 'GBP',
      timeZone: 'Europe/London',
      // 6 × 2.55 + 6 × 3.39 = 35.64 GBP; placed 08:26 London time (GMT in December).
      total: { amount: 3_564, currencyCode: 'GBP' },
      placedAt: '2010-12-01T08:26:00.000Z',
      financialStatus: 'PARTIALLY_REFUNDED',
      itemCount: 12,
    });
    const guest = page.items.find((order) => order.externalId === '536544')!;
    expect(guest.customer).toBeNull();
    // "EIRE" is the UCI file's name for Ireland.
    const [eire] = await context.connection.db
      .select({ address: salesOrders.shippingAddress })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, alice.storeId), eq(salesOrders.externalId, '536544')));
    expect(eire?.address?.countryCode).toBe('IE');

    const [refund] = await context.connection.db
      .select()
      .from(salesRefunds)
      .where(eq(salesRefunds.storeId, alice.storeId));
    expect(refund).toMatchObject({ orderId: first.id, amount: 510, note: 'Cancellation C536383' });
    const refunded = await context.connection.db
      .select()
      .from(salesRefundLines)
      .where(eq(salesRefundLines.refundId, refund!.id));
    expect(refunded.map((line) => line.quantity)).toEqual([2]);

    const customers = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(eq(salesCustomers.storeId, alice.storeId))
      .orderBy(asc(salesCustomers.externalId));
    expect(customers.map((customer) => [customer.externalId, customer.orderCount])).toEqual([
      ['12583', 1],
      ['13748', 1],
      ['17850', 1],
    ]);
    // The country of their first order is theirs (the customers list shows it).
    expect(customers.map((customer) => customer.defaultAddress?.countryCode)).toEqual([
      'FR',
      'GB',
      'GB',
    ]);
    const [france] = await context.connection.db
      .select({ address: salesOrders.shippingAddress })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, alice.storeId), eq(salesOrders.externalId, '536370')));
    expect(france?.address?.countryCode).toBe('FR');

    // Importing the same file again records nothing twice.
    const again = await runImport(alice.storeId, UCI_SAMPLE);
    expect(again).toMatchObject({ orders: 0, skippedOrders: 4, refunds: 0 });
    expect((await list(alice)).counts.ALL).toBe(4);
    // Another store sees none of it.
    expect((await list(bob)).counts.ALL).toBe(0);
  });

  it('reads gzip and brotli files (.csv.gz, .csv.br) as the plain file', async () => {
    for (const [compression, packed] of [
      ['gzip', gzipSync(UCI_SAMPLE)],
      ['brotli', brotliCompressSync(UCI_SAMPLE)],
    ] as const) {
      const { storeId } = await registerAccount(context);
      const report = await importOrderLines({
        db: context.connection.db,
        events: context.events,
        storeId,
        channel: 'import:test',
        mode: 'ALL_OR_NOTHING',
        listCountries,
        open: () => Readable.from([packed]),
        compression,
        sizeBytes: packed.length,
      });
      expect(report, compression).toMatchObject({ rows: 8, orders: 4, refunds: 1, issueCount: 0 });
    }
    expect(compressionOf('online_retail.csv.br')).toBe('brotli');
    expect(compressionOf('orders.CSV.GZ')).toBe('gzip');
    expect(compressionOf('orders.csv')).toBeNull();
  });

  it('says so when a compressed file cannot be unpacked', async () => {
    const { storeId } = await registerAccount(context);
    const report = await importOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId,
      channel: 'import:test',
      mode: 'ALL_OR_NOTHING',
      listCountries,
      open: () => Readable.from([Buffer.from(UCI_SAMPLE)]),
      compression: 'gzip',
      sizeBytes: UCI_SAMPLE.length,
    });
    expect(report.orders).toBe(0);
    expect(report.issues).toEqual([expect.objectContaining({ field: 'file' })]);
  });

  it('reads its own layout with e-mails, shipping and tax, and checks the amounts', async () => {
    const text = [
      'order_id,placed_at,sku,title,quantity,unit_price,currency,customer_email,customer_first_name,country,shipping,tax,discount',
      'A-1,2026-03-01T10:00:00-05:00,TEE-M,Boxy tee,2,25.00,USD,Ada@Example.com,Ada,US,5.00,4.00,10.00',
      'A-1,2026-03-01T10:00:00-05:00,TOTE,Canvas tote,1,9.00,USD,ada@example.com,Ada,US,,,',
    ].join('\n');
    const report = await runImport(bob.storeId, text);
    expect(report).toMatchObject({ layout: 'atelier', orders: 1, issueCount: 0 });
    const [order] = (await list(bob)).items;
    // 2 × 25 + 9 = 59; − 10 discount + 5 shipping + 4 tax.
    expect(order).toMatchObject({
      total: { amount: 5_800, currencyCode: 'USD' },
      placedAt: '2026-03-01T15:00:00.000Z',
      customer: { email: 'ada@example.com', firstName: 'Ada' },
    });
  });

  it('imports the documented example file (docs/examples/orders-import.csv)', async () => {
    const { storeId } = await registerAccount(context);
    const file = path.resolve(
      import.meta.dirname,
      '../../../../../docs/examples/orders-import.csv',
    );
    const report = await importOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId,
      channel: 'import:orders-import',
      mode: 'ALL_OR_NOTHING',
      listCountries,
      open: () => createReadStream(file),
      sizeBytes: statSync(file).size,
    });
    expect(report).toMatchObject({ layout: 'atelier', rows: 4, orders: 3, issueCount: 0 });
    const guest = await context.connection.db
      .select({ customerId: salesOrders.customerId, total: salesOrders.total })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.externalId, '1003')));
    expect(guest).toEqual([{ customerId: null, total: 7_500 }]);
  });

  it('refuses a file with bad rows whole, naming each row, or imports only the valid rows when asked', async () => {
    const { storeId } = await registerAccount(context);
    const text = [
      'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
      '600001,85123A,HEART,6,2011-01-04 10:00:00,2.55,17850.0,United Kingdom',
      '600002,71053,LANTERN,six,2011-01-04 10:05:00,3.39,17850.0,United Kingdom',
      '600003,71053,LANTERN,1,04/31/2011 25:99,3.39,17850.0,United Kingdom',
      '600004,71053,LANTERN,1,2011-01-04 10:07:00,£3,17850.0,United Kingdom',
      '600005,71053,LANTERN,-1,2011-01-04 10:08:00,3.39,17850.0,United Kingdom',
      '600006,22728,CLOCK,1,2011-01-04 10:09:00,3.75,12583.0,France',
    ].join('\n');
    const refused = await runImport(storeId, text);
    expect(refused.orders).toBe(0);
    expect(refused.issues.map((issue) => [issue.row, issue.field])).toEqual([
      [3, 'Quantity'],
      [4, 'InvoiceDate'],
      [5, 'UnitPrice'],
    ]);
    expect(refused.issues[0]!.message).toBe('"six" is not a whole number other than 0');
    const [none] = await context.connection.db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .where(eq(salesOrders.storeId, storeId));
    expect(none).toBeUndefined();

    const partial = await runImport(storeId, text, 'VALID_ROWS');
    expect(partial).toMatchObject({ orders: 3, issueCount: 3 });
    // A negative quantity outside a C-invoice is stock written off in the UCI file: kept as a
    // canceled order, so the history has every invoice, spending nobody's money.
    const [adjustment] = await context.connection.db
      .select()
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.externalId, '600005')));
    expect(adjustment).toMatchObject({
      cancelState: 'CANCELED',
      financialStatus: 'VOIDED',
      tags: ['adjustment'],
      itemCount: 1,
    });
    const [buyer] = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(and(eq(salesCustomers.storeId, storeId), eq(salesCustomers.externalId, '17850')));
    expect(buyer).toMatchObject({ orderCount: 2, totalSpent: 1_530 });
  });

  it('says what is wrong with a file that is not an order-lines file, or breaks off', async () => {
    const { storeId } = await registerAccount(context);
    const unknown = await runImport(storeId, 'name;price\nTee;25');
    expect(unknown.layout).toBeNull();
    expect(unknown.issues[0]).toMatchObject({ row: 1, field: 'header' });

    const broken = await runImport(
      storeId,
      [
        'order_id,placed_at,sku,title,quantity,unit_price',
        'B-1,2026-03-01 10:00,S1,"Unclosed quote,1,2.00',
        'B-2,2026-03-01 10:00,S2,Fine,1,2.00',
      ].join('\n'),
    );
    expect(broken.orders).toBe(0);
    expect(broken.issues.at(-1)).toMatchObject({ field: 'file' });

    // Rows of an order may interleave with another's, as the UCI file's do: they are merged.
    const interleaved = [
      'order_id,placed_at,sku,title,quantity,unit_price',
      'D-1,2026-03-01 10:00,S1,One,1,2.00',
      'D-2,2026-03-01 10:00,S2,Two,1,2.00',
      'D-1,2026-03-01 10:00,S3,Three,1,2.00',
      'D-3,2026-03-01 10:00,S4,Four,1,2.00',
      'D-4,2026-03-01 10:00,S5,Five,1,2.00',
      'D-1,2026-03-01 10:00,S6,Six,1,2.00',
    ].join('\n');
    const merged = await runImport(storeId, interleaved);
    expect(merged).toMatchObject({ orders: 4, issueCount: 0 });
    const d1 = (
      await context.connection.db
        .select({ itemCount: salesOrders.itemCount })
        .from(salesOrders)
        .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.externalId, 'D-1')))
    )[0];
    expect(d1?.itemCount).toBe(3);
    // ...but not once its batch has been written (here, batches of two orders).
    const { storeId: other } = await registerAccount(context);
    const apart = await importOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId: other,
      channel: 'import:test',
      mode: 'ALL_OR_NOTHING',
      listCountries,
      open: () => Readable.from([Buffer.from(interleaved)]),
      sizeBytes: interleaved.length,
      batchOrders: 2,
    });
    expect(apart.issues).toEqual([
      expect.objectContaining({
        row: 7,
        field: 'order',
        message: expect.stringContaining('too far apart'),
      }),
    ]);
    expect(apart.orders).toBe(0);
  });
});
