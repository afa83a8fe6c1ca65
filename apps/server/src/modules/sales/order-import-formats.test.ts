import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  getStoreOrder,
  listStoreOrders,
  type StoreOrder,
  type StoreOrderPage,
} from '@atelier/contract/sales/order';
import {
  OrderImportResultSchema,
  startOrderImport,
  uploadOrderImportFile,
  type OrderImportFile,
} from '@atelier/contract/sales/order-import';
import { REPO_ROOT } from '@/lib/paths';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { multipart } from '@/testing/upload-factories';
import { importOrderLines } from './order-import';
import { readCouponCodes } from './order-lines-csv';
import { salesCustomers, salesOrderLines, salesOrders } from './sales.table';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let wooCsv: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-order-formats-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  await context.reference.seedReferenceData();
  wooCsv = await readFile(path.join(REPO_ROOT, 'docs/examples/woocommerce-orders-export.csv'));
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploaded = async (account: Account, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes, { contentType: 'text/csv' });
  const response = await context.app.inject({
    method: 'POST',
    url: uploadOrderImportFile.path,
    headers: { ...account.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderImportFile>();
};

const importFile = async (account: Account, file: OrderImportFile, mode = 'ALL_OR_NOTHING') => {
  const started = await context.app.inject({
    method: 'POST',
    url: startOrderImport.path,
    headers: account.headers,
    payload: { fileId: file.id, mode },
  });
  expect(started.statusCode, started.body).toBe(202);
  for (let round = 0; round < 400; round += 1) {
    const job = (
      await context.app.inject({
        method: 'GET',
        url: `/api/jobs/${started.json<Job>().id}`,
        headers: account.headers,
      })
    ).json<Job>();
    if (job.status === 'COMPLETED') return OrderImportResultSchema.parse(job.result);
    expect(job.status, job.error ?? '').not.toBe('FAILED');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
};

const listOrders = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?limit=100`,
      headers: account.headers,
    })
  ).json<StoreOrderPage>();

const orderOf = async (account: Account, externalId: string): Promise<StoreOrder> => {
  const item = (await listOrders(account)).items.find((order) => order.externalId === externalId);
  expect(item, externalId).toBeDefined();
  return (
    await context.app.inject({
      method: 'GET',
      url: getStoreOrder.path.replace(':id', item!.id),
      headers: account.headers,
    })
  ).json<StoreOrder>();
};

describe('WooCommerce orders export (issue 11)', () => {
  it('is recognised in the preview, its columns mapped', async () => {
    const account = await registerAccount(context);
    const file = await uploaded(account, 'orders-export-2025-03-10.csv', wooCsv);
    expect(file).toMatchObject({ layout: 'woocommerce-orders', issues: [] });
    const fieldOf = (header: string) => file.columns.find((c) => c.header === header)?.field;
    expect(fieldOf('order_id')).toBe('orderId');
    expect(fieldOf('status')).toBe('orderStatus');
    expect(fieldOf('item_total')).toBe('lineTotal');
    expect(fieldOf('coupon_items')).toBe('couponItems');
    expect(fieldOf('billing_state')).toBe('billingProvince');
    expect(fieldOf('payment_method')).toBeNull();
  });

  it('imports its orders with their statuses, amounts, fees, codes, refunds and customers', async () => {
    const account = await registerAccount(context);
    const file = await uploaded(account, 'orders.csv', wooCsv);
    const result = await importFile(account, file);
    expect(result).toMatchObject({
      layout: 'woocommerce-orders',
      rows: 7,
      orders: 6,
      // Jane (user 7), Aiko (12), Élodie (15) and the guest Sam, by e-mail.
      customers: 4,
      refunds: 2,
      issueCount: 0,
    });
    expect((await listOrders(account)).counts).toMatchObject({
      ALL: 6,
      CANCELED: 1,
      RETURNS: 2,
    });

    // 2 × 18.00 and 12.00 less welcome10's 10 % (a line discount each), 5.95 shipping, 3.45 tax.
    const first = await orderOf(account, '1041');
    expect(first).toMatchObject({
      financialStatus: 'PAID',
      fulfillmentState: 'FULFILLED',
      productionStatus: 'FINISHED',
      discountCodes: ['welcome10'],
      note: 'Gift wrap please',
      subtotal: { amount: 4_320, currencyCode: 'USD' },
      discountTotal: { amount: 0 },
      shippingTotal: { amount: 595 },
      taxTotal: { amount: 345 },
      total: { amount: 5_260 },
      customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
      shippingAddress: {
        name: 'Jane Doe',
        stateCode: 'NC',
        countryCode: 'US',
        postalCode: '27601',
      },
    });
    expect(
      first.lines.map((line) => [
        line.sku,
        line.quantity,
        line.unitPrice.amount,
        line.discount.amount,
      ]),
    ).toEqual([
      ['APR-LIN-SAGE', 2, 1_800, 360],
      ['TOTE-CNV-NAT', 1, 1_200, 120],
    ]);

    // A guest (customer_id 0) is a customer by e-mail; processing is paid and not yet sent.
    expect(await orderOf(account, '1042')).toMatchObject({
      financialStatus: 'PAID',
      productionStatus: 'OUTSTANDING',
      customer: { email: 'sam.lee@example.net' },
    });
    expect(await orderOf(account, '1043')).toMatchObject({
      cancelState: 'CANCELED',
      financialStatus: 'VOIDED',
    });
    // A fee is a line; a partial refund leaves it completed, partly refunded.
    const withFee = await orderOf(account, '1044');
    expect(withFee).toMatchObject({
      financialStatus: 'PARTIALLY_REFUNDED',
      total: { amount: 2_650 },
    });
    expect(withFee.lines.map((line) => [line.title, line.unitPrice.amount])).toEqual([
      ['Canvas tote', 1_200],
      ['Fees', 250],
    ]);
    expect(withFee.refunds.map((refund) => refund.amount.amount)).toEqual([1_200]);
    // Japan's states are written as names: the address keeps its country, not the name.
    expect(await orderOf(account, '1045')).toMatchObject({
      financialStatus: 'REFUNDED',
      shippingAddress: { countryCode: 'JP', stateCode: null },
    });
    // A negative fee ('-2.00, escaped against spreadsheet formulas) takes money off.
    expect(await orderOf(account, '1046')).toMatchObject({
      currencyCode: 'EUR',
      financialStatus: 'PENDING',
      discountTotal: { amount: 200 },
      total: { amount: 2_200 },
      customer: { firstName: 'Élodie' },
    });

    const [jane] = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(and(eq(salesCustomers.storeId, account.storeId), eq(salesCustomers.externalId, '7')));
    // Three orders, the canceled one spending nothing.
    expect(jane).toMatchObject({ orderCount: 3, totalSpent: 5_260 + 2_650 });

    // The same file again changes nothing.
    const again = await importFile(account, await uploaded(account, 'orders (1).csv', wooCsv));
    expect(again).toMatchObject({ orders: 0, skippedOrders: 6, customers: 0 });
    expect((await listOrders(account)).counts.ALL).toBe(6);
  });

  it('checks each order’s total and names its row; all or nothing writes nothing', async () => {
    const account = await registerAccount(context);
    const broken = wooCsv.toString('utf8').replaceAll(',3.45,4.80,52.60,', ',3.45,4.80,55.00,');
    const result = await importFile(
      account,
      await uploaded(account, 'broken.csv', Buffer.from(broken)),
    );
    expect(result).toMatchObject({ orders: 0, issueCount: 1 });
    expect(result.issues[0]).toMatchObject({ row: 2, field: 'total' });
    expect(result.issues[0]!.message).toContain('55.00');
    expect((await listOrders(account)).items).toEqual([]);
  });

  it('reads coupon codes with escaped separators', () => {
    expect(
      readCouponCodes('id:1|code:spring\\:25|amount:5.00|description:a\\|b;id:2|code:VIP|amount:1'),
    ).toEqual(['spring:25', 'VIP']);
    expect(readCouponCodes('')).toEqual([]);
  });
});

/** A few rows as the CDNOW master file writes them: blank-separated, CRLF, zero-padded ids. */
const CDNOW_SAMPLE = [
  ' customer_id date number_of_cds dollar_value',
  ' 00001 19970101  1   11.77',
  ' 00002 19970112  1   12.00',
  ' 00002 19970112  5   77.00',
  ' 00003 19970102  2   20.76',
  ' 00003 19970330  2   20.76',
  ' 00004 19970101  1    0.00',
  ' 00005 19970101  3   25.75',
  '',
].join('\r\n');

describe('CDNOW purchase history (issue 11)', () => {
  const runCdnow = (storeId: string) => {
    const packed = gzipSync(CDNOW_SAMPLE);
    return importOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId,
      channel: 'import:CDNOW_master',
      mode: 'ALL_OR_NOTHING',
      listCountries: async () => [],
      open: () => Readable.from([packed]),
      compression: 'gzip',
      sizeBytes: packed.length,
    });
  };

  it('imports a purchase per row, a customer per id, an untitled line of CDs', async () => {
    const { storeId } = await registerAccount(context);
    const report = await runCdnow(storeId);
    expect(report).toMatchObject({
      layout: 'cdnow',
      rows: 7,
      orders: 7,
      customers: 5,
      issueCount: 0,
    });
    const orders = await context.connection.db
      .select()
      .from(salesOrders)
      .where(eq(salesOrders.storeId, storeId))
      .orderBy(asc(salesOrders.number));
    expect(orders.map((order) => [order.externalId, order.total])).toEqual([
      ['00001-19970101', 1_177],
      ['00002-19970112', 1_200],
      // The same customer's second purchase of the day is an order of its own.
      ['00002-19970112-2', 7_700],
      ['00003-19970102', 2_076],
      ['00003-19970330', 2_076],
      ['00004-19970101', 0],
      ['00005-19970101', 2_575],
    ]);
    expect(orders[0]).toMatchObject({
      currencyCode: 'USD',
      timeZone: 'America/New_York',
      placedAt: new Date('1997-01-01T05:00:00.000Z'),
      financialStatus: 'PAID',
      fulfillmentState: 'FULFILLED',
    });
    // 25.75 for 3 CDs: 8.59 each, the 2 cents of rounding as the line's discount.
    const [odd] = await context.connection.db
      .select()
      .from(salesOrderLines)
      .where(eq(salesOrderLines.orderId, orders[6]!.id));
    expect(odd).toMatchObject({
      title: 'CDs',
      sku: null,
      quantity: 3,
      unitPrice: 859,
      discount: 2,
    });

    const customers = await context.connection.db
      .select()
      .from(salesCustomers)
      .where(eq(salesCustomers.storeId, storeId))
      .orderBy(asc(salesCustomers.externalId));
    expect(customers.map((c) => [c.externalId, c.orderCount, c.totalSpent])).toEqual([
      ['00001', 1, 1_177],
      ['00002', 2, 8_900],
      ['00003', 2, 4_152],
      ['00004', 1, 0],
      ['00005', 1, 2_575],
    ]);

    const again = await runCdnow(storeId);
    expect(again).toMatchObject({ orders: 0, skippedOrders: 7, customers: 0 });
  });

  it('is recognised in the preview of an uploaded .txt.gz', async () => {
    const account = await registerAccount(context);
    const file = await uploaded(account, 'CDNOW_master.txt.gz', gzipSync(CDNOW_SAMPLE));
    expect(file).toMatchObject({ layout: 'cdnow', issues: [] });
    expect(file.columns.map((c) => [c.header, c.field])).toEqual([
      ['customer_id', 'customerId'],
      ['date', 'placedAt'],
      ['number_of_cds', 'quantity'],
      ['dollar_value', 'lineTotal'],
    ]);
    expect(file.sampleRows[0]).toEqual(['00001', '19970101', '1', '11.77']);
    const result = await importFile(account, file);
    expect(result).toMatchObject({ layout: 'cdnow', orders: 7 });
  });

  it('names the row of a bad day or value', async () => {
    const { storeId } = await registerAccount(context);
    const text = [
      ' customer_id date number_of_cds dollar_value',
      ' 00001 19970101  1   11.77',
      ' 00002 19971340  1   12.00',
      ' 00003 19970102  x   20.76',
      ' 00004 19970102  1   $20',
    ].join('\r\n');
    const report = await importOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId,
      channel: 'import:cdnow-bad',
      mode: 'ALL_OR_NOTHING',
      listCountries: async () => [],
      open: () => Readable.from([Buffer.from(text)]),
      sizeBytes: text.length,
    });
    expect(report.issues.map((issue) => [issue.row, issue.field])).toEqual([
      [3, 'date'],
      [4, 'number_of_cds'],
      [5, 'dollar_value'],
    ]);
    expect(report.orders).toBe(0);
  });
});
