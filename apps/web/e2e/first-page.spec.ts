import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON } from './support/browser';
import { startServer, type TestServer } from './support/server';

type LoadedScript = { name: string; encoding: string | null; bytesSent: number };

/** Opens `path` and lists the scripts the page loaded, as the browser received them. */
const openAndListScripts = async (page: Page, url: string, ready: () => Promise<unknown>) => {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return Promise.all(
    responses.map(async (response): Promise<LoadedScript> => ({
      name: new URL(response.url()).pathname.split('/').pop() ?? '',
      encoding: await response.headerValue('content-encoding'),
      bytesSent: (await response.request().sizes()).responseBodySize,
    })),
  );
};

const names = (scripts: LoadedScript[]) => scripts.map((script) => script.name).join(' ');

describe.skipIf(!hasChromium)(`issue 10: what the first page loads${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('loads /login without the code of the signed-in pages, every script brotli-compressed', async () => {
    const page = await (await browser.newContext()).newPage();
    const scripts = await openAndListScripts(page, `${server.baseUrl}/login`, () =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    expect(names(scripts)).toMatch(/login-page-/);
    expect(names(scripts)).not.toMatch(/app-layout-|homebase-page-|browse-suppliers-page-/);
    // The preview-mode dialog (Mantine's Modal) loads only once a preview account needs it.
    expect(names(scripts)).not.toMatch(/preview-mode-dialog-/);
    // The registration form, and the toasts' code, load once register mode or a toast needs them.
    expect(names(scripts)).not.toMatch(/register-form-|toast-host-/);
    expect(
      scripts.every((script) => script.encoding === 'br'),
      names(scripts),
    ).toBe(true);
    // The whole app, uncompressed, was 1.2 MB on the first visit.
    const kilobytesSent = scripts.reduce((sum, script) => sum + script.bytesSent, 0) / 1024;
    expect(kilobytesSent).toBeLessThan(300);
    await page.context().close();
  });

  it('paints the wordmark from the HTML alone, and takes it away once the first page is on screen', async () => {
    const page = await (await browser.newContext()).newPage();
    // Scripts held back: what the HTML and its stylesheet draw before any code has run.
    await page.route('**/assets/*.js', () => undefined);
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByRole('status', { name: 'Loading Atelier' }).isVisible())
      .toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    await page.context().close();
  });

  it('loads /homebase with its layout and page chunks only', async () => {
    const page = await (await browser.newContext()).newPage();
    const token = await registerByApi(server.baseUrl, aNewAccount());
    await useSessionToken(page, server.baseUrl, token);
    const scripts = await openAndListScripts(page, `${server.baseUrl}/homebase`, () =>
      page.getByTestId('welcome-title').waitFor(),
    );
    expect(names(scripts)).toMatch(/app-layout-.*homebase-page-|homebase-page-.*app-layout-/);
    expect(names(scripts)).not.toMatch(/login-page-|browse-suppliers-page-|inbox-page-/);
    // The account menu, the nav hints' tooltip (both with floating-ui) and the toasts load on use.
    expect(names(scripts)).not.toMatch(
      /account-menu-dropdown-|tooltip-for-target-|floating-ui|FocusTrap-|toast-host-/,
    );
    await page.context().close();
  });

  it('trips no Content-Security-Policy rule while pages parse answers (Zod runs without eval)', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    const token = await registerByApi(server.baseUrl, aNewAccount());
    await useSessionToken(page, server.baseUrl, token);
    await page.goto(`${server.baseUrl}/browse-suppliers`);
    await page.getByTestId('supplier-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('serves no source map of the build', async () => {
    const page = await (await browser.newContext()).newPage();
    const scripts = await openAndListScripts(page, `${server.baseUrl}/login`, () =>
      page.getByRole('button', { name: 'Log in' }).waitFor(),
    );
    for (const { name } of scripts) {
      const response = await page.request.get(`${server.baseUrl}/assets/${name}.map`);
      expect(response.status(), name).toBe(404);
    }
    await page.context().close();
  });
});
