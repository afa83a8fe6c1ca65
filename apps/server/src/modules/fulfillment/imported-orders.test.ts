import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import {
  fulfillmentRuleEndpoints as rulesApi,
  type OrderHold,
  type OrderInstructions,
} from '@atelier/contract/fulfillment/rules';
import type { Job } from '@atelier/contract/jobs/job';
import { listStoreOrders, type StoreOrderPage } from '@atelier/contract/sales/order';
import {
  startOrderImport,
  uploadOrderImportFile,
  type OrderImportFile,
} from '@atelier/contract/sales/order-import';
import { createProduct, type Product } from '@atelier/contract/sales/product';
import { REPO_ROOT } from '@/lib/paths';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { multipart } from '@/testing/upload-factories';

let context: TestContext;
let dataDir: string;
let alice: StoreAccount;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-fulfillment-import-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  await context.reference.seedReferenceData();
  alice = await registerAccount(context);
}, 60_000);
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  context.app.inject({
    method,
    url,
    headers: alice.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/**
 * WooCommerce's export of order 1041 (2 aprons APR-LIN-SAGE and a tote) written three times:
 * as `processing` (paid, not sent: the center must ship it), as `completed` (sent already) and
 * as `cancelled`.
 */
const wooFile = async () => {
  const csv = await readFile(path.join(REPO_ROOT, 'docs/examples/woocommerce-orders-export.csv'));
  const [header, ...rows] = csv.toString('utf8').trim().split('\n');
  const order = rows.filter((row) => row.startsWith('1041,'));
  const as = (id: string, status: string) =>
    order.map((row) => row.replace(/^1041,,([^,]*),completed,/, `${id},,$1,${status},`));
  return Buffer.from(
    [
      header,
      ...as('5001', 'processing'),
      ...as('5002', 'completed'),
      ...as('5003', 'cancelled'),
    ].join('\n'),
  );
};

const importOrders = async (bytes: Buffer) => {
  const body = multipart('orders.csv', bytes, { contentType: 'text/csv' });
  const uploaded = await context.app.inject({
    method: 'POST',
    url: uploadOrderImportFile.path,
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const started = await inject('POST', startOrderImport.path, {
    fileId: uploaded.json<OrderImportFile>().id,
    mode: 'ALL_OR_NOTHING',
  });
  expect(started.statusCode, started.body).toBe(202);
  for (let round = 0; round < 400; round += 1) {
    const job = (await inject('GET', `/api/jobs/${started.json<Job>().id}`)).json<Job>();
    if (job.status === 'COMPLETED') return;
    expect(job.status, job.error ?? '').not.toBe('FAILED');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
};

describe('imported orders take stock (issue 15)', () => {
  it('reserves an imported order still to be sent and runs the rules on it, and leaves sent and canceled ones alone', async () => {
    const created = await inject('POST', createProduct.path, {
      title: 'Linen apron',
      options: [{ name: 'Color', values: ['Sage'] }],
      variants: [{ optionValues: ['Sage'], sku: 'APR-LIN-SAGE', priceAmount: 1_800 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const apron = created.json<Product>().variants[0]!.id;
    const counted = await inject('POST', api.adjustInventory.path, {
      variantId: apron,
      change: 5,
      reason: 'CYCLE_COUNT',
    });
    expect(counted.statusCode, counted.body).toBe(201);
    // A rule holds every order with an apron: imported orders go through the rules too.
    const rule = await inject('POST', rulesApi.createRule.path, {
      name: 'Check aprons',
      conditions: [{ kind: 'SKU', sku: 'APR-LIN-SAGE' }],
      actions: [{ kind: 'HOLD', reason: 'Check the embroidery' }],
    });
    expect(rule.statusCode, rule.body).toBe(201);

    await importOrders(await wooFile());
    await context.dispatcher.drain();

    const orders = (await inject('GET', `${listStoreOrders.path}?limit=10`)).json<StoreOrderPage>();
    const reservationOf = async (externalId: string) => {
      const order = orders.items.find((one) => one.externalId === externalId);
      expect(order, externalId).toBeDefined();
      return (
        await inject('GET', api.orderReservation.path.replace(':orderId', order!.id))
      ).json<OrderReservation>();
    };
    const processing = await reservationOf('5001');
    // The apron line holds its 2 units; the tote has no tracked variant in this store.
    expect(processing.lines.map((line) => [line.sku, line.status, line.reserved])).toEqual([
      ['APR-LIN-SAGE', 'RESERVED', 2],
      ['TOTE-CNV-NAT', 'NOT_STOCKED', 0],
    ]);
    expect((await reservationOf('5002')).lines[0]).toMatchObject({ reserved: 0 });
    expect((await reservationOf('5003')).lines[0]).toMatchObject({ reserved: 0 });
    const level = (await inject('GET', `${api.listInventory.path}?search=APR-LIN-SAGE`)).json<{
      items: { onHand: number; reserved: number }[];
    }>().items[0];
    expect(level).toMatchObject({ onHand: 5, reserved: 2 });

    // Only the order still to be sent is held by the rule and shows ON_HOLD in /orders.
    const holds = (await inject('GET', `${rulesApi.listHolds.path}?status=OPEN`)).json<{
      items: OrderHold[];
    }>().items;
    const open = orders.items.find((one) => one.externalId === '5001')!;
    expect(holds.map((hold) => [hold.orderId, hold.reason, hold.detail])).toEqual([
      [open.id, 'RULE', 'Check aprons: Check the embroidery'],
    ]);
    const instructions = (
      await inject('GET', rulesApi.getOrderInstructions.path.replace(':orderId', open.id))
    ).json<OrderInstructions>();
    expect(instructions.matchedRuleIds).toEqual([rule.json<{ id: string }>().id]);
    const reread = (await inject('GET', `${listStoreOrders.path}?limit=10`)).json<StoreOrderPage>();
    expect(reread.items.find((one) => one.id === open.id)!.productionStatus).toBe('ON_HOLD');
  });
});
