import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobPage } from '@atelier/contract/jobs/job';
import { listSalesChannels, type SalesChannel } from '@atelier/contract/sales/channel';
import type { StoreCustomerPage } from '@atelier/contract/sales/customer';
import type { StoreOrderPage } from '@atelier/contract/sales/order';
import { startOrderImport, uploadOrderImportFile } from '@atelier/contract/sales/order-import';
import type { ProductPage } from '@atelier/contract/sales/product';
import {
  startProductImport,
  uploadProductImportFile,
} from '@atelier/contract/sales/product-import';
import { createWebhook } from '@atelier/contract/sales/webhook';
import { newId } from '@/lib/ids';
import { REPO_ROOT } from '@/lib/paths';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { multipart } from '@/testing/upload-factories';
import { salesChannelConnections } from './sales.table';

/**
 * Issue 11 "another store sees none of the products, customers, orders, jobs or connections":
 * one store imports orders and products, connects a shop and subscribes a webhook; a second
 * store goes through every list, detail and export route of the sales module and the jobs API.
 */

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-sales-isolation-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (account: Account, url: string) =>
  context.app.inject({ method: 'GET', url, headers: account.headers });
const post = (account: Account, url: string, payload?: Record<string, unknown>) =>
  context.app.inject({
    method: 'POST',
    url,
    headers: account.headers,
    ...(payload ? { payload } : {}),
  });

