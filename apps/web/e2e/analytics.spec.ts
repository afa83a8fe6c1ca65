import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSessionToken } from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
  waitForPath,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

/** The seeded demo store's owner (README "Demo account"). */
const DEMO_CREATOR = { email: 'demo@atelier.local', password: 'atelier-demo' };
const DEMO_STORE_TITLE = 'Atelier Demo Studio';
const DEMO_ORDER_HISTORY_JOB_KIND = 'sales.demo-order-history';
/** The UCI Online Retail import on PGlite takes about a minute on two cores; CI may be slower. */
const IMPORT_TIMEOUT_MS = 240_000;

/** The UCI history runs from 2010-12-01 to 2011-12-09: the default range is its last 365 days. */
const DEFAULT_RANGE = { from: '2010-12-10', to: '2011-12-09' };
const FIRST_HALF_OF_2011 = { from: '2011-01-01', to: '2011-06-30' };

const RFM_SEGMENT_NAMES = [
  'Champions',
  'Loyal customers',
  'Potential loyalists',
  'New customers',
  'Promising',
  'Need attention',
  'About to sleep',
  'At risk',
  'Can’t lose them',
  'Hibernating',
];

type ViewResult = {
  range: { from: string; to: string };
  figures: { key: string; value: number | null }[];
  tables: { key: string; rows: Record<string, string | number | null>[] }[];
};

const integerText = (value: number) => new Intl.NumberFormat('en-US').format(value);

const logInByApi = async (baseUrl: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/web/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_CREATOR),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/**
 * Waits until the demo store's order history import (a background job queued once the server
 * listens) has completed: before that every view is empty or partial.
 */
