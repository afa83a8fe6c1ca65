import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  exportStoreOrders,
  listStoreOrders,
  getStoreOrder,
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

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;
let shopifyCsv: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-order-files-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  // The addresses' countries are checked against the reference data.
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  shopifyCsv = await readFile(path.join(REPO_ROOT, 'docs/examples/shopify-orders-export.csv'));
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (account: Account, fileName: string, bytes: Buffer) => {
  const body = multipart(fileName, bytes, { contentType: 'text/csv' });
  return context.app.inject({
    method: 'POST',
    url: uploadOrderImportFile.path,
    headers: { ...account.headers, ...body.headers },
    payload: body.payload,
  });
};

const uploaded = async (account: Account, fileName: string, bytes: Buffer) => {
  const response = await upload(account, fileName, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OrderImportFile>();
};

const start = (account: Account, body: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url: startOrderImport.path,
    headers: account.headers,
    payload: body,
  });

const finished = async (account: Account, id: string): Promise<Job> => {
  for (let round = 0; round < 400; round += 1) {
    const job = (
      await context.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: account.headers })
    ).json<Job>();
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
};

const importFile = async (account: Account, file: OrderImportFile, mode = 'ALL_OR_NOTHING') => {
  const response = await start(account, { fileId: file.id, mode });
  expect(response.statusCode, response.body).toBe(202);
  const job = await finished(account, response.json<Job>().id);
  expect(job.status, job.error ?? '').toBe('COMPLETED');
  return { job, result: OrderImportResultSchema.parse(job.result) };
};

const listOrders = async (account: Account, query = '') =>
  (
    await context.app.inject({
      method: 'GET',
      url: `${listStoreOrders.path}?limit=100${query}`,
      headers: account.headers,
    })
  ).json<StoreOrderPage>();

const orderDetails = async (account: Account, id: string) =>
  (
    await context.app.inject({
      method: 'GET',
      url: getStoreOrder.path.replace(':id', id),
      headers: account.headers,
    })
  ).json<StoreOrder>();