const imported = async (uploadPath: string, taskPath: string, example: string) => {
  const bytes = await readFile(path.join(REPO_ROOT, 'docs/examples', example));
  const body = multipart(example, bytes, { contentType: 'text/csv' });
  const file = (
    await context.app.inject({
      method: 'POST',
      url: uploadPath,
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    })
  ).json<{ id: string }>();
  const job = (await post(alice, taskPath, { fileId: file.id })).json<Job>();
  for (let round = 0; round < 400; round += 1) {
    const current = (await get(alice, `/api/jobs/${job.id}`)).json<Job>();
    if (current.status === 'COMPLETED') return { fileId: file.id, job: current };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the import of ${example} did not end`);
};

/** The data rows of a CSV download (its header and byte-order mark left out). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '');

describe('sales data of a store (issue 11)', () => {
  it('shows another store none of its products, customers, orders, jobs or connections', async () => {
    const orderImport = await imported(
      uploadOrderImportFile.path,
      startOrderImport.path,
      'shopify-orders-export.csv',
    );
    const productImport = await imported(
      uploadProductImportFile.path,
      startProductImport.path,
      'shopify-products-export.csv',
    );
    const webhook = (
      await post(alice, createWebhook.path, {
        url: 'https://hooks.example.com/alice',
        topics: ['order.created'],
      })
    ).json<{ id: string }>();
    const connectionId = newId('chc');
    await context.connection.db.insert(salesChannelConnections).values({
      id: connectionId,
      storeId: alice.storeId,
      channel: 'shopify',
      shop: 'alice-studio.myshopify.com',
      status: 'CONNECTED',
    });

    // What Alice's store holds, read as Alice: the routes below do show it to its own store.
    const orders = (await get(alice, '/api/web/orders?limit=100')).json<StoreOrderPage>();
    const customers = (await get(alice, '/api/web/customers?limit=100')).json<StoreCustomerPage>();
    const products = [
      ...(await get(alice, '/api/web/products?status=ACTIVE&limit=100')).json<ProductPage>().items,
      ...(await get(alice, '/api/web/products?status=ARCHIVED&limit=100')).json<ProductPage>()
        .items,
    ];
    const jobs = (await get(alice, '/api/jobs?limit=50')).json<JobPage>();
    const aliceChannels = (await get(alice, listSalesChannels.path)).json<{
      items: SalesChannel[];
    }>();
    expect(orders.items).toHaveLength(6);
    expect(customers.items.length).toBeGreaterThan(0);
    expect(products).toHaveLength(3);
    expect(jobs.items.map((job) => job.id)).toEqual(
      expect.arrayContaining([orderImport.job.id, productImport.job.id]),
    );
    expect(aliceChannels.items.find((c) => c.channel === 'shopify')!.connections).toHaveLength(1);
    expect(csvRows((await get(alice, '/api/web/orders/export')).body).length).toBeGreaterThan(0);

    // Bob's store: every list is empty, every detail of Alice's is not found.
    const bobOrders = (await get(bob, '/api/web/orders?limit=100')).json<StoreOrderPage>();
    expect(bobOrders.items).toEqual([]);
    expect(Object.values(bobOrders.counts).every((count) => count === 0)).toBe(true);
    for (const search of ['%231001', 'jane.doe%40example.com', 'APR-LIN-SAGE']) {
      expect(
        (await get(bob, `/api/web/orders?search=${search}`)).json<StoreOrderPage>().items,
      ).toEqual([]);
    }
    const firstCustomer = customers.items[0]!.id;
    expect(
      (await get(bob, `/api/web/orders?customerId=${firstCustomer}`)).json<StoreOrderPage>().items,
    ).toEqual([]);
    const origins = (await get(bob, '/api/web/orders/order-origins')).json<{
      items: { count: number }[];
    }>();
    expect(origins.items.every((origin) => origin.count === 0)).toBe(true);
    expect(csvRows((await get(bob, '/api/web/orders/export')).body)).toEqual([]);
    for (const order of orders.items) {
      expect((await get(bob, `/api/web/orders/${order.id}`)).statusCode).toBe(404);
      expect((await get(bob, `/api/web/orders/${order.id}/op-status-history`)).statusCode).toBe(
        404,
      );
    }

    const bobCustomers = (await get(bob, '/api/web/customers?limit=100')).json<StoreCustomerPage>();
    expect(bobCustomers.items).toEqual([]);
    expect(
      (await get(bob, '/api/web/customers?search=jane')).json<StoreCustomerPage>().items,
    ).toEqual([]);
    expect(csvRows((await get(bob, '/api/web/customers/export')).body)).toEqual([]);
    for (const customer of customers.items) {
      expect((await get(bob, `/api/web/customers/${customer.id}`)).statusCode).toBe(404);
    }

    for (const status of ['ACTIVE', 'ARCHIVED']) {
      const page = (await get(bob, `/api/web/products?status=${status}`)).json<ProductPage>();
      expect(page.items).toEqual([]);
      expect(page.counts).toEqual({ ACTIVE: 0, ARCHIVED: 0 });
      expect(csvRows((await get(bob, `/api/web/products/export?status=${status}`)).body)).toEqual(
        [],
      );
    }
    expect(
      (await get(bob, '/api/web/products?search=MUG-STN-WHT')).json<ProductPage>().items,
    ).toEqual([]);
    for (const product of products) {
      expect((await get(bob, `/api/web/products/${product.id}`)).statusCode).toBe(404);
    }

    expect((await get(bob, '/api/jobs?limit=50')).json<JobPage>().items).toEqual([]);
    for (const job of [orderImport.job, productImport.job]) {
      expect((await get(bob, `/api/jobs/${job.id}`)).statusCode).toBe(404);
      expect((await get(bob, `/api/jobs/${job.id}/download`)).statusCode).toBe(404);
      expect((await post(bob, `/api/jobs/${job.id}/cancel`)).statusCode).toBe(404);
    }
    expect(
      (await post(bob, startOrderImport.path, { fileId: orderImport.fileId })).statusCode,
    ).toBe(404);
    expect(
      (await post(bob, startProductImport.path, { fileId: productImport.fileId })).statusCode,
    ).toBe(404);

    const bobChannels = (await get(bob, listSalesChannels.path)).json<{ items: SalesChannel[] }>();
    expect(bobChannels.items.flatMap((channel) => channel.connections)).toEqual([]);
    expect(JSON.stringify(bobChannels)).not.toContain('alice-studio');
    // Nor can it re-sync or disconnect Alice's connection.
    expect((await post(bob, `/api/web/channels/${connectionId}/sync`)).statusCode).toBe(404);
    const disconnect = await context.app.inject({
      method: 'DELETE',
      url: `/api/web/channels/${connectionId}`,
      headers: bob.headers,
    });
    expect(disconnect.statusCode).toBe(404);
    expect(
      (await get(alice, listSalesChannels.path))
        .json<{ items: SalesChannel[] }>()
        .items.flatMap((channel) => channel.connections)
        .map((connection) => connection.status),
    ).toEqual(['CONNECTED']);

    expect((await get(bob, '/api/web/webhooks')).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await get(bob, `/api/web/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
  }, 60_000);
});
