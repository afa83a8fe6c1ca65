import { performance } from 'node:perf_hooks';
import type { Message } from '@atelier/contract/chat/message';

export type Side = 'store' | 'supplier';
type Expected = { startedAt: number; pairIndex: number; to: Side; phase: number };

/**
 * Matches each sent message (by its unique body) to the `chat:message` event on the other
 * party's socket: latency from the start of the send call to that event, and deliveries per
 * second. Figures are kept per phase (warm-up, ramp steps, the measured run); a message sent in
 * one phase and delivered in the next counts for neither. The sender's own socket gets the
 * message too; only the total of events counts that.
 */
export const createDeliveryTracker = () => {
  const expected = new Map<string, Expected>();
  let phase = 0;
  let phaseStartedAt = 0;
  let latencies: number[] = [];
  let perSecond: number[] = [];
  let eventCount = 0;
  let summaryCount = 0;
  let disconnectCount = 0;

  return {
    /** Starts a new phase (its figures start from zero) and returns its number. */
    startPhase() {
      phase += 1;
      phaseStartedAt = performance.now();
      latencies = [];
      perSecond = [];
      eventCount = 0;
      summaryCount = 0;
      return phase;
    },
    expect(body: string, entry: Expected) {
      expected.set(body, entry);
    },
    forget(body: string) {
      expected.delete(body);
    },
    receive(pairIndex: number, side: Side, message: Message) {
      eventCount += 1;
      const entry = expected.get(message.body);
      if (!entry || entry.pairIndex !== pairIndex || entry.to !== side) return;
      const receivedAt = performance.now();
      expected.delete(message.body);
      if (entry.phase !== phase) return;
      latencies.push(receivedAt - entry.startedAt);
      const second = Math.floor((receivedAt - phaseStartedAt) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    },
    receiveSummary() {
      summaryCount += 1;
    },
    receiveDisconnect() {
      disconnectCount += 1;
    },
    /** Messages of the current phase not delivered yet. */
    countOutstanding() {
      let count = 0;
      for (const entry of expected.values()) if (entry.phase === phase) count += 1;
      return count;
    },
    /** The current phase's figures; latencies sorted, deliveries per second since its start. */
    results() {
      return {
        latencies: [...latencies].sort((a, b) => a - b),
        perSecond: Array.from(perSecond, (count) => count ?? 0),
        eventCount,
        summaryCount,
        disconnectCount,
      };
    },
  };
};
export type DeliveryTracker = ReturnType<typeof createDeliveryTracker>;
export type Deliveries = ReturnType<DeliveryTracker['results']>;
