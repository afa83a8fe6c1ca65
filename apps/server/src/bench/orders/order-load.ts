import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarize, type LatencySummary } from '../search/search-stats';

/**
 * The load generator of `npm run bench:orders`, in a process of its own (forked by the
 * benchmark), so that its work never counts as the server's. The search bench's generator only
 * sends GETs; this one sends the orders writes (POST with a JSON body, a bearer token, an
 * `Idempotency-Key` for a payment) with the same two modes:
 *
 * - `rate`: open loop, a fixed arrival rate. Request i is due at start + i/rate whatever the
 *   server is doing, and its latency runs from that due time to the last byte of the answer (no
 *   coordinated omission). With `connections`, the sends share that many keep-alive connections,
 *   a send waiting for a free one from its due time (its wait counts in its latency).
 * - `saturation`: closed loop, `connections` clients each sending the next request as soon as
 *   the previous answer arrived: the peak rate the server sustains.
 *
 * Every request is distinct: `add-to-cart` sends pair `firstPair + n` (store n mod S, a catalog
 * item that differs per store and per round; S × items pairs before one repeats); `checkout` pays
 * each cart item given once, with its store's token and a fresh UUID as `Idempotency-Key`, and
 * stops when they run out (`exhausted`); `health` GETs one path. Told one run over IPC, it answers
 * with the figures (warm-up excluded) and what the run used and created (warm-up included).
 */
export type OrderKind = 'add-to-cart' | 'checkout' | 'health';

export type OrderLoadCommand = {
  type: 'run';
  baseUrl: string;
  kind: OrderKind;
  /** Store i's bearer token at index i. */
  tokens: readonly string[];
  /** add-to-cart: the catalog items (all with a sample price) and the first pair to send. */
  catalogItemIds?: readonly string[];
  firstPair?: number;
  /** checkout: cart items as [store index, order item id], each paid once, in this order. */
  cartItems?: readonly (readonly [number, string])[];
  healthPath?: string;
  mode:
    | { kind: 'rate'; rate: number; connections?: number }
    | { kind: 'saturation'; connections: number };
  seconds: number;
  warmupSeconds: number;
};

export type OrderLoadResult = {
  type: 'result';
  /** Measured part only (warm-up excluded). */
  seconds: number;
  sent: number;
  /** Answers as expected: 201 (add to cart), 200 with status COMPLETED (checkout), 200. */
  completed: number;
  /** Everything else: non-2xx, network errors (status 0), a 200 payment not COMPLETED. */
  failed: number;
  statuses: Record<string, number>;
  errorSamples: string[];
  overall: LatencySummary;
  /** Warm-up included: pairs or cart items taken, and answers as expected. */
  used: number;
  completedWithWarmup: number;
  /** add-to-cart: [store index, order item id] of each 201 (warm-up included). */
  created: [number, string][];
  /** checkout: the cart items ran out before the run's end; `unsent` requests were due. */
  exhausted: boolean;
  unsent: number;
};

