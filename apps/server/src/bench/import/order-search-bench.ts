import { pgliteDir } from '@/db/open';
import { startServerProcess } from '@/testing/server-process';
import type { LoadCommand, LoadResult } from '../search/search-load';
import type { SearchRequest } from '../search/search-mix';
import { shuffle } from '../search/search-mix';
import type { LatencySummary } from '../search/search-stats';
import { exitOf, forkBenchChild, nextMessage } from './bench-child';
import type { BenchDatabase } from './bench-database';
import type { BenchAccount } from './import-store';
import {
  buildOrderSearchMix,
  type OrderMixSources,
  type OrderSearchKind,
  type OrderSearchRequest,
} from './order-search-mix';

export type OrderSearchOptions = {
  searches: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Fixed arrival rate (req/s) of the latency run; half the project's peak when not given. */
  rate: number | undefined;
};

export type OrderSearchFigures = {
  mix: OrderSearchRequest[];
  /** Searches of the mix that found no order. */
  findingNothing: number;
  project: LoadResult;
  fixed: LoadResult & { rate: number };
  floor: LoadResult;
  agreement: { same: number; sampled: number; differing: string[] };
};

type Page = { items: unknown[]; counts: { ALL: number } };

const NO_RESULT_SHARE = 0.15;

const api = async <T>(base: string, route: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${base}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** JSON with every object's keys sorted: equal answers whatever order fields are written in. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

/** The per-kind figures of a load run (the load generator keys them by the mix's kinds). */
export const byKindOf = (result: LoadResult, kind: OrderSearchKind) =>
  (result.byKind as Partial<Record<string, LatencySummary>>)[kind];

/**
 * Each candidate once against the project, four at a time: all kept, except no-result
 * candidates, kept (up to their share) only when the store has no order for them.
 */
const resolveMix = async (base: string, token: string, candidates: OrderSearchRequest[]) => {
  const headers = { authorization: `Bearer ${token}` };
  const found = new Map<string, number>();
  const queue = [...candidates];
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      found.set(request.path, (await api<Page>(base, request.path, { headers })).counts.ALL);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const wanted = Math.ceil(
    candidates.filter((request) => request.kind !== 'no-results').length *
      (NO_RESULT_SHARE / (1 - NO_RESULT_SHARE)),
  );
  const noResults = candidates
    .filter((request) => request.kind === 'no-results' && found.get(request.path) === 0)
    .slice(0, wanted);
  const kept = [...candidates.filter((request) => request.kind !== 'no-results'), ...noResults];
  return {
    mix: shuffle(kept),
    findingNothing: kept.filter((request) => found.get(request.path) === 0).length,
  };
};

const answersOf = async (base: string, token: string, sample: readonly OrderSearchRequest[]) => {
  const answers: string[] = [];
  for (const request of sample) {
    answers.push(
      canonical(
        await api<Page>(base, request.path, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
  }
  return answers;
};

/** One run of the search bench's load generator, in its own process. */
const load = async (command: Omit<LoadCommand, 'type' | 'requests'>, mix: OrderSearchRequest[]) => {
  const child = forkBenchChild('../search/search-load.ts');
  try {
    // The load generator labels figures by `kind`; it only groups by it, so ours pass through.
    const requests = mix as unknown as SearchRequest[];
    child.send({ type: 'run', ...command, requests } satisfies LoadCommand);
    return await nextMessage<LoadResult>(child);
  } finally {
    child.kill();
  }
};

const startProject = async (database: BenchDatabase) => {
  const server = startServerProcess({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: 'error',
  });
  const { port } = await server.ready;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
};

const startFloor = async (database: BenchDatabase, tokens: Record<string, string>) => {
  const child = forkBenchChild('order-search-floor.ts', {
    FLOOR_ENGINE: database.engine,
    DATABASE_URL: database.databaseUrl,
    PGLITE_DIR: pgliteDir(database.dataDir),
    FLOOR_TOKENS: JSON.stringify(tokens),
  });
  const { port } = await nextMessage<{ port: number }>(child);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.send({ type: 'stop' });
      await exitOf(child);
    },
  };
};

/**
 * The orders list with a search on the imported store (issue 11: p99 at 50 connections): the
 * real server in its own process, signed in as the store's user; a mix of distinct searches
 * from the imported data sent by the search bench's load generator in its own process — a
 * saturation run at `connections`, then a fixed-rate run — and the floor (bare `node:http`, one
 * statement) saturated the same way, after the project stopped (PGlite: one process at a time).
 * The fixed-rate run shares `connections` keep-alive connections too: a search due while all are
 * busy waits for one, and that wait is in its latency.
 */
export const benchOrderSearch = async (
  database: BenchDatabase,
  account: BenchAccount,
  sources: OrderMixSources,
  options: OrderSearchOptions,
): Promise<OrderSearchFigures> => {
  const project = await startProject(database);
  let isProjectRunning = true;
  try {
    const { token } = await api<{ token: string }>(project.base, '/api/web/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { mix, findingNothing } = await resolveMix(
      project.base,
      token,
      buildOrderSearchMix(sources, options.searches),
    );
    const sample = mix.filter((_request, index) => index % 10 === 0).slice(0, 200);
    const projectAnswers = await answersOf(project.base, token, sample);
    const common = { tokens: [token], seconds: options.seconds };
    const saturated = await load(
      {
        ...common,
        baseUrl: project.base,
        mode: { kind: 'saturation', connections: options.connections },
        warmupSeconds: options.warmupSeconds,
      },
      mix,
    );
    const rate =
      options.rate ?? Math.max(10, Math.round(saturated.completed / saturated.seconds / 2));
    const fixed = await load(
      {
        ...common,
        baseUrl: project.base,
        mode: { kind: 'rate', rate, connections: options.connections },
        warmupSeconds: 0,
      },
      mix,
    );
    await project.stop();
    isProjectRunning = false;

    const floor = await startFloor(database, { [token]: account.storeId });
    try {
      const floorAnswers = await answersOf(floor.base, token, sample);
      const differing = sample
        .filter((_request, index) => floorAnswers[index] !== projectAnswers[index])
        .map((request) => `${request.kind} ${request.path}`);
      const floorRun = await load(
        {
          ...common,
          baseUrl: floor.base,
          mode: { kind: 'saturation', connections: options.connections },
          warmupSeconds: options.warmupSeconds,
        },
        mix,
      );
      return {
        mix,
        findingNothing,
        project: saturated,
        fixed: { ...fixed, rate },
        floor: floorRun,
        agreement: {
          same: sample.length - differing.length,
          sampled: sample.length,
          differing: differing.slice(0, 3),
        },
      };
    } finally {
      await floor.stop();
    }
  } finally {
    if (isProjectRunning) await project.stop();
  }
};
