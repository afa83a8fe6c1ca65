import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aNewAccount,
  registerByApi,
  useSessionToken,
  DEMO_SUPPLIER,
  logInAsDemoSupplier,
} from './support/accounts';
import {
  hasChromium,
  launchBrowser,
  SKIP_REASON,
  takeShot,
  waitForPageRendered,
  waitForPath,
} from './support/browser';
import { startServer, type TestServer } from './support/server';

/** A small real PDF: the server checks the content (magic bytes), not only the name. */
const TECH_PACK_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

const history = (page: Page) => page.getByRole('log', { name: 'Messages' });
const composer = (page: Page) => page.getByTestId('composer-input');
/** The Inbox entry's unread badge (or its folded group's), whichever the navigation shows. */
const unreadBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByTestId('nav-unread-badge')
    .filter({ visible: true });

/** Types a message and sends it with Enter; waits until the stored message shows. */
const sendText = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await history(page).getByText(text, { exact: true }).first().waitFor();
  await page.getByTestId('pending-message').waitFor({ state: 'detached' });
  expect(await history(page).getByText(text, { exact: true }).count()).toBe(1);
};

/**
 * Lets a test cut the page's realtime connection: while down, the socket's WebSocket is closed
 * and every new Socket.IO request (polling or WebSocket) fails, as on a dropped network.
 */
const controlRealtime = async (page: Page) => {
  let isDown = false;
  const open = new Set<WebSocketRoute>();
  await page.route('**/socket.io/**', (route) => (isDown ? route.abort() : route.continue()));
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (isDown) {
      void ws.close({ code: 4000, reason: 'network down (test)' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  return {
    drop: async () => {
      isDown = true;
      await Promise.all([...open].map((ws) => ws.close({ code: 4000, reason: 'dropped (test)' })));
      open.clear();
    },
    restore: () => {
      isDown = false;
    },
  };
};

describe.skipIf(!hasChromium)(`chat journey${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The demo install: seeded supplier user for a seeded company.
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.dispose();
  });

  it('creator and supplier chat live, with a PDF, an unread badge and a dropped connection', async () => {
    const { baseUrl } = server;
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const supplierContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(creatorContext, supplierContext);
    const creator = await creatorContext.newPage();
    const supplier = await supplierContext.newPage();
    const network = await controlRealtime(creator);

    // The supplier signs in to the supplier workspace elsewhere and waits in the inbox.
    await logInAsDemoSupplier(supplier, baseUrl);

    // The creator opens the supplier's profile and messages it from there.
    const account = aNewAccount({ storeTitle: 'Fernwood Goods' });
    await useSessionToken(creator, baseUrl, await registerByApi(baseUrl, account));
    await creator.goto(`${baseUrl}/browse-suppliers/supplier-profile/${DEMO_SUPPLIER.companyId}`);
    await creator.getByTestId('message-supplier').click();
    await creator.waitForURL(/\/inbox\/messages\/cnv_[a-z0-9]+$/);
    await waitForPageRendered(creator);
    const conversationPath = new URL(creator.url()).pathname;
    const conversationId = conversationPath.split('/').pop()!;
    await sendText(creator, 'Hello! Can you make 300 denim jackets?');
    await takeShot(creator, 'chat-creator-sent', { fullPage: false });

    // The supplier sees the new conversation and the message arrive without reloading.
    const supplierUrlBefore = supplier.url();
    const conversationLink = supplier
      .getByTestId('conversation-link')
      .filter({ hasText: account.storeTitle });
    await conversationLink.waitFor({ timeout: 15_000 });
    expect(await conversationLink.textContent()).toContain('Can you make 300 denim jackets?');
    expect(supplier.url()).toBe(supplierUrlBefore);
    await conversationLink.click();
    await waitForPath(supplier, `/partner/inbox/${conversationId}`);
    await history(supplier).getByText('Hello! Can you make 300 denim jackets?').waitFor();

    // The creator leaves the conversation; the supplier answers with a PDF.
    await creator
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('[data-nav-key="home"]')
      .click();
    await waitForPath(creator, '/homebase');
    expect(await unreadBadge(creator).count()).toBe(0);

    const chooser = supplier.waitForEvent('filechooser');
    await supplier.getByRole('button', { name: 'Attach files' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'tech-pack.pdf',
      mimeType: 'application/pdf',
      buffer: TECH_PACK_PDF,
    });
    await supplier.getByTestId('draft-attachment').filter({ hasText: 'tech-pack.pdf' }).waitFor();
    await supplier.getByLabel('Uploading tech-pack.pdf').waitFor({ state: 'detached' });
    await sendText(supplier, 'Yes. Our tech pack is attached.');
    await history(supplier).getByRole('button', { name: 'Download tech-pack.pdf' }).waitFor();
    await takeShot(supplier, 'chat-supplier-replied', { fullPage: false });

    // The creator's unread badge rises live, then clears once the conversation is read.
    await unreadBadge(creator).filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
    await takeShot(creator, 'chat-creator-unread-badge', { fullPage: false });
    const inboxEntry = creator.locator('[data-nav-key="sourcing.inbox"]');
    if (!(await inboxEntry.isVisible())) await creator.locator('[data-nav-key="sourcing"]').click();
    await inboxEntry.click();
    await creator
      .getByTestId('conversation-link')
      .filter({ hasText: 'Our tech pack is attached.' })
      .click();
    await waitForPath(creator, conversationPath);
    await history(creator).getByText('Yes. Our tech pack is attached.').waitFor();
    const download = history(creator).getByRole('button', { name: 'Download tech-pack.pdf' });
    await download.waitFor();
    const saved = creator.waitForEvent('download');
    await download.click();
    const file = await (await saved).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(TECH_PACK_PDF)).toBe(true);
    expect((await saved).suggestedFilename()).toBe('tech-pack.pdf');
    await unreadBadge(creator).waitFor({ state: 'detached', timeout: 15_000 });
    await takeShot(creator, 'chat-creator-read-reply', { fullPage: false });

    // The creator's connection drops; what the supplier sends meanwhile arrives once, later.
    await network.drop();
    await creator.getByTestId('reconnecting').waitFor({ timeout: 15_000 });
    await sendText(supplier, 'Sent while you were away.');
    await sendText(supplier, 'And a second one.');
    await creator.waitForTimeout(1_000);
    expect(await history(creator).getByText('Sent while you were away.').count()).toBe(0);
    network.restore();
    await creator.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 30_000 });
    await history(creator).getByText('And a second one.').waitFor({ timeout: 15_000 });
    expect(await history(creator).getByText('Sent while you were away.').count()).toBe(1);
    expect(await history(creator).getByText('And a second one.').count()).toBe(1);
    await sendText(creator, 'Got both, thanks!');
    await history(supplier).getByText('Got both, thanks!').waitFor();
    expect(await history(supplier).getByText('Got both, thanks!').count()).toBe(1);
    await takeShot(supplier, 'chat-supplier-after-reconnect', { fullPage: false });
  });
});
