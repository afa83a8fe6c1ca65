import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, sendMessage } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import { sendPartnerMessage } from '@atelier/contract/chat/partner';
import type { BenchPair } from './bench-chat-ipc';
import type { Deliveries, DeliveryTracker, Side } from './bench-chat-tracker';

const connectSocket = (baseUrl: string, token: string, onCreated: (socket: Socket) => void) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(baseUrl, {
      path: SOCKET_IO_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
      auth: { token },
    });
    onCreated(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`socket handshake refused: ${error.message}`));
    });
  });

/** Runs the tasks with at most `concurrency` in flight; rejects on the first failure. */
const runPool = async (tasks: (() => Promise<void>)[], concurrency: number) => {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};

/** Opens both parties' sockets of every pair (a bounded number of handshakes at a time). */
export const connectPairs = async (
  baseUrl: string,
  pairs: readonly BenchPair[],
  tracker: DeliveryTracker,
  { concurrency }: { concurrency: number },
) => {
  const sockets: Socket[] = [];
  const listen = (pairIndex: number, side: Side) => (socket: Socket) => {
    sockets.push(socket);
    socket.on(REALTIME_EVENTS.message, (message: Message) =>
      tracker.receive(pairIndex, side, message),
    );
    socket.on(REALTIME_EVENTS.conversation, () => tracker.receiveSummary());
    socket.on('disconnect', () => tracker.receiveDisconnect());
  };
  const tasks = pairs.flatMap((pair, pairIndex) => [
    async () => void (await connectSocket(baseUrl, pair.storeToken, listen(pairIndex, 'store'))),
    async () =>
      void (await connectSocket(baseUrl, pair.supplierToken, listen(pairIndex, 'supplier'))),
  ]);
  try {
    await runPool(tasks, concurrency);
  } catch (error) {
    for (const socket of sockets) socket.close();
    throw error;
  }
  return sockets;
};

export type RelayOptions = {
  baseUrl: string;
  pairs: readonly BenchPair[];
  tracker: DeliveryTracker;
  /** Messages per second, over all pairs together. */
  rate: number;
  seconds: number;
  isBothWays: boolean;
  /** The tracker phase the messages count for (`tracker.startPhase()`). */
  phase: number;
  /** Messages in flight above which a due send is skipped (counted) rather than queued. */
  maxInFlight: number;
};

/**
 * Sends `rate` messages per second, evenly spaced, for `seconds`, through the HTTP send endpoint
 * of each side (store: POST /api/web/conversations/:id/messages; supplier: the partner route).
 * Message k goes to pair k mod N; with both ways on, each pair alternates direction.
 */
export const runRelay = async (options: RelayOptions, firstSequence: number) => {
  const { baseUrl, pairs, tracker, rate, seconds, isBothWays, phase, maxInFlight } = options;
  const sendLatencies: number[] = [];
  const failures = new Map<string, number>();
  let inFlight = 0;
  let skipped = 0;
  const sends = new Set<Promise<void>>();

  const send = async (sequence: number) => {
    const pairIndex = sequence % pairs.length;
    const pair = pairs[pairIndex]!;
    const isFromStore = !isBothWays || (sequence + Math.floor(sequence / pairs.length)) % 2 === 0;
    const path = (isFromStore ? sendMessage.path : sendPartnerMessage.path).replace(
      ':id',
      pair.conversationId,
    );
    const body = `bench message ${sequence}`;
    const startedAt = performance.now();
    tracker.expect(body, {
      startedAt,
      pairIndex,
      to: isFromStore ? 'supplier' : 'store',
      phase,
    });
    inFlight += 1;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${isFromStore ? pair.storeToken : pair.supplierToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ body, clientMessageId: `bench-${sequence}` }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
      sendLatencies.push(performance.now() - startedAt);
    } catch (error) {
      tracker.forget(body);
      const reason = (error as Error).message;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    } finally {
      inFlight -= 1;
    }
  };

  const total = Math.round(rate * seconds);
  const startedAt = performance.now();
  let due = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - startedAt;
      const target = Math.min(total, Math.floor((elapsed / 1000) * rate));
      for (; due < target; due += 1) {
        if (inFlight >= maxInFlight) {
          skipped += 1;
          continue;
        }
        const sending = send(firstSequence + due);
        sends.add(sending);
        void sending.finally(() => sends.delete(sending));
      }
      if (due >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const sentInMs = performance.now() - startedAt;
  await Promise.all(sends);
  return {
    sent: total - skipped,
    skipped,
    sentInMs,
    failures: [...failures.entries()].map(([reason, count]) => ({ reason, count })),
    sendLatencies: sendLatencies.sort((a, b) => a - b),
    nextSequence: firstSequence + total,
  };
};
export type RelayResult = Awaited<ReturnType<typeof runRelay>>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Relays at a rate for some seconds as one tracker phase, then waits for its deliveries. */
export type Relay = (
  rate: number,
  seconds: number,
) => Promise<{
  result: RelayResult;
  deliveries: Deliveries;
  /** Messages delivered within the phase's own seconds plus one. */
  deliveredInTime: number;
  lost: number;
}>;

export const createRelay = (
  options: Omit<RelayOptions, 'rate' | 'seconds' | 'phase'> & { drainTimeoutMs: number },
): Relay => {
  const { tracker, drainTimeoutMs } = options;
  let sequence = 0;
  return async (rate, seconds) => {
    const phase = tracker.startPhase();
    const result = await runRelay({ ...options, rate, seconds, phase }, sequence);
    sequence = result.nextSequence;
    const drainStartedAt = performance.now();
    while (tracker.countOutstanding() > 0 && performance.now() - drainStartedAt < drainTimeoutMs) {
      await pause(20);
    }
    const deliveries = tracker.results();
    const deliveredInTime = deliveries.perSecond
      .slice(0, Math.ceil(seconds) + 1)
      .reduce((total, delivered) => total + delivered, 0);
    return { result, deliveries, deliveredInTime, lost: tracker.countOutstanding() };
  };
};
