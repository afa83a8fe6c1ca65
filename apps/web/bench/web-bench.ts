import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { SESSION_TOKEN_KEY } from '../e2e/support/accounts';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { REPO_ROOT, WEB_DIR } from '../e2e/support/paths';
import { startServer } from '../e2e/support/server';
import { goalsFor, median, readRun, type PageRun, type Preset } from './web-bench-report';

/**
 * `npm run bench:web` (issue 10): Lighthouse on the production build as a first visitor gets it.
 *
 * Builds the web app, starts `npm start`'s server in its own process on a scratch DATA_DIR
 * (seeded as on a first `npm start`, demo accounts included), signs in as the demo creator for
 * the signed-in pages (the session token is put in the origin's localStorage over CDP, and
 * Lighthouse runs with storage reset off so it keeps it), and runs Lighthouse with Debian's
 * Chromium on /login, /homebase and /browse-suppliers (desktop preset) and /login (mobile
 * preset). Each run gets a fresh browser profile, so nothing is cached between runs. Prints the
 * median of `--repeats` runs, the machine's load beside it, the scripts each page loaded (count,
 * bytes, gzip bytes) and issue 10's goals met or not. Never part of `npm test`; figures, not
 * pass/fail (only a setup failure exits non-zero).
 *
 * The same run measures a hand-written floor (bench/floor): the app's stack with none of the
 * app's code, built by Vite and served brotli-compressed by a bare node:http server in its own
 * process, desktop and mobile. Its figures are the best any page of the app can reach here.
 *
 * Flags: --repeats 3, --keep-reports DIR (each run's Lighthouse JSON report), --skip-build,
 * --pages /browse-suppliers,/login (only the page runs with those paths, both presets of /login;
 * all four when left out), --base-url http://127.0.0.1:4102 (measure a server already running
 * with the demo accounts, e.g. `npm start`, as it is: no build, no server of its own; on a busy
 * machine the bench's own server can take minutes to seed).
 */

const { values: flags } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    'keep-reports': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    pages: { type: 'string' },
    'base-url': { type: 'string' },
  },
});
const REPEATS = Number(flags.repeats);
const KEEP_DIR = flags['keep-reports'];
const DEMO = { email: 'demo@atelier.local', password: 'atelier-demo' };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
type BenchPage = { path: string; preset: Preset; signedIn: boolean; isFloor?: boolean };
const FLOOR_LABEL = 'floor (stack alone)';
/** The floor page (bench/floor), on both presets: it runs whatever `--pages` says. */
const FLOOR_PAGES: BenchPage[] = [
  { path: '/', preset: 'desktop', signedIn: false, isFloor: true },
  { path: '/', preset: 'mobile', signedIn: false, isFloor: true },
];
const ALL_PAGES: BenchPage[] = [
  { path: '/login', preset: 'desktop', signedIn: false },
  { path: '/homebase', preset: 'desktop', signedIn: true },
  { path: '/browse-suppliers', preset: 'desktop', signedIn: true },
  { path: '/login', preset: 'mobile', signedIn: false },
];
const PAGE_FILTER = flags.pages?.split(',').map((page) => page.trim());
const APP_PAGES = PAGE_FILTER
  ? ALL_PAGES.filter((page) => PAGE_FILTER.includes(page.path))
  : ALL_PAGES;
const PAGES = [...APP_PAGES, ...FLOOR_PAGES];
if (APP_PAGES.length === 0) {
  throw new Error(
    `--pages ${flags.pages}: none of ${ALL_PAGES.map((page) => page.path).join(', ')}`,
  );
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const machine = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1/5/15 min), ${cpus().length} cores`;

const buildWebApp = () => {
  const started = Date.now();
  const vite = path.join(REPO_ROOT, 'node_modules', '.bin', 'vite');
  const build = spawnSync(vite, ['build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`vite build exited with ${build.status}`);
  log(`built the web app in ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

/** Builds the floor page into a scratch directory and returns it. */
const buildFloor = () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'atelier-floor-'));
  const vite = path.join(REPO_ROOT, 'node_modules', '.bin', 'vite');
  const build = spawnSync(
    vite,
    ['build', '--config', 'bench/floor/vite.config.ts', '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: WEB_DIR, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`vite build of the floor exited with ${build.status}`);
  return outDir;
};

/** Serves the floor's build from bench/floor/floor-server.ts in its own process. */
const startFloorServer = async (distDir: string) => {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [path.join(WEB_DIR, 'bench/floor/floor-server.ts'), distDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`floor server exited (${code}): ${output}`)));
  });
  return {
    baseUrl,
    dispose: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(distDir, { recursive: true, force: true });
    },
  };
};

const signIn = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/web/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`demo login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** Chromium with a fresh profile and a DevTools port, as Lighthouse's CLI would launch it. */
const launchChromium = async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'atelier-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
};

/**
 * Puts the session token in the origin's localStorage from a page that loads none of the app
 * (the health endpoint), so the measured visit still starts with an empty cache.
 */
const storeSessionToken = async (port: number, baseUrl: string, token: string) => {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/api/health/live`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      SESSION_TOKEN_KEY,
      token,
    ] as const);
    await page.close();
  } finally {
    await browser.close();
  }
};

