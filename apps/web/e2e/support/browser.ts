import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { SHOTS_DIR } from './paths';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
/** Suite-name suffix that says why a suite did not run; never a silent pass. */
export const SKIP_REASON = hasChromium
  ? ''
  : ' (skipped: Chromium not installed at /usr/bin/chromium)';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export const takeShot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // Fixed headers land mid-page in a full-page capture taken while scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SHOTS_DIR, `${name}.png`),
    fullPage: options.fullPage ?? true,
  });
};

/** Path and query of an address, the query's parameters sorted and decoded alike. */
export const normalizeHref = (href: string): string => {
  const url = new URL(href, 'http://origin.invalid');
  const params = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const search = new URLSearchParams(params).toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
};

/** Path and query of the page (normalised, see `normalizeHref`). */
export const currentPath = (page: Page): string => normalizeHref(page.url());

/**
 * Waits until the router has rendered the page its address names. The address changes as a
 * navigation starts, while a lazy page's code may still be loading and the previous page is
 * still on screen; the app marks `<html data-router-status>` "idle" once the new page has
 * rendered (app/router.tsx). Call it after any wait on the address alone (`page.waitForURL`).
 */
export const waitForPageRendered = async (page: Page, timeout = 15_000) => {
  await page.waitForSelector('html[data-router-status="idle"]', { state: 'attached', timeout });
};

/**
 * Waits until the page shows `expected` (path and query, in any parameter order) and the router
 * has rendered it (see `waitForPageRendered`).
 */
export const waitForPath = async (page: Page, expected: string, timeout = 15_000) => {
  const want = normalizeHref(expected);
  await page.waitForURL((url) => normalizeHref(url.href) === want, { timeout });
  await waitForPageRendered(page, timeout);
};
