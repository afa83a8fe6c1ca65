import os from 'node:os';
import type { MemorySample, UsageSample } from './bench-chat-ipc';
import type { RelayResult } from './bench-chat-relay';
import type { Deliveries } from './bench-chat-tracker';

export const TARGET_P99_MS = 50;
export const TARGET_IDLE_SOCKET_KB = 50;
export const RAMP_STEP_SECONDS = 5;
/**
 * A ramp step is kept up with when this share of its messages arrived within it (+1 s) and its
 * p99 stayed under a bound: a queue building up shows in the latency before the count.
 */
export const SUSTAINED_SHARE = 0.95;
export const SUSTAINED_P99_MS = 4 * TARGET_P99_MS;

/** One step of the rate ramp: what was sent, what arrived in time, and its latencies. */
export type RampStep = {
  rate: number;
  result: RelayResult;
  /** Messages delivered within the step's own seconds plus one. */
  deliveredInTime: number;
  isSustained: boolean;
  deliveries: Deliveries;
  lost: number;
};

export type ChatBenchFigures = {
  engine: 'pglite' | 'postgres';
  pairs: number;
  sockets: number;
  /** The measured run's send rate: fixed by `--rate`, else the ramp's highest sustained step. */
  rate: number;
  ramp: RampStep[];
  seconds: number;
  warmupSeconds: number;
  isBothWays: boolean;
  serverStartedInMs: number;
  seededInMs: number;
  companiesCreated: number;
  connectedInMs: number;
  memory: { before: MemorySample; idle: MemorySample; afterRelay: MemorySample };
  measured: { result: RelayResult; deliveries: Deliveries; lost: number };
  serverUsage: UsageSample;
  client: { cpuMs: number; wallMs: number; eventLoopDelayP99Ms: number };
  loadBefore: number;
  loadAfter: number;
  serverLogs: { warnings: number; errors: number };
};

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kbPerSocket = (bytes: number, sockets: number) => bytes / sockets / 1024;
const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows.map(
    (row) =>
      `   ${row
        .map((cell, column) => cell.padEnd(widths[column]! + 3))
        .join('')
        .trimEnd()}`,
  );
};

const formatRamp = (ramp: readonly RampStep[]) =>
  ramp.length === 0
    ? []
    : [
        `   ramp (${RAMP_STEP_SECONDS} s per step; kept up = ${SUSTAINED_SHARE * 100}% delivered within the step + 1 s and p99 <= ${SUSTAINED_P99_MS} ms):`,
        ...table([
          ['  rate', 'sent', 'in time', 'p50', 'p99', 'kept up'],
          ...ramp.map((step) => [
            `  ${count(step.rate)} msg/s`,
            count(step.result.sent),
            count(step.deliveredInTime),
            ms(percentile(step.deliveries.latencies, 50)),
            ms(percentile(step.deliveries.latencies, 99)),
            step.isSustained ? 'yes' : 'no',
          ]),
        ]),
      ];

/**
 * Memory per socket in KB: RSS can grow less than the heap (freed pages are reused) and the heap
 * misses native memory, so the larger of the two is the figure.
 */
const memoryPerSocket = ({ before, idle }: ChatBenchFigures['memory'], sockets: number) => {
  const rss = kbPerSocket(idle.rss - before.rss, sockets);
  const heap = kbPerSocket(
    idle.heapUsed + idle.external - before.heapUsed - before.external,
    sockets,
  );
  return { rss, heap, figure: Math.max(rss, heap) };
};

/** Deliveries inside the run's own seconds: a server that falls behind shows a lower rate. */
const deliveryRate = (deliveries: Deliveries, runSeconds: number) => {
  const perSecond = Array.from(
    { length: Math.max(1, Math.floor(runSeconds)) },
    (_, second) => deliveries.perSecond[second] ?? 0,
  );
  return {
    average: perSecond.reduce((total, delivered) => total + delivered, 0) / perSecond.length,
    range: `per second: min ${Math.min(...perSecond)}, max ${Math.max(...perSecond)}`,
  };
};