export const SHIPPING_ADDRESS = {
  name: 'Bench Buyer',
  company: null,
  line1: '1 Main Street',
  line2: null,
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

export const TEST_CARD = {
  type: 'test_card',
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
};

type Request = {
  storeIndex: number;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

type Answer = { status: number; body: string };

const send = (base: URL, request: Request, agent: http.Agent) =>
  new Promise<Answer>((resolve) => {
    const outgoing = http.request(
      new URL(request.path, base),
      {
        agent,
        method: request.method,
        headers: request.body
          ? {
              ...request.headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(request.body),
            }
          : request.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', (error) => resolve({ status: 0, body: error.message }));
      },
    );
    outgoing.on('error', (error) => resolve({ status: 0, body: error.message }));
    outgoing.end(request.body);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's requests, built one at a time; undefined once checkout's cart items ran out. */
const requestSource = (command: OrderLoadCommand) => {
  const stores = command.tokens.length;
  const bearer = (storeIndex: number) => ({
    authorization: `Bearer ${command.tokens[storeIndex]}`,
  });
  let taken = 0;
  const next = (): Request | undefined => {
    const index = taken;
    if (command.kind === 'checkout') {
      const item = command.cartItems?.[index];
      if (!item) return undefined;
      taken += 1;
      const [storeIndex, id] = item;
      return {
        storeIndex,
        method: 'POST',
        path: '/api/web/creator-invoice-payments',
        headers: { ...bearer(storeIndex), 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          itemIds: [id],
          shippingAddress: SHIPPING_ADDRESS,
          paymentMethod: TEST_CARD,
        }),
      };
    }
    taken += 1;
    if (command.kind === 'health') {
      return {
        storeIndex: 0,
        method: 'GET',
        path: command.healthPath ?? '/api/health',
        headers: {},
      };
    }
    const items = command.catalogItemIds ?? [];
    const pair = (command.firstPair ?? 0) + index;
    const storeIndex = pair % stores;
    // For a given store, rounds take every item once before one repeats.
    const item = items[(Math.floor(pair / stores) + storeIndex * 37) % items.length]!;
    return {
      storeIndex,
      method: 'POST',
      path: '/api/web/creator-order-items',
      headers: bearer(storeIndex),
      body: JSON.stringify({ catalogItemId: item, quantity: 1 }),
    };
  };
  return { next, taken: () => taken };
};

const run = async (command: OrderLoadCommand): Promise<OrderLoadResult> => {
  const base = new URL(command.baseUrl);
  const source = requestSource(command);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: command.mode.kind === 'rate' ? (command.mode.connections ?? 2048) : 2048,
  });
  const expected = command.kind === 'add-to-cart' ? 201 : 200;
  const created: [number, string][] = [];
  let completedWithWarmup = 0;
  let exhausted = false;
  let unsent = 0;
  const measured = {
    sent: 0,
    failed: 0,
    latencies: [] as number[],
    statuses: {} as Record<string, number>,
    errorSamples: [] as string[],
  };

  /** Sends the next request; records it against `dueAt` when `isMeasured`. False: none left. */
  const sendNext = async (isMeasured: boolean, dueAt = performance.now()) => {
    const request = source.next();
    if (!request) {
      exhausted = true;
      if (isMeasured) unsent += 1;
      return false;
    }
    const answer = await send(base, request, agent);
    const latency = performance.now() - dueAt;
    let label = String(answer.status);
    let isOk = answer.status === expected;
    if (isOk && command.kind !== 'health') {
      const body = JSON.parse(answer.body) as { id: string; status?: string };
      if (command.kind === 'add-to-cart') created.push([request.storeIndex, body.id]);
      else if (body.status !== 'COMPLETED') {
        isOk = false;
        label = `200 ${body.status}`;
      }
    }
    if (isOk) completedWithWarmup += 1;
    if (!isMeasured) return true;
    measured.sent += 1;
    measured.statuses[label] = (measured.statuses[label] ?? 0) + 1;
    if (isOk) measured.latencies.push(latency);
    else {
      measured.failed += 1;
      if (measured.errorSamples.length < 5) {
        measured.errorSamples.push(`${label} ${answer.body.slice(0, 300)}`);
      }
    }
    return true;
  };

  const closedLoop = async (connections: number, seconds: number, isMeasured: boolean) => {
    const endAt = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < endAt && (await sendNext(isMeasured)));
      }),
    );
  };

  if (command.warmupSeconds > 0) {
    const connections = command.mode.kind === 'saturation' ? command.mode.connections : 8;
    await closedLoop(connections, command.warmupSeconds, false);
  }

  const started = performance.now();
  if (command.mode.kind === 'rate') {
    const { rate } = command.mode;
    const total = Math.round(rate * command.seconds);
    const pending: Promise<unknown>[] = [];
    let index = 0;
    while (index < total) {
      const now = performance.now();
      while (index < total && started + (index * 1000) / rate <= now) {
        pending.push(sendNext(true, started + (index * 1000) / rate));
        index += 1;
      }
      await sleep(1);
    }
    await Promise.all(pending);
  } else {
    await closedLoop(command.mode.connections, command.seconds, true);
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  return {
    type: 'result',
    seconds,
    sent: measured.sent,
    completed: measured.latencies.length,
    failed: measured.failed,
    statuses: measured.statuses,
    errorSamples: measured.errorSamples,
    overall: summarize(measured.latencies),
    used: source.taken(),
    completedWithWarmup,
    created,
    exhausted,
    unsent,
  };
};

process.on('message', (command: OrderLoadCommand) => {
  run(command).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ type: 'failed', message: String(error) }),
  );
});