const gzipSizes = new Map<string, number>();
/** Gzip size (default level) of a script, whatever compression the server applied. */
const gzipSize = async (url: string) => {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const size = gzipSync(body).length;
  gzipSizes.set(url, size);
  return size;
};

const measure = async (
  baseUrl: string,
  page: (typeof PAGES)[number],
  token: string,
  repeat: number,
) => {
  const chrome = await launchChromium();
  try {
    if (page.signedIn) await storeSessionToken(chrome.port, baseUrl, token);
    const loadAverage = loadavg()[0]!;
    const result = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: page.signedIn,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      page.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse on ${page.path}: ${result.lhr.runtimeError.message}`);
    }
    if (KEEP_DIR) {
      mkdirSync(KEEP_DIR, { recursive: true });
      const name = `${page.isFloor ? 'floor' : page.path.slice(1).replaceAll('/', '_')}-${page.preset}-${repeat + 1}.json`;
      writeFileSync(path.join(KEEP_DIR, name), JSON.stringify(result.lhr, null, 2));
    }
    return readRun(result.lhr, loadAverage);
  } finally {
    await chrome.close();
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '–');

const summarize = async (page: (typeof PAGES)[number], runs: PageRun[]) => {
  const last = runs[runs.length - 1]!;
  const gzip = await Promise.all(last.scripts.map((script) => gzipSize(script.url)));
  const figures = {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    bestPractices: median(runs.map((run) => run.bestPractices)),
  };
  const labels = { performance: 'perf', accessibility: 'a11y', bestPractices: 'best pr.' };
  const goals = Object.entries(page.isFloor ? {} : goalsFor(page.preset)).map(
    ([category, minimum]) => {
      const key = category as keyof typeof figures;
      return `${labels[key]} ≥ ${minimum} ${figures[key] >= minimum ? 'met' : 'NOT met'}`;
    },
  );
  const loads = runs.map((run) => run.loadAverage);
  const gzipBytes = gzip.reduce((sum, size) => sum + size, 0);
  return {
    page: page.isFloor ? FLOOR_LABEL : page.path,
    preset: page.preset,
    perf: String(figures.performance),
    a11y: String(figures.accessibility),
    'best pr.': String(figures.bestPractices),
    LCP: ms(median(runs.map((run) => run.lcpMs))),
    TBT: `${median(runs.map((run) => run.tbtMs)).toFixed(0)} ms`,
    CLS: median(runs.map((run) => run.cls)).toFixed(3),
    JS: `${last.scripts.length} files, ${kb(last.scripts.reduce((sum, s) => sum + s.bytes, 0))}, gzip ${kb(gzipBytes)}`,
    load: `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`,
    goals: page.isFloor ? 'none: the best reachable' : goals.join(', '),
    failing: [...new Set(runs.flatMap((run) => run.failingAudits))],
    gzipBytes,
  };
};

const main = async () => {
  log(`bench:web: ${PAGES.length} page runs × ${REPEATS} repeats; ${machine()}`);
  const baseUrl = flags['base-url'];
  if (!flags['skip-build'] && !baseUrl) buildWebApp();
  const started = Date.now();
  const server = baseUrl
    ? { baseUrl, dispose: async () => {} }
    : await startServer({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
  if (!baseUrl) log(`server seeded and serving in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const floor = await startFloorServer(buildFloor());
  log(`floor page built and served at ${floor.baseUrl}`);
  try {
    const token = await signIn(server.baseUrl);
    const runs = new Map<(typeof PAGES)[number], PageRun[]>(PAGES.map((page) => [page, []]));
    // Repeats interleave the pages, so a burst of load on the machine spreads over all of them.
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const page of PAGES) {
        const run = await measure(
          page.isFloor ? floor.baseUrl : server.baseUrl,
          page,
          token,
          repeat,
        );
        runs.get(page)!.push(run);
        log(
          `  run ${repeat + 1}/${REPEATS} ${page.isFloor ? 'floor' : page.path} ${page.preset}: performance ${run.performance}, ` +
            `accessibility ${run.accessibility}, best practices ${run.bestPractices} ` +
            `(load ${run.loadAverage.toFixed(2)})`,
        );
      }
    }
    const rows = await Promise.all(PAGES.map((page) => summarize(page, runs.get(page)!)));
    log();
    log(`Lighthouse ${REPEATS > 1 ? `median of ${REPEATS} runs` : '1 run'}; ${machine()}`);
    console.table(rows.map(({ failing: _failing, gzipBytes: _gzip, ...row }) => row));
    const floorRow = rows.find((row) => row.page === FLOOR_LABEL && row.preset === 'desktop');
    if (floorRow) {
      const ratios = rows
        .filter((row) => row.page !== FLOOR_LABEL && row.preset === 'desktop')
        .map((row) => `${row.page} ${(row.gzipBytes / floorRow.gzipBytes).toFixed(2)}×`);
      log(`gzip JS against the floor's ${kb(floorRow.gzipBytes)}: ${ratios.join(', ')}`);
    }
    for (const row of rows.filter((candidate) => candidate.failing.length > 0)) {
      log(`${row.page} (${row.preset}) failing audits:`);
      for (const audit of row.failing) log(`  - ${audit}`);
    }
    if (KEEP_DIR) log(`Lighthouse JSON reports in ${path.resolve(KEEP_DIR)}`);
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await floor.dispose();
    await server.dispose();
  }
};

await main();
