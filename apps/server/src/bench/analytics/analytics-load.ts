import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { failureOf } from '../import/bench-child';
import { summarize, type LatencySummary } from '../search/search-stats';

/**
 * The load generator of `npm run bench:analytics`, in a process of its own (forked by the
 * benchmark), so that its work never counts as the server's. It is told one run over IPC: a list
 * of distinct GETs (each sent exactly once, in the order given), by `connections` clients each
 * sending its next request when the previous answer arrived — with 1, what one person opening the
 * views one after another sees. It answers with the latency per kind (a view key), from the send
 * to the last byte of the answer, and the answers' sizes.
 */
export type AnalyticsLoadCommand = {
  type: 'run';
  baseUrl: string;
  token: string;
  requests: readonly { kind: string; path: string }[];
  connections: number;
};

export type AnalyticsLoadResult = {
  type: 'result';
  seconds: number;
  completed: number;
  errors: number;
  errorSamples: string[];
  byKind: Record<string, LatencySummary & { bytes: number }>;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET; resolves with the status (0 for a network error) and the body's size in bytes. */
const get = (url: URL, token: string) =>
  new Promise<{ status: number; bytes: number; error?: string }>((resolve) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const body = Buffer.concat(chunks);
          resolve(
            status === 200
              ? { status, bytes: body.length }
              : { status, bytes: body.length, error: `${status} ${body.toString().slice(0, 300)}` },
          );
        });
        response.on('error', (error) => resolve({ status: 0, bytes: 0, error: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, bytes: 0, error: error.message }));
  });

const run = async (command: AnalyticsLoadCommand): Promise<AnalyticsLoadResult> => {
  const base = new URL(command.baseUrl);
  const latencies = new Map<string, number[]>();
  const bytes = new Map<string, number>();
  const errorSamples: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: command.connections }, async () => {
      for (let index = next++; index < command.requests.length; index = next++) {
        const request = command.requests[index]!;
        const sentAt = performance.now();
        const answer = await get(new URL(request.path, base), command.token);
        const latency = performance.now() - sentAt;
        if (answer.status !== 200) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(`${request.path}: ${answer.error}`);
          continue;
        }
        latencies.set(request.kind, [...(latencies.get(request.kind) ?? []), latency]);
        bytes.set(request.kind, Math.max(bytes.get(request.kind) ?? 0, answer.bytes));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    type: 'result',
    seconds,
    completed: [...latencies.values()].reduce((sum, list) => sum + list.length, 0),
    errors,
    errorSamples,
    byKind: Object.fromEntries(
      [...latencies].map(([kind, list]) => [
        kind,
        { ...summarize(list), bytes: bytes.get(kind) ?? 0 },
      ]),
    ),
  };
};

process.on('message', (command: AnalyticsLoadCommand) => {
  run(command).then(
    // Exit once the answer is handed over: a large one takes more than a tick.
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      process.send?.({ type: 'failed', message: failureOf(error) });
      process.exit(1);
    },
  );
});