describe('order import from an uploaded file (issue 11, spec §7 import-task)', () => {
  it('previews a Shopify orders export: the format, each column’s field and the first rows', async () => {
    const file = await uploaded(alice, 'orders_export_1.csv', shopifyCsv);
    expect(file).toMatchObject({
      fileName: 'orders_export_1.csv',
      sizeBytes: shopifyCsv.length,
      layout: 'shopify-orders',
      issues: [],
    });
    expect(file.id).toMatch(/^oif_/);
    expect(file.sampleRows).toHaveLength(5);
    expect(file.sampleRows[0]![0]).toBe('#1001');
    const fieldOf = (header: string) => file.columns.find((c) => c.header === header)?.field;
    expect(fieldOf('Name')).toBe('orderId');
    expect(fieldOf('Lineitem price')).toBe('unitPrice');
    expect(fieldOf('Shipping Province')).toBe('shippingProvince');
    expect(fieldOf('Risk Level')).toBeNull();
  });

  it('imports the Shopify orders with their statuses, amounts, addresses, customers and refunds', async () => {
    const file = await uploaded(alice, 'orders_export_1.csv', shopifyCsv);
    const { job, result } = await importFile(alice, file);
    expect(result).toMatchObject({
      layout: 'shopify-orders',
      rows: 10,
      orders: 6,
      skippedOrders: 0,
      refunds: 1,
      issueCount: 0,
    });
    expect(job.counts).toMatchObject({ orders: 6, refunds: 1 });
    expect(job.progress).toBe(100);

    const page = await listOrders(alice);
    expect(page.items).toHaveLength(6);
    expect(page.counts).toMatchObject({
      ALL: 6,
      FULFILLED: 2,
      OUTSTANDING: 2,
      PROCESSING: 1,
      CANCELED: 1,
      RETURNS: 1,
    });
    const byTotal = new Map(page.items.map((order) => [order.total.amount, order]));
    // #1001: 2 × 18.00 + 12.00 − 4.80 (WELCOME10) + 5.95 shipping + 2.05 tax.
    const first = await orderDetails(alice, byTotal.get(5120)!.id);
    expect(first).toMatchObject({
      origin: 'IMPORT',
      financialStatus: 'PAID',
      fulfillmentState: 'FULFILLED',
      productionStatus: 'FINISHED',
      discountCodes: ['WELCOME10'],
      note: 'Gift wrap please',
      tags: ['wholesale-lead'],
      taxesIncluded: false,
      subtotal: { amount: 4800, currencyCode: 'USD' },
      discountTotal: { amount: 480 },
      shippingTotal: { amount: 595 },
      taxTotal: { amount: 205 },
      shippingAddress: {
        name: 'Jane Doe',
        line1: '120 Main St',
        line2: 'Apt 4',
        city: 'Raleigh',
        stateCode: 'NC',
        postalCode: '27601',
        countryCode: 'US',
      },
      customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
    });
    expect(first.placedAt).toBe('2025-03-02T19:05:11.000Z');
    expect(first.lines.map((line) => [line.sku, line.quantity, line.unitPrice.amount])).toEqual([
      ['APR-LIN-SAGE', 2, 1800],
      ['TOTE-CNV-NAT', 1, 1200],
    ]);

    // #1006: a line discount of 4.40 counted in the file's Discount Amount, not twice.
    const sixth = await orderDetails(alice, byTotal.get(6129)!.id);
    expect(sixth).toMatchObject({
      productionStatus: 'PROCESSING',
      fulfillmentState: 'PARTIAL',
      discountTotal: { amount: 0 },
    });
    expect(sixth.lines[0]!.discount.amount).toBe(440);

    const canceled = await listOrders(alice, '&tab=CANCELED');
    expect(canceled.items.map((order) => order.financialStatus)).toEqual(['VOIDED']);
    const returns = await listOrders(alice, '&tab=RETURNS');
    const refunded = await orderDetails(alice, returns.items[0]!.id);
    expect(refunded.financialStatus).toBe('PARTIALLY_REFUNDED');
    expect(refunded.refunds.map((refund) => refund.amount.amount)).toEqual([1200]);

    // Another store sees none of it.
    expect((await listOrders(bob)).items).toEqual([]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await listOrders(alice);
    const again = await uploaded(alice, 'orders_export_1 (1).csv', shopifyCsv);
    const { result } = await importFile(alice, again);
    expect(result).toMatchObject({ orders: 0, skippedOrders: 6, issueCount: 0 });
    expect((await listOrders(alice)).counts).toEqual(before.counts);
  });

  it('exports the orders in Shopify’s layout, and that export imports into another store as the same orders', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: exportStoreOrders.path,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-/);
    const csv = response.rawPayload;
    expect(csv.toString('utf8')).toMatch(/^\uFEFFName,Email,Financial Status,Paid at,/);

    const carol = await registerAccount(context);
    const file = await uploaded(carol, 'orders-export.csv', csv);
    expect(file.layout).toBe('shopify-orders');
    const { result } = await importFile(carol, file);
    expect(result).toMatchObject({ orders: 6, issueCount: 0 });

    /** What an order is, whatever store or import holds it. */
    const contentOf = async (account: Account) => {
      const page = await listOrders(account);
      const orders = await Promise.all(page.items.map((item) => orderDetails(account, item.id)));
      return orders
        .map((order) => ({
          placedAt: order.placedAt,
          amounts: [order.subtotal, order.discountTotal, order.shippingTotal, order.taxTotal].map(
            (money) => money.amount,
          ),
          total: order.total,
          taxesIncluded: order.taxesIncluded,
          states: [
            order.financialStatus,
            order.fulfillmentState,
            order.productionStatus,
            order.cancelState,
          ],
          email: order.customer?.email,
          names: [order.customer?.firstName, order.customer?.lastName],
          addresses: [order.shippingAddress, order.billingAddress],
          codes: order.discountCodes,
          note: order.note,
          tags: order.tags,
          lines: order.lines.map((line) => [
            line.sku,
            line.title,
            line.quantity,
            line.unitPrice.amount,
            line.discount.amount,
          ]),
          refunded: order.refunds.reduce((sum, refund) => sum + refund.amount.amount, 0),
        }))
        .sort((a, b) => a.placedAt.localeCompare(b.placedAt));
    };
    expect(await contentOf(carol)).toEqual(await contentOf(alice));
    expect((await listOrders(carol)).counts).toEqual((await listOrders(alice)).counts);
  });

  it('reads a gzip-compressed upload', async () => {
    const file = await uploaded(bob, 'orders.csv.gz', gzipSync(shopifyCsv));
    expect(file.layout).toBe('shopify-orders');
    const { result } = await importFile(bob, file);
    expect(result.orders).toBe(6);
  });

  it('refuses an order whose stated total its amounts do not give, naming the row; all or nothing writes nothing', async () => {
    const account = await registerAccount(context);
    const broken = shopifyCsv.toString('utf8').replace(',51.20,WELCOME10,', ',55.00,WELCOME10,');
    const file = await uploaded(account, 'broken.csv', Buffer.from(broken));
    const { result } = await importFile(account, file);
    expect(result).toMatchObject({ orders: 0, issueCount: 1 });
    expect(result.issues[0]).toMatchObject({ row: 2, field: 'total' });
    expect(result.issues[0]!.message).toContain('55.00');
    expect((await listOrders(account)).items).toEqual([]);

    const { result: valid } = await importFile(account, file, 'VALID_ROWS');
    expect(valid).toMatchObject({ orders: 5, issueCount: 1 });
  });

  it('says plainly what is wrong with a file it cannot read, and starts nothing', async () => {
    const semicolons = await uploaded(
      alice,
      'orders.csv',
      Buffer.from('order_id;placed_at;sku;quantity;unit_price\n1;2025-01-01;A;1;2.00\n'),
    );
    expect(semicolons.layout).toBeNull();
    expect(semicolons.issues[0]).toMatchObject({ row: 1, field: 'header' });
    expect(semicolons.issues[0]!.message).toContain('separated by ";"');
    const quoted = await uploaded(
      alice,
      'quoted.csv',
      Buffer.from(
        '"order_id";"placed_at";"title";"quantity";"unit_price"\n"1";"2025-01-01";"Mug";"1";"2.00"\n',
      ),
    );
    expect(quoted.issues[0]!.message).toContain('separated by ";"');
    const refused = await start(alice, { fileId: semicolons.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { reason: 'order_file_unreadable' } });

    // Latin-1 bytes (é as 0xE9) are not UTF-8: the row says so.
    const latin1 = Buffer.concat([
      Buffer.from('order_id,placed_at,title,quantity,unit_price\n1,2025-01-01,Caf'),
      Buffer.from([0xe9]),
      Buffer.from(',1,2.00\n'),
    ]);
    const latin = await uploaded(alice, 'latin1.csv', latin1);
    expect(latin.issues[0]).toMatchObject({ row: 2 });
    expect(latin.issues[0]!.message).toContain('UTF-8');

    const stray = await uploaded(
      alice,
      'stray.csv',
      Buffer.from('order_id,placed_at,title,quantity,unit_price\n1,2025-01-01,"Mug,1,2.00\n'),
    );
    expect(stray.issues.at(-1)).toMatchObject({ field: 'file' });

    const text = await upload(alice, 'orders.xlsx', Buffer.from('a,b\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: { reason: 'file_type_not_allowed' } });
  });

  it('refuses a file of another store and keeps nothing of an oversized upload', async () => {
    const file = await uploaded(alice, 'orders.csv', shopifyCsv);
    const foreign = await start(bob, { fileId: file.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { reason: 'order_file_not_found' } });
    expect((await start(bob, { fileId: 'nope' })).statusCode).toBe(400);

    const storeDir = path.join(dataDir, 'order-imports', bob.storeId);
    const before = await readdir(storeDir);
    const huge = await upload(bob, 'huge.csv', Buffer.alloc(101 * 1024 * 1024, 0x61));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: { reason: 'file_too_large' } });
    expect(await readdir(storeDir)).toEqual(before);
  });
});
