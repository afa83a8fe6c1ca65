import { failureOf } from '../import/bench-child';

/**
 * The load generator of `npm run bench:fulfillment`, in its own process: everything through the
 * server's HTTP API with one store's bearer token.
 *
 * - Setup: one product with the SKUs RACE-1 and FLOW-1, counted in by hand (10 and `orders`).
 * - Race: 100 one-unit orders of RACE-1 at once, each followed at once by its explicit
 *   reservation call (which races the server's own reservation on `sales.order.created`); then,
 *   once the stock stops moving, each order's reservation, the level and the ledger are read.
 * - Flow: `orders` one-unit orders of FLOW-1 over `connections` connections (closed loop); each
 *   order's time is its creation plus its reservation call, which must answer RESERVED.
 */

export type FulfillmentLoadCommand = {
  type: 'run';
  base: string;
  token: string;
  orders: number;
  connections: number;
};

export type FulfillmentLoadResult = {
  type: 'done';
  race: {
    orders: number;
    onHand: number;
    reservedLevel: number;
    reservedLines: number;
    missingStockLines: number;
    ledgerReservations: number;
    ledgerReservedSum: number;
    settleMs: number;
  };
  flow: {
    orders: number;
    reserved: number;
    failures: number;
    seconds: number;
    latenciesMs: number[];
  };
};

type Json = Record<string, unknown>;

const run = async (command: FulfillmentLoadCommand): Promise<FulfillmentLoadResult> => {
  const call = async (method: string, path: string, body?: Json) => {
    const response = await fetch(`${command.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${command.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  const expectStatus = (result: { status: number; body: Json }, status: number, what: string) => {
    if (result.status !== status) {
      throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
    }
    return result.body;
  };

  const product = expectStatus(
    await call('POST', '/api/web/products', {
      title: 'Benchmark tote',
      options: [{ name: 'Kind', values: ['Race', 'Flow'] }],
      variants: [
        { optionValues: ['Race'], sku: 'RACE-1', priceAmount: 1_800 },
        { optionValues: ['Flow'], sku: 'FLOW-1', priceAmount: 1_800 },
      ],
    }),
    201,
    'product',
  ) as { variants: { id: string; sku: string }[] };
  const variantOf = (sku: string) => product.variants.find((variant) => variant.sku === sku)!.id;
  for (const [sku, units] of [
    ['RACE-1', 10],
    ['FLOW-1', command.orders],
  ] as const) {
    expectStatus(
      await call('POST', '/api/web/fulfillment/inventory/adjustments', {
        variantId: variantOf(sku),
        change: units,
        reason: 'FOUND',
      }),
      201,
      'adjustment',
    );
  }

  const order = async (sku: string) =>
    expectStatus(
      await call('POST', '/api/web/orders/manual-retail', {
        currencyCode: 'USD',
        lines: [{ sku, title: sku, quantity: 1, unitPriceAmount: 1_800 }],
        discountAmount: 0,
        shippingAmount: 0,
        taxAmount: 0,
      }),
      201,
      'order',
    ).id as string;
  const reserve = async (orderId: string) =>
    expectStatus(
      await call('POST', `/api/web/fulfillment/orders/${orderId}/reservation`),
      200,
      'reservation',
    ) as { lines: { status: string }[] };

  // Race: 100 orders for 10 units, all at once.
  const raceIds = await Promise.all(
    Array.from({ length: 100 }, async () => {
      const id = await order('RACE-1');
      await reserve(id);
      return id;
    }),
  );
  const raceLevel = async () => {
    const page = expectStatus(
      await call('GET', '/api/web/fulfillment/inventory?search=RACE-1'),
      200,
      'inventory',
    ) as { items: { sku: string; onHand: number; reserved: number }[] };
    return page.items.find((item) => item.sku === 'RACE-1')!;
  };
  // The server's own reservations (one per order's event) may still be running: wait until the
  // level has not moved for a second (at most 30 s).
  const settleStart = performance.now();
  let last = JSON.stringify(await raceLevel());
  let stableSince = performance.now();
  while (performance.now() - stableSince < 1_000 && performance.now() - settleStart < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = JSON.stringify(await raceLevel());
    if (now !== last) {
      last = now;
      stableSince = performance.now();
    }
  }
  const settleMs = performance.now() - settleStart;
  const statuses = await Promise.all(
    raceIds.map(async (id) => {
      const body = expectStatus(
        await call('GET', `/api/web/fulfillment/orders/${id}/reservation`),
        200,
        'read reservation',
      ) as { lines: { status: string }[] };
      return body.lines[0]!.status;
    }),
  );
  const level = await raceLevel();
  const ledger = expectStatus(
    await call('GET', `/api/web/fulfillment/inventory/${variantOf('RACE-1')}/movements?limit=200`),
    200,
    'ledger',
  ) as { items: { kind: string; reservedChange: number }[] };
  const reservations = ledger.items.filter((row) => row.kind === 'RESERVATION');

  // Flow: `orders` orders over `connections` connections.
  const latenciesMs: number[] = [];
  let next = 0;
  let reserved = 0;
  let failures = 0;
  const flowStart = performance.now();
  await Promise.all(
    Array.from({ length: command.connections }, async () => {
      while (next < command.orders) {
        next += 1;
        const started = performance.now();
        try {
          const result = await reserve(await order('FLOW-1'));
          latenciesMs.push(performance.now() - started);
          if (result.lines[0]!.status === 'RESERVED') reserved += 1;
          else failures += 1;
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - flowStart) / 1000;

  return {
    type: 'done',
    race: {
      orders: raceIds.length,
      onHand: level.onHand,
      reservedLevel: level.reserved,
      reservedLines: statuses.filter((status) => status === 'RESERVED').length,
      missingStockLines: statuses.filter((status) => status === 'MISSING_STOCK').length,
      ledgerReservations: reservations.length,
      ledgerReservedSum: reservations.reduce((sum, row) => sum + row.reservedChange, 0),
      settleMs,
    },
    flow: { orders: command.orders, reserved, failures, seconds, latenciesMs },
  };
};

process.on('message', (message: FulfillmentLoadCommand) => {
  if (message.type !== 'run') return;
  run(message)
    .then((result) => process.send!(result))
    .catch((error: unknown) => process.send!({ type: 'failed', message: failureOf(error) }))
    .finally(() => process.disconnect());
});