/** The benchmark's printed report: setup, the figures beside their targets, then context. */
export const formatChatBench = (figures: ChatBenchFigures): string => {
  const { memory, sockets } = figures;
  const { result: relay, deliveries, lost } = figures.measured;
  const latencies = deliveries.latencies;
  const p99 = percentile(latencies, 99);
  const perSocket = memoryPerSocket(memory, sockets);
  const rate = deliveryRate(deliveries, figures.seconds);
  const failed = relay.failures.reduce((total, failure) => total + failure.count, 0);
  const engineName = figures.engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL';
  const cores = os.availableParallelism();
  const rateSource =
    (figures.ramp.length > 0 ? 'the highest ramp step kept up with' : 'fixed by --rate') +
    (figures.warmupSeconds > 0 ? `, after a ${figures.warmupSeconds} s warm-up` : '');

  const lines = [
    '',
    `== bench:chat on ${engineName}: ${count(figures.pairs)} creator–supplier pairs = ${count(sockets)} sockets, one server process`,
    `   machine: ${cores} cores, load average ${figures.loadBefore.toFixed(2)} before / ${figures.loadAfter.toFixed(2)} after (1 min); shared machines make figures noisy`,
    `   setup: server started in ${seconds(figures.serverStartedInMs)}, pairs seeded in ${seconds(figures.seededInMs)} (${count(figures.companiesCreated)} companies added), sockets connected in ${seconds(figures.connectedInMs)}`,
    ...formatRamp(figures.ramp),
    `   relay: ${count(figures.rate)} msg/s for ${figures.seconds} s (${rateSource}; ${figures.isBothWays ? 'both directions' : 'creator → supplier'}, HTTP send): ${count(relay.sent)} sent, ${count(latencies.length)} delivered, ${count(lost)} lost, ${count(failed)} failed, ${count(relay.skipped)} skipped (too many in flight)`,
    ...relay.failures.map(
      (failure) => `   failed sends: ${count(failure.count)} × ${failure.reason}`,
    ),
    '',
    ...table([
      ['figure', 'measured', 'target', 'result'],
      [
        'delivered messages per second',
        rate.average.toFixed(1),
        `${count(figures.rate)} sent/s`,
        rate.range,
      ],
      ['delivery latency p50', ms(percentile(latencies, 50)), '', ''],
      ['delivery latency p95', ms(percentile(latencies, 95)), '', ''],
      ['delivery latency p99', ms(p99), `<= ${TARGET_P99_MS} ms`, verdict(p99 <= TARGET_P99_MS)],
      ['delivery latency max', ms(latencies.at(-1) ?? NaN), '', ''],
      [
        'server memory per idle socket',
        `${perSocket.figure.toFixed(1)} KB`,
        `< ${TARGET_IDLE_SOCKET_KB} KB`,
        verdict(perSocket.figure < TARGET_IDLE_SOCKET_KB),
      ],
      ['  RSS growth', `${perSocket.rss.toFixed(1)} KB`, '', ''],
      ['  V8 heap + external growth', `${perSocket.heap.toFixed(1)} KB`, '', ''],
    ]),
    ...(figures.engine === 'pglite'
      ? [
          '   (PGlite runs inside the server process: its RSS growth includes database pages the',
          '   handshakes touched; `--postgres` measures the server on its own.)',
        ]
      : []),
    '',
    `   send call (POST → 201) p50 / p95 / p99: ${ms(percentile(relay.sendLatencies, 50))} / ${ms(percentile(relay.sendLatencies, 95))} / ${ms(percentile(relay.sendLatencies, 99))}`,
    `   server during relay: CPU ${((figures.serverUsage.cpuMs / figures.serverUsage.wallMs) * 100).toFixed(0)}% of one core, event loop ${(figures.serverUsage.eventLoopUtilization * 100).toFixed(0)}% busy; ${count(figures.serverLogs.warnings)} warnings, ${count(figures.serverLogs.errors)} errors logged`,
    `   bench client during relay: CPU ${((figures.client.cpuMs / figures.client.wallMs) * 100).toFixed(0)}% of one core, event-loop delay p99 ${ms(figures.client.eventLoopDelayP99Ms)}`,
    `   server RSS (after GC): ${mb(memory.before.rss)} before sockets, ${mb(memory.idle.rss)} with ${count(sockets)} idle sockets, ${mb(memory.afterRelay.rss)} after the relay`,
    `   events received: ${count(deliveries.eventCount)} chat:message (the sender's own socket too), ${count(deliveries.summaryCount)} chat:conversation, ${count(deliveries.disconnectCount)} disconnects`,
    '',
  ];
  return lines.join('\n');
};
