import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aNewAccount, registerByApi, useSessionToken } from './support/accounts';
import { hasChromium, launchBrowser, SKIP_REASON, takeShot } from './support/browser';
import { startServer, type TestServer } from './support/server';

describe.skipIf(!hasChromium)(`Export my data${SKIP_REASON}`, () => {
  let server: TestServer;
  let browser: Browser;
  let unpacked: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    unpacked = await mkdtemp(path.join(tmpdir(), 'atelier-e2e-export-'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    if (unpacked) await rm(unpacked, { recursive: true, force: true });
  });

  it('starts an export on /account-info, follows its progress to complete and downloads the archive', async () => {
    const { baseUrl } = server;
    const account = aNewAccount({ storeTitle: 'Fern & Flax' });
    const token = await registerByApi(baseUrl, account);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await useSessionToken(page, baseUrl, token);
    // What the server pushes on the page's sockets: the job's progress must arrive live.
    const jobFrames: string[] = [];
    let isSocketOpen = false;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        // Engine.IO's upgrade probe: from now on every packet comes over this websocket.
        if (payload === '3probe') isSocketOpen = true;
        if (payload.includes('"job:updated"')) jobFrames.push(payload);
      }),
    );

    await page.goto(`${baseUrl}/account-info`);
    const section = page.getByRole('region', { name: 'Export my data' });
    await section.waitFor({ timeout: 15_000 });
    await section.getByText('Conversations, messages and read markers').waitFor();

    // Every percentage the bar shows, from the click on.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seenProgress: number[] }).seenProgress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('#data-export [role="progressbar"]')) {
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (seen.at(-1) !== value) seen.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    for (let waited = 0; !isSocketOpen; waited += 50) {
      if (waited > 15_000) throw new Error('the job updates socket did not connect');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await section.getByRole('button', { name: 'Export my data' }).click();

    const download = section.getByRole('button', { name: /Download archive/ });
    await download.waitFor({ timeout: 30_000 });
    await section.getByText('Your data export is ready').waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { seenProgress: number[] }).seenProgress,
    );
    // A small store exports in well under a second: the bar may jump from queued to complete.
    expect(seen[0]).toBeLessThan(100);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(jobFrames.some((frame) => frame.includes('"status":"RUNNING"'))).toBe(true);
    expect(jobFrames.some((frame) => frame.includes('"status":"COMPLETED"'))).toBe(true);
    await takeShot(page, 'data-export-complete');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(
      /^atelier-export-sto_[a-z0-9]+-\d{4}-\d{2}-\d{2}\.tar\.gz$/,
    );
    const archive = path.join(unpacked, file.suggestedFilename());
    await file.saveAs(archive);
    await extract({ file: archive, cwd: unpacked });
    const [folder] = (await readdir(unpacked)).filter((name) => !name.endsWith('.tar.gz'));
    const names = await readdir(path.join(unpacked, folder!));
    for (const table of ['stores', 'users', 'team_members', 'custom_projects', 'chat_messages']) {
      expect(names).toContain(`${table}.csv`);
      expect(names).toContain(`${table}.json`);
    }
    expect(names).toContain('manifest.json');
    const stores = JSON.parse(
      await readFile(path.join(unpacked, folder!, 'stores.json'), 'utf8'),
    ) as { title: string }[];
    expect(stores).toEqual([expect.objectContaining({ title: 'Fern & Flax' })]);

    // Started again, the section follows the new export.
    await section.getByRole('button', { name: 'Export again' }).click();
    await section.getByText('Your data export is ready').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