const waitForDemoOrderHistory = async (baseUrl: string, token: string) => {
  const deadline = Date.now() + IMPORT_TIMEOUT_MS;
  let last = 'no job yet';
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/jobs?kind=${DEMO_ORDER_HISTORY_JOB_KIND}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as {
      items: { status: string; progress: number; error: string | null }[];
    };
    const job = page.items[0];
    if (job?.status === 'COMPLETED') return;
    if (job?.status === 'FAILED' || job?.status === 'CANCELED') {
      throw new Error(`the demo order history import ended ${job.status}: ${job.error ?? ''}`);
    }
    if (job) last = `${job.status} at ${job.progress} %`;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the demo order history was not imported in time (${last})`);
};

const fetchView = async (
  baseUrl: string,
  token: string,
  view: string,
  range?: { from: string; to: string },
): Promise<ViewResult> => {
  const query = range ? `?${new URLSearchParams(range).toString()}` : '';
  const response = await fetch(`${baseUrl}/api/web/analytics/views/${view}${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${view} answered ${response.status}`);
  return (await response.json()) as ViewResult;
};

const figureValue = (result: ViewResult, key: string) => {
  const figure = result.figures.find((one) => one.key === key);
  if (figure?.value === null || figure?.value === undefined) throw new Error(`no figure ${key}`);
  return figure.value;
};

const figureCard = (page: Page, key: string) => page.getByTestId(`figure-${key}`);

/** The figure card's value as shown ("3,755"), without its label. */
const figureText = async (page: Page, key: string) =>
  (await figureCard(page, key).locator('p').nth(1).textContent())?.trim() ?? '';

/** A chart of the view: its caption names it; ECharts draws into an SVG inside. */
const chartOf = (page: Page, title: string) => page.getByRole('figure', { name: title });

/** Waits until ECharts has drawn the chart: its SVG holds shapes and the given text. */
const waitForChartDrawn = async (chart: Locator, text: string) => {
  const canvas = chart.getByTestId('echarts-canvas');
  await canvas.locator('svg').waitFor({ timeout: 20_000 });
  await canvas.locator('svg text', { hasText: text }).first().waitFor({ timeout: 20_000 });
  expect(await canvas.locator('svg path').count()).toBeGreaterThan(5);
};

const tableOf = (page: Page, title: string) => page.getByRole('table', { name: title });

/** The texts of a table's body, row by row (the first `limit` rows). */
const bodyRows = async (table: Locator, limit = 200): Promise<string[][]> =>
  table
    .locator('tbody tr')
    .evaluateAll(
      (rows, max) =>
        rows
          .slice(0, max)
          .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      limit,
    );

const waitForView = async (page: Page, heading: string) => {
  await waitForPageRendered(page);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  await page.getByTestId('echarts-canvas').first().waitFor({ timeout: 30_000 });
};

/** Applies a typed range with the range picker's From, To and Apply. */
const applyRange = async (page: Page, range: { from: string; to: string }) => {
  const picker = page.getByRole('region', { name: 'Date range' });
  await picker.getByRole('textbox', { name: 'From' }).fill(range.from);
  await picker.getByRole('textbox', { name: 'To' }).fill(range.to);
  await picker.getByRole('button', { name: 'Apply' }).click();
};

/** Parses the export: a UTF-8 BOM, CRLF rows, quoted cells where needed. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < body.length; at += 1) {
    const char = body[at]!;
    if (isQuoted) {
      if (char === '"' && body[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
};

/**
 * Issue 14 journeys on the demo store's real order history (the UCI Online Retail import,
 * 541,909 lines): the cohort heatmap, the RFM treemap, a range change, a CSV export and a share
 * link opened logged out, then revoked.
 */
describe.skipIf(!hasChromium)(`analytics on the demo store's order history${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];

  const newContext = async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    contexts.push(context);
    return context;
  };

  /** A page of the demo store, signed in with the API's session token. */
  const openStorePage = async (path: string) => {
    const page = await (await newContext()).newPage();
    await useSessionToken(page, server.baseUrl, token);
    await page.goto(`${server.baseUrl}${path}`);
    return page;
  };

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true', SEED_DEMO_ORDERS: 'true' } });
    browser = await launchBrowser();
    token = await logInByApi(server.baseUrl);
    await waitForDemoOrderHistory(server.baseUrl, token);
  }, IMPORT_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.dispose();
  });

  it('logs in and shows the cohort heatmap with the real cohorts beside it', async () => {
    const { baseUrl } = server;
    const page = await (await newContext()).newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(DEMO_CREATOR.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_CREATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/homebase');

    await page.goto(`${baseUrl}/analytics-cohorts`);
    await waitForView(page, 'Cohorts');
    const heatmap = chartOf(page, 'Retention by cohort');
    await waitForChartDrawn(heatmap, 'Dec 2010');
    expect(await heatmap.getByTestId('echarts-canvas').getAttribute('aria-label')).toBe(
      'Heatmap: Retention by cohort. Its data is in the table beside it.',
    );

    // Beside it, the heatmap's numbers: the first cohort is December 2010, all there in month 0.
    const retention = await bodyRows(tableOf(page, 'Retention by cohort'));
    expect(retention.map(([cohort]) => cohort)).toEqual([
      'Dec 2010',
      'Jan 2011',
      'Feb 2011',
      'Mar 2011',
      'Apr 2011',
      'May 2011',
      'Jun 2011',
      'Jul 2011',
      'Aug 2011',
      'Sep 2011',
      'Oct 2011',
      'Nov 2011',
      'Dec 2011',
    ]);
    expect(retention.every((row) => row[1] === '100%')).toBe(true);

    // The figures read off the page are the API's.
    const api = await fetchView(baseUrl, token, 'analytics-cohorts');
    expect(api.range).toEqual(DEFAULT_RANGE);
    const firstCohort = api.tables.find((table) => table.key === 'cohorts')!.rows[0]!;
    expect(firstCohort).toMatchObject({ cohort: '2010-12', monthsSince: 0 });
    const cohortSize = Number(firstCohort.cohortCustomers);
    expect(cohortSize).toBeGreaterThan(0);
    const [cohortRow] = await bodyRows(tableOf(page, 'Cohorts by months since first purchase'), 1);
    expect(cohortRow!.slice(0, 4)).toEqual([
      'Dec 2010',
      integerText(cohortSize),
      '0',
      integerText(cohortSize),
    ]);
    expect(await figureText(page, 'cohorts')).toBe('13');
    expect(await figureText(page, 'customers')).toBe(integerText(figureValue(api, 'customers')));
    await takeShot(page, 'analytics-cohorts');
  });

  it('shows the RFM treemap and the named segments, which add up to the customers', async () => {
    const page = await openStorePage('/analytics-rfm');
    await waitForView(page, 'RFM segments');
    const treemap = chartOf(page, 'Customers by RFM segment');
    await waitForChartDrawn(treemap, 'Hibernating');
    expect(await treemap.getByTestId('echarts-canvas').getAttribute('aria-label')).toMatch(
      /^Treemap: /,
    );

    const segments = await bodyRows(tableOf(page, 'RFM segments'));
    expect(segments.length).toBeGreaterThan(3);
    for (const [name] of segments) expect(RFM_SEGMENT_NAMES).toContain(name);
    const counted = segments.reduce((sum, row) => sum + Number(row[1]!.replace(/,/g, '')), 0);
    const customers = await figureText(page, 'customers');
    expect(customers).toBe(integerText(counted));
    const api = await fetchView(server.baseUrl, token, 'analytics-rfm');
    expect(customers).toBe(integerText(figureValue(api, 'customers')));
    await takeShot(page, 'analytics-rfm');
  });

  it('changes the range with the range picker: the address and the figures follow', async () => {
    const page = await openStorePage('/analytics-cohorts');
    await waitForView(page, 'Cohorts');
    await chartOf(page, 'Retention by cohort').getByText('Dec 2010').first().waitFor();
    const before = await figureText(page, 'customers');

    await applyRange(page, FIRST_HALF_OF_2011);
    await waitForPath(page, `/analytics-cohorts?from=2011-01-01&to=2011-06-30`);
    // Six cohorts, January to June 2011; December 2010's customers are no longer new.
    const cohortsCard = figureCard(page, 'cohorts');
    await cohortsCard.getByText('6', { exact: true }).waitFor({ timeout: 20_000 });
    const heatmap = chartOf(page, 'Retention by cohort');
    await waitForChartDrawn(heatmap, 'Jun 2011');
    const rows = await bodyRows(tableOf(page, 'Retention by cohort'));
    expect(rows.map(([cohort]) => cohort)).toEqual([
      'Jan 2011',
      'Feb 2011',
      'Mar 2011',
      'Apr 2011',
      'May 2011',
      'Jun 2011',
    ]);
    const after = await figureText(page, 'customers');
    expect(after).not.toBe(before);
    const api = await fetchView(server.baseUrl, token, 'analytics-cohorts', FIRST_HALF_OF_2011);
    expect(after).toBe(integerText(figureValue(api, 'customers')));
    const picker = page.getByRole('region', { name: 'Date range' });
    expect(await picker.getByRole('textbox', { name: 'From' }).inputValue()).toBe(
      FIRST_HALF_OF_2011.from,
    );
    expect(await picker.getByRole('textbox', { name: 'To' }).inputValue()).toBe(
      FIRST_HALF_OF_2011.to,
    );
    await takeShot(page, 'analytics-cohorts-first-half-2011');

    // Back goes to the previous range, figures and all.
    await page.goBack();
    await waitForPath(page, '/analytics-cohorts');
    await figureCard(page, 'customers').getByText(before, { exact: true }).waitFor();
  });

  it('exports the RFM segments table as a CSV file with the rows the page shows', async () => {
    const page = await openStorePage('/analytics-rfm');
    await waitForView(page, 'RFM segments');
    const table = tableOf(page, 'RFM segments');
    await table.locator('tbody tr').first().waitFor();
    const shown = await bodyRows(table);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export RFM segments as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `analytics-rfm-segments-${DEFAULT_RANGE.from}-${DEFAULT_RANGE.to}.csv`,
    );
    const file = await download.path();
    const [header, ...rows] = parseCsv(await readFile(file, 'utf8'));
    expect(header).toEqual([
      'Segment',
      'Customers',
      'Share of customers (%)',
      'Revenue (GBP)',
      'Average days since last purchase',
      'Average purchases',
    ]);
    expect(rows.map(([segment, customers]) => [segment, integerText(Number(customers))])).toEqual(
      shown.map(([segment, customers]) => [segment, customers]),
    );
    // Money in major units, as the table shows it ("GBP 3,891,217.83").
    const [firstRow] = rows;
    const shownRevenue = shown[0]![3]!.replace(/[^0-9.]/g, '');
    expect(Number(firstRow![3])).toBe(Number(shownRevenue));
  });

  it('shares a view by link: a logged-out visitor sees the snapshot only, until it is revoked', async () => {
    const { baseUrl } = server;
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);
    await page.goto(`${baseUrl}/analytics-rfm`);
    await waitForView(page, 'RFM segments');
    const customers = await figureText(page, 'customers');
    const champions = await figureText(page, 'champions');

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this view' });
    const linkField = dialog.getByRole('textbox', {
      name: 'Anyone with this link can see the view',
    });
    await linkField.waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Copy the link' }).click();
    await dialog.getByRole('button', { name: 'Link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await linkField.inputValue());
    expect(link).toMatch(new RegExp(`^${baseUrl}/share-report/shr_[A-Za-z0-9_-]+$`));
    await takeShot(page, 'analytics-share-dialog', { fullPage: false });

    // A visitor with no session: the snapshot, its store's title, and nothing else of the store.
    const visitor = await (await newContext()).newPage();
    await visitor.goto(link);
    await waitForPageRendered(visitor);
    await visitor.getByRole('heading', { level: 1, name: 'RFM segments' }).waitFor();
    await visitor.getByText('Shared report · read-only').waitFor();
    await visitor.getByText(DEMO_STORE_TITLE, { exact: true }).waitFor();
    await waitForChartDrawn(chartOf(visitor, 'Customers by RFM segment'), 'Hibernating');
    expect(await figureText(visitor, 'customers')).toBe(customers);
    expect(await figureText(visitor, 'champions')).toBe(champions);
    expect(await visitor.evaluate(() => localStorage.getItem('atelier.sessionToken'))).toBeNull();
    expect(await visitor.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await visitor.getByRole('region', { name: 'Date range' }).count()).toBe(0);
    const hrefs = await visitor
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((one) => new URL((one as HTMLAnchorElement).href).pathname),
      );
    const storePaths = /^\/(analytics|homebase|home|inbox|orders|inventory|order|product|customer)/;
    expect(hrefs.filter((href) => storePaths.test(href))).toEqual([]);
    await takeShot(visitor, 'analytics-share-report');

    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await dialog.getByText('No longer shared: the link shows “not found”.').waitFor();
    await visitor.reload();
    await visitor.getByText('This report was not found or is no longer shared').waitFor();
    expect(await visitor.getByText('Customers by RFM segment').count()).toBe(0);
    const shareId = new URL(link).pathname.split('/').pop()!;
    const publicShare = await fetch(`${baseUrl}/api/public/analytics/shares/${shareId}`);
    expect(publicShare.status).toBe(404);
    await takeShot(visitor, 'analytics-share-report-revoked');
  });
});
