import { cpus, loadavg } from 'node:os';
import type { LoadResult } from '../search/search-load';
import { formatSpread, spread } from '../search/search-stats';
import type { FloorImportResult } from './import-floor';
import type { ImportRunResult } from './import-run';
import type { ImportedCounts } from './import-store';
import { byKindOf, type OrderSearchFigures } from './order-search-bench';
import { describeMix, ORDER_SEARCH_KINDS } from './order-search-mix';
import { megabytes } from './rss-sampler';

/** Issue 11's performance goals. */
export const TARGETS = {
  pgliteSeconds: 120,
  postgresSeconds: 60,
  rssGrowthBytes: 300 * 1024 * 1024,
  searchP99Ms: 50,
  searchConnections: 50,
};

/** One run of one engine: the import, its floors and the search. */
export type EngineRun = {
  machine: string;
  imported: ImportRunResult;
  counts: ImportedCounts;
  parse: FloorImportResult;
  write: FloorImportResult;
  search: OrderSearchFigures | undefined;
};

export const machine = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1/5/15 min), ${cpus().length} cores`;

const MB = 1024 * 1024;
const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');

/** One figure per run: the value alone for one run, "median (min–max)" for more. */
const cell = (values: readonly number[], digits = 0) =>
  values.length === 1 ? (values[0] ?? NaN).toFixed(digits) : formatSpread(spread(values), digits);
const median = (values: readonly number[]) => spread(values).median;

const row = (label: string, cells: readonly string[]) =>
  `   ${label.padEnd(38)}${cells.map((text) => text.padStart(16)).join('')}`;

const rssCells = (runs: readonly { rss: FloorImportResult['rss'] }[]) => [
  `${cell(runs.map((run) => run.rss.beforeBytes / MB))} MB`,
  `${cell(runs.map((run) => run.rss.peakBytes / MB))} MB`,
  `${cell(runs.map((run) => (run.rss.peakBytes - run.rss.beforeBytes) / MB))} MB`,
];

const importTable = (engineLabel: string, runs: readonly EngineRun[], isPglite: boolean) => {
  const lines: string[] = [];
  const first = runs[0]!;
  const via =
    first.imported.via === 'job'
      ? 'through the job sales.demo-order-history (its handler calls importOrderLines: VALID_ROWS, brotli)'
      : 'by importOrderLines called directly, as the job calls it (--direct: no job runner)';
  lines.push(
    `   the UCI file (data/uci-online-retail/online_retail.csv.br, ${integer(first.parse.rows)} rows) ${via}`,
  );
  const importSeconds = runs.map((run) => run.imported.seconds);
  const ratio = (floor: (run: EngineRun) => number) =>
    `${cell(
      runs.map((run) => run.imported.seconds / floor(run)),
      1,
    )}×`;
  lines.push(row('', ['time', 'import/floor', 'RSS before', 'RSS peak', 'RSS growth']));
  lines.push(
    row(first.imported.via === 'job' ? 'import (job queued → ended)' : 'import (call → return)', [
      `${cell(importSeconds, 1)} s`,
      '',
      ...rssCells(runs.map((run) => run.imported)),
    ]),
  );
  if (first.imported.runSeconds !== null) {
    lines.push(
      row('  of which the job ran', [
        `${cell(
          runs.map((run) => run.imported.runSeconds!),
          1,
        )} s`,
      ]),
    );
  }
  if (first.imported.checkSeconds !== null) {
    lines.push(
      row('  check pass, to the first batch written', [
        `${cell(
          runs.map((run) => run.imported.checkSeconds ?? NaN),
          1,
        )} s`,
      ]),
    );
  }
  for (const phase of first.imported.rss.phases) {
    const peaks = runs.map(
      (run) =>
        (run.imported.rss.phases.find((other) => other.name === phase.name)?.peakBytes ?? NaN) / MB,
    );
    lines.push(row(`  RSS peak while ${phase.name}`, ['', '', '', `${cell(peaks)} MB`]));
  }
  const heap = first.imported.rss.atPeak;
  lines.push(
    `   at the peak (run 1): V8 heap ${megabytes(heap.heapUsed)} used of ${megabytes(heap.heapTotal)}, external ${megabytes(heap.external)} (array buffers ${megabytes(heap.arrayBuffers)}), the rest native (threads, WebAssembly, code)`,
  );
  const live = runs.flatMap((run) =>
    run.imported.rss.liveHeapPeakBytes === null ? [] : [run.imported.rss.liveHeapPeakBytes / MB],
  );
  if (live.length > 0) {
    lines.push(
      `   live V8 heap (the most it held just after a full collection): ${cell(live)} MB; the heap's use beyond it is garbage not yet collected${isPglite ? ' (the database thread has a heap and WebAssembly memory of its own)' : ''}`,
    );
  }
  lines.push(
    row('floor: read + brotli + csv-parse, once', [
      `${cell(
        runs.map((run) => run.parse.seconds),
        1,
      )} s`,
      ratio((run) => run.parse.seconds),
      ...rssCells(runs.map((run) => run.parse)),
    ]),
  );
  lines.push(
    row('floor: + every row INSERTed as it is', [
      `${cell(
        runs.map((run) => run.write.seconds),
        1,
      )} s`,
      ratio((run) => run.write.seconds),
      ...rssCells(runs.map((run) => run.write)),
    ]),
  );
  const { imported, counts } = first;
  lines.push(
    `   import report: ${integer(imported.orders)} orders (${integer(imported.alreadyThere)} already there), ${integer(imported.refunds)} refunds${imported.unmatchedRefunds === null ? '' : ` (${integer(imported.unmatchedRefunds)} without an earlier order)`}, ${integer(imported.issues)} row issues; job ${imported.status}${imported.error ? `: ${imported.error}` : ''}`,
  );
  lines.push(
    `   in the store: ${integer(counts.orders)} orders (${integer(counts.canceled)} canceled, ${integer(counts.returns)} with refunds), ${integer(counts.lines)} lines, ${integer(counts.customers)} customers, ${integer(counts.refunds)} refunds`,
  );
  const limit = isPglite ? TARGETS.pgliteSeconds : TARGETS.postgresSeconds;
  const growth = median(
    runs.map((run) => run.imported.rss.peakBytes - run.imported.rss.beforeBytes),
  );
  lines.push(
    `   targets (${engineLabel}): 22,064 orders: ${verdict(imported.orders + imported.alreadyThere === 22_064)}; ≤ ${limit} s: ${verdict(median(importSeconds) <= limit)} (${median(importSeconds).toFixed(1)} s); RSS growth < ${megabytes(TARGETS.rssGrowthBytes)}: ${verdict(growth < TARGETS.rssGrowthBytes)} (${megabytes(growth)})`,
  );
  return lines;
};

