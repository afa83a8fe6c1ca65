import { failureOf } from '../import/bench-child';

/**
 * The load generator of `npm run bench:fulfillment`, in its own process: everything through the
 * server's HTTP API with one store's bearer token.
 *
 * - Setup: one product with the SKUs RACE-1 and FLOW-1, counted in by hand (10 and `orders`).
 * - Race: 100 one-unit orders of RACE-1 at once, each followed at once by its explicit
 *   reservation call (which races the server's own reservation on `sales.order.created`); then,
 *   once the stock stops moving, each order's reservation, the level and the ledger are read.
 * - Flow: `orders` one-unit orders of FLOW-1 (distinct customers' addresses across the US) over
 *   `connections` connections (closed loop); each order's time is its creation, its reservation
 *   call (which must answer RESERVED) and its shipment (201: the unit leaves stock, the label job
 *   is queued). Then every label is awaited until READY: the time from the first order to the last
 *   label, and per label from its order's creation to READY.
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
    shipped: number;
    failures: number;
    seconds: number;
    latenciesMs: number[];
  };
  labels: {
    ready: number;
    failed: number;
    pending: number;
    /** From the first order of the flow to the last label READY. */
    seconds: number;
    /** Per label: from its order's creation to the moment it was seen READY. */
    toReadyMs: number[];
    /** Label bytes of one READY label (a PDF). */
    sampleBytes: number;
  };
};

/** Distinct US destinations: (city, state, ZIP) across the zones. */
const DESTINATIONS = [
  ['Boston', 'MA', '02108'],
  ['New York', 'NY', '10110'],
  ['Raleigh', 'NC', '27601'],
  ['Miami', 'FL', '33101'],
  ['Chicago', 'IL', '60601'],
  ['Dallas', 'TX', '75201'],
  ['Denver', 'CO', '80202'],
  ['San Francisco', 'CA', '94105'],
  ['Seattle', 'WA', '98101'],
] as const;

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

  const order = async (sku: string, index = 0) =>
    expectStatus(
      await call('POST', '/api/web/orders/manual-retail', {
        currencyCode: 'USD',
        shippingAddress: (() => {
          const [city, stateCode, postalCode] = DESTINATIONS[index % DESTINATIONS.length]!;
          return {
            name: `Customer ${index + 1}`,
            company: null,
            line1: `${100 + index} Main St`,
            line2: null,
            city,
            stateCode,
            postalCode,
            countryCode: 'US',
            phone: null,
          };
        })(),
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
  const shipments: { sn: string; createdAt: number }[] = [];
  const flowStart = performance.now();
  await Promise.all(
    Array.from({ length: command.connections }, async () => {
      while (next < command.orders) {
        const index = next;
        next += 1;
        const started = performance.now();
        try {
          const orderId = await order('FLOW-1', index);
          const result = await reserve(orderId);
          if (result.lines[0]!.status !== 'RESERVED') {
            failures += 1;
            continue;
          }
          reserved += 1;
          const shipment = expectStatus(
            await call('POST', `/api/web/fulfillment/orders/${orderId}/shipments`, {
              parcel: {
                weight: 1 + (index % 20) / 4,
                massUnit: 'lb',
                length: 12,
                width: 9,
                height: 4,
                distanceUnit: 'in',
              },
            }),
            201,
            'shipment',
          ) as { sn: string };
          latenciesMs.push(performance.now() - started);
          shipments.push({ sn: shipment.sn, createdAt: started });
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - flowStart) / 1000;

  // Labels: every shipment's label job must end; each is read until it is no longer PENDING.
  const toReadyMs: number[] = [];
  let ready = 0;
  let failed = 0;
  let sampleBytes = 0;
  let waiting = [...shipments];
  const labelDeadline = performance.now() + 600_000;
  while (waiting.length > 0 && performance.now() < labelDeadline) {
    const still: typeof waiting = [];
    let cursor = 0;
    await Promise.all(
      Array.from({ length: Math.min(command.connections, waiting.length) }, async () => {
        while (cursor < waiting.length) {
          const one = waiting[cursor]!;
          cursor += 1;
          const body = expectStatus(
            await call('GET', `/api/web/fulfillment/shipments/${one.sn}`),
            200,
            'shipment read',
          ) as { labelStatus: string; labelUrl: string | null };
          if (body.labelStatus === 'READY') {
            ready += 1;
            toReadyMs.push(performance.now() - one.createdAt);
            if (sampleBytes === 0 && body.labelUrl) {
              const pdf = await fetch(`${command.base}${body.labelUrl}`, {
                headers: { authorization: `Bearer ${command.token}` },
              });
              sampleBytes = (await pdf.arrayBuffer()).byteLength;
            }
          } else if (body.labelStatus === 'FAILED') failed += 1;
          else still.push(one);
        }
      }),
    );
    waiting = still;
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const labelSeconds = (performance.now() - flowStart) / 1000;

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
    flow: {
      orders: command.orders,
      reserved,
      shipped: shipments.length,
      failures,
      seconds,
      latenciesMs,
    },
    labels: {
      ready,
      failed,
      pending: waiting.length,
      seconds: labelSeconds,
      toReadyMs,
      sampleBytes,
    },
  };
};

process.on('message', (message: FulfillmentLoadCommand) => {
  if (message.type !== 'run') return;
  run(message)
    .then((result) => process.send!(result))
    .catch((error: unknown) => process.send!({ type: 'failed', message: failureOf(error) }))
    .finally(() => process.disconnect());
});
