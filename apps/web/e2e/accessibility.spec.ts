import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, waitForPath } from './support/browser';
import { startServer, type TestServer } from './support/server';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Lighthouse's own axe-core options (core/gather/gatherers/accessibility.js in lighthouse 13). */
const LIGHTHOUSE_AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
  rules: Object.fromEntries([
    ...[
      'accesskeys',
      'aria-allowed-role',
      'aria-conditional-attr',
      'aria-deprecated-role',
      'aria-dialog-name',
      'aria-prohibited-attr',
      'aria-treeitem-name',
      'aria-text',
      'autocomplete-valid',
      'empty-heading',
      'heading-order',
      'html-xml-lang-mismatch',
      'identical-links-same-purpose',
      'image-redundant-alt',
      'input-button-name',
      'label-content-name-mismatch',
      'landmark-one-main',
      'link-in-text-block',
      'meta-viewport',
      'presentation-role-conflict',
      'select-name',
      'skip-link',
      'svg-img-alt',
      'tabindex',
      'table-duplicate-name',
      'table-fake-caption',
      'target-size',
      'td-has-header',
    ].map((rule) => [rule, { enabled: true }]),
    ...[
      'area-alt',
      'aria-braille-equivalent',
      'aria-roledescription',
      'audio-caption',
      'blink',
      'duplicate-id',
      'frame-focusable-content',
      'frame-title-unique',
      'marquee',
      'nested-interactive',
      'no-autoplay-audio',
      'role-img-alt',
      'scrollable-region-focusable',
      'server-side-image-map',
      'summary-name',
      'aria-tab-name',
    ].map((rule) => [rule, { enabled: false }]),
  ]),
} as const;

/**
 * What Lighthouse's accessibility audits would fail on the page as it stands: axe-core with
 * Lighthouse's options. Its script is added to the page, so the context bypasses the app's CSP.
 */
const findViolations = async (page: Page) => {
  await page.addScriptTag({ path: axeSource });
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run(
        options,
      ),
    LIGHTHOUSE_AXE_OPTIONS,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
};

describe.skipIf(!hasChromium)(`issue 10 accessibility in the browser${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await registerByApi(server.baseUrl, aNewAccount());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('finds nothing to fix on /login, desktop and phone widths', async () => {
    for (const viewport of [
      { width: 1350, height: 940 },
      { width: 412, height: 823 },
    ]) {
      const page = await (await browser.newContext({ viewport, bypassCSP: true })).newPage();
      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(await findViolations(page)).toEqual([]);
      await page.context().close();
    }
  });

  it('finds nothing to fix on the supplier login, /partner/login', async () => {
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await page.goto(`${server.baseUrl}/partner/login`);
    await page.locator('h1').first().waitFor();
    expect(await findViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.each(['/homebase', '/browse-suppliers'])('finds nothing to fix on %s', async (path) => {
    const page = await (
      await browser.newContext({ viewport: { width: 1350, height: 940 }, bypassCSP: true })
    ).newPage();
    await useSessionToken(page, server.baseUrl, token);
    await page.goto(`${server.baseUrl}${path}`);
    await waitForPath(page, path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await findViolations(page)).toEqual([]);
    await page.context().close();
  });
});