const latencyCells = (results: readonly LoadResult[]) => [
  cell(results.map((result) => result.completed / result.seconds)),
  cell(
    results.map((result) => result.overall.p50),
    1,
  ),
  cell(
    results.map((result) => result.overall.p95),
    1,
  ),
  cell(
    results.map((result) => result.overall.p99),
    1,
  ),
  cell(results.map((result) => result.errors)),
];

const searchTable = (searches: readonly OrderSearchFigures[], connections: number) => {
  const lines: string[] = [];
  const first = searches[0]!;
  lines.push(
    `   orders list search (GET /api/web/orders): ${integer(first.mix.length)} distinct searches (${describeMix(first.mix)}), ${integer(first.findingNothing)} find nothing`,
  );
  lines.push(row('', ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx']));
  lines.push(
    row(
      `project, ${connections} connections`,
      latencyCells(searches.map((search) => search.project)),
    ),
  );
  lines.push(
    row(
      `floor (node:http + 1 statement), ${connections}`,
      latencyCells(searches.map((search) => search.floor)),
    ),
  );
  lines.push(
    row('project/floor (req/s)', [
      `${cell(
        searches.map(
          (search) =>
            search.project.completed /
            search.project.seconds /
            (search.floor.completed / search.floor.seconds),
        ),
        2,
      )}×`,
    ]),
  );
  lines.push(
    row(
      `project, fixed rate ${first.fixed.rate}/s, ${connections} conn.`,
      latencyCells(searches.map((search) => search.fixed)),
    ),
  );
  lines.push(row('p99 ms by kind of search', ['project', 'fixed rate', 'floor']));
  for (const kind of ORDER_SEARCH_KINDS) {
    const p99 = (pick: (search: OrderSearchFigures) => LoadResult) =>
      cell(
        searches.map((search) => byKindOf(pick(search), kind)?.p99 ?? NaN),
        1,
      );
    lines.push(
      row(`  ${kind}`, [
        p99((search) => search.project),
        p99((search) => search.fixed),
        p99((search) => search.floor),
      ]),
    );
  }
  const { agreement } = first;
  lines.push(
    `   floor answers equal to the project's: ${agreement.same} of ${agreement.sampled} sampled${agreement.differing.length > 0 ? ` (differ: ${agreement.differing.join('; ')})` : ''}`,
  );
  const p99 = median(searches.map((search) => search.project.overall.p99));
  const fixedP99 = median(searches.map((search) => search.fixed.overall.p99));
  const peak = median(searches.map((search) => search.project.completed / search.project.seconds));
  const isTargetLoad = connections === TARGETS.searchConnections;
  // Saturated, every connection always has a search waiting: by Little's law each waits
  // connections / throughput on average, so the p99 there says how fast the machine is, and
  // the fixed-rate run (ARCHITECTURE.md §6: latency at a fixed rate) is the latency users see.
  lines.push(
    `   target: p99 ≤ ${TARGETS.searchP99Ms} ms at ${TARGETS.searchConnections} connections: at a fixed rate (half the peak) ${verdict(fixedP99 <= TARGETS.searchP99Ms && isTargetLoad)} (${fixedP99.toFixed(1)} ms); saturated ${verdict(p99 <= TARGETS.searchP99Ms && isTargetLoad)} (${p99.toFixed(1)} ms; ${connections} always waiting at ${peak.toFixed(0)}/s is ${((connections / peak) * 1000).toFixed(0)} ms each on average)`,
  );
  return lines;
};

/** The figures of one engine's runs (median and range when there are several). */
export const formatEngine = (
  engineLabel: string,
  runs: readonly EngineRun[],
  options: { isPglite: boolean; connections: number },
) => {
  const lines = [
    `\n== ${engineLabel}: ${runs.length} run${runs.length === 1 ? '' : 's'}${runs.length > 1 ? ' (median (range))' : ''}; now ${machine()}`,
    ...runs.map((run, index) => `   run ${index + 1} started at ${run.machine}`),
    ...importTable(engineLabel, runs, options.isPglite),
  ];
  const searches = runs.flatMap((run) => (run.search ? [run.search] : []));
  if (searches.length > 0) lines.push('', ...searchTable(searches, options.connections));
  return lines.join('\n');
};
