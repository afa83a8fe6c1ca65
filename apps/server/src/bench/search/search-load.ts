import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SearchKind, SearchRequest } from './search-mix';
import { summarize, type LatencySummary } from './search-stats';

/**
 * The load generator of `npm run bench`, in a process of its own (forked by the benchmark), so
 * that its work never counts as the server's. It is told one run over IPC and answers with the
 * figures.
 *
 * - `rate`: open loop, a fixed arrival rate. Request i is due at start + i/rate whatever the
 *   server is doing, and its latency runs from that due time to the last byte of the answer, so a
 *   slow server cannot hide its queue (no coordinated omission).
 * - `saturation`: closed loop, `connections` clients each sending the next search as soon as the
 *   previous answer arrived: the peak rate the server sustains.
 * - `probe`: an extra open-loop stream at a low fixed rate (the health route), measured apart.
 */
export type LoadCommand = {
  type: 'run';
  baseUrl: string;
  requests: readonly SearchRequest[];
  /** Bearer tokens, used in turn: many stores search at once. Empty: no authorization header. */
  tokens: readonly string[];
  /**
   * `rate` with `connections`: the sends share that many keep-alive connections, a send waiting
   * for a free one from its due time (its wait counts in its latency).
   */
  mode:
    | { kind: 'rate'; rate: number; connections?: number }
    | { kind: 'saturation'; connections: number };
  seconds: number;
  warmupSeconds: number;
  probe?: { path: string; rate: number };
};

export type LoadResult = {
  type: 'result';
  seconds: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  overall: LatencySummary;
  byKind: Partial<Record<SearchKind, LatencySummary>>;
  probe?: LatencySummary;
};

const unlimited = new http.Agent({ keepAlive: true, maxSockets: 2048 });

/** One GET; resolves with the status (0 for a network error) when the body has been read. */
const get = (url: URL, token: string | undefined, agent = unlimited) =>
  new Promise<{ status: number; error?: string }>((resolve) => {
    const request = http.get(
      url,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(
            status === 200
              ? { status }
              : { status, error: `${status} ${Buffer.concat(chunks).toString().slice(0, 200)}` },
          );
        });
        response.on('error', (error) => resolve({ status: 0, error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, error: error.message }));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Recorder = {
  latencies: number[];
  byKind: Map<SearchKind, number[]>;
  errors: number;
  errorSamples: string[];
};

const newRecorder = (): Recorder => ({
  latencies: [],
  byKind: new Map(),
  errors: 0,
  errorSamples: [],
});

const run = async (command: LoadCommand): Promise<LoadResult> => {
  const base = new URL(command.baseUrl);
  const urls = command.requests.map((request) => ({
    kind: request.kind,
    url: new URL(request.path, base),
  }));
  let next = 0;
  const nextRequest = () => {
    const index = next;
    next += 1;
    return {
      ...urls[index % urls.length]!,
      token: command.tokens.length > 0 ? command.tokens[index % command.tokens.length] : undefined,
    };
  };

  const agent =
    command.mode.kind === 'rate' && command.mode.connections
      ? new http.Agent({ keepAlive: true, maxSockets: command.mode.connections })
      : unlimited;

  /** Sends one search and records it (when `recorder` is set) against `dueAt`. */
  const send = async (recorder: Recorder | undefined, dueAt = performance.now()) => {
    const { kind, url, token } = nextRequest();
    const answer = await get(url, token, agent);
    if (!recorder) return;
    const latency = performance.now() - dueAt;
    if (answer.status !== 200) {
      recorder.errors += 1;
      if (recorder.errorSamples.length < 5) recorder.errorSamples.push(answer.error ?? '');
      return;
    }
    recorder.latencies.push(latency);
    const ofKind = recorder.byKind.get(kind) ?? [];
    ofKind.push(latency);
    recorder.byKind.set(kind, ofKind);
  };

  /** Open loop: `perSecond` sends a second for `seconds`, each timed from when it was due. */
  const openLoop = async (perSecond: number, seconds: number, fire: (dueAt: number) => void) => {
    const started = performance.now();
    const total = Math.round(perSecond * seconds);
    let index = 0;
    while (index < total) {
      const now = performance.now();
      while (index < total && started + (index * 1000) / perSecond <= now) {
        fire(started + (index * 1000) / perSecond);
        index += 1;
      }
      await sleep(1);
    }
  };

  const closedLoop = async (connections: number, seconds: number, recorder?: Recorder) => {
    const endAt = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < endAt) await send(recorder);
      }),
    );
  };

  // Warm-up: the same mix, not recorded (statement caches, JIT, connection pools).
  if (command.warmupSeconds > 0) {
    await closedLoop(
      command.mode.kind === 'saturation' ? command.mode.connections : 8,
      command.warmupSeconds,
    );
  }

  const recorder = newRecorder();
  const probeRecorder = newRecorder();
  const pending: Promise<unknown>[] = [];
  const probe = command.probe;
  const probeRun = probe
    ? openLoop(probe.rate, command.seconds, (dueAt) => {
        pending.push(
          get(new URL(probe.path, base), undefined).then((answer) => {
            if (answer.status === 200) probeRecorder.latencies.push(performance.now() - dueAt);
            else probeRecorder.errors += 1;
          }),
        );
      })
    : Promise.resolve();

  const started = performance.now();
  if (command.mode.kind === 'rate') {
    await openLoop(command.mode.rate, command.seconds, (dueAt) => {
      pending.push(send(recorder, dueAt));
    });
  } else {
    await closedLoop(command.mode.connections, command.seconds, recorder);
  }
  await probeRun;
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;

  return {
    type: 'result',
    seconds,
    completed: recorder.latencies.length,
    errors: recorder.errors + probeRecorder.errors,
    errorSamples: recorder.errorSamples,
    overall: summarize(recorder.latencies),
    byKind: Object.fromEntries(
      [...recorder.byKind].map(([kind, latencies]) => [kind, summarize(latencies)]),
    ),
    ...(probe ? { probe: summarize(probeRecorder.latencies) } : {}),
  };
};

process.on('message', (command: LoadCommand) => {
  run(command).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ type: 'failed', message: String(error) }),
  );
});
