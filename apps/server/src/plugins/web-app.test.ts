import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';

const INDEX_HTML = '<!doctype html><div id="root"></div>';
const PAGE_JS = `export const page = ${JSON.stringify('A page chunk. '.repeat(400))};\n`;

// Levels unlike the on-the-fly ones, so a test can tell the build's copy from a fresh compression.
const PAGE_JS_BR = brotliCompressSync(PAGE_JS);
const PAGE_JS_GZ = gzipSync(PAGE_JS, { level: 1 });

describe('web app on the API port', () => {
  let context: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'atelier-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build writes for a text asset: the file and its .br and .gz copies (issue 10).
    writeFileSync(path.join(dist, 'assets', 'page-def456.js'), PAGE_JS);
    writeFileSync(path.join(dist, 'assets', 'page-def456.js.br'), PAGE_JS_BR);
    writeFileSync(path.join(dist, 'assets', 'page-def456.js.gz'), PAGE_JS_GZ);
    writeFileSync(path.join(dist, 'assets', 'page-def456.js.map'), '{"version":3}');
    context = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => context.close());

  it('serves hashed assets as immutable', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers client routes with index.html so a reload keeps the page', async () => {
    for (const url of ['/', '/homebase', '/browse-suppliers?searchKey=denim', '/inbox/messages']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/not-a-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  describe('precompressed assets (issue 10)', () => {
    const getPage = (acceptEncoding?: string) =>
      context.app.inject({
        method: 'GET',
        url: '/assets/page-def456.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it('sends the brotli copy when the browser accepts brotli', async () => {
      const response = await getPage('gzip, deflate, br, zstd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.rawPayload.equals(PAGE_JS_BR)).toBe(true);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE_JS);
    });

    it('sends the gzip copy when only gzip is accepted', async () => {
      const response = await getPage('gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.equals(PAGE_JS_GZ)).toBe(true);
      expect(gunzipSync(response.rawPayload).toString()).toBe(PAGE_JS);
    });

    it.each([undefined, 'identity'])(
      'sends the file itself when the browser accepts %s',
      async (acceptEncoding) => {
        const response = await getPage(acceptEncoding);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.body).toBe(PAGE_JS);
      },
    );
  });

  it('sends the app shell from its brotli copy only to a browser that asks', async () => {
    const compressed = await context.app.inject({
      method: 'GET',
      url: '/homebase',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<div id="root">');
    const plain = await context.app.inject({ method: 'GET', url: '/homebase' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('never serves a source map, even one left in the build', async () => {
    for (const url of ['/assets/page-def456.js.map', '/assets/app-abc123.js.map', '/x.map']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('"version"');
    }
  });

  it('answers a missing hashed asset with a 404, not the app shell', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('first-visit pages name their chunks in the app shell (issue 10)', () => {
  const SHELL = '<!doctype html><head><title>Atelier</title></head><div id="root"></div>';
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
  let dist: string;
  let context: TestContext;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'atelier-dist-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    writeFileSync(
      path.join(dist, 'page-preloads.json'),
      JSON.stringify({
        '/login': ['/assets/login-page-a1.js', '/assets/Paper-b2.js'],
        // Not the build's own scripts: never written into the page.
        '/homebase': [
          'https://elsewhere.example/x.js',
          '/assets/../secret.js',
          '/assets/a"b.js',
          7,
        ],
      }),
    );
    context = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => context.close());

  it("adds the page's chunks to the shell of that path, whatever the query", async () => {
    for (const url of ['/login', '/login?redirect=%2Finbox']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(preloadsOf(response.body), url).toEqual([
        '/assets/login-page-a1.js',
        '/assets/Paper-b2.js',
      ]);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });

  it('sends the plain shell for other paths and ignores entries that are not build scripts', async () => {
    for (const url of ['/homebase', '/login/', '/favorites']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(preloadsOf(response.body), url).toEqual([]);
      expect(response.body, url).not.toContain('elsewhere.example');
    }
  });

  it('follows a rebuild: new chunk names are in the shell without a restart', async () => {
    writeFileSync(
      path.join(dist, 'page-preloads.json'),
      JSON.stringify({ '/login': ['/assets/login-page-c3.js'] }),
    );
    // A rebuild writes index.html last; its new modification time is what the server notices.
    writeFileSync(path.join(dist, 'index.html'), SHELL.replace('Atelier', 'Atelier rebuilt'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    const response = await context.app.inject({ method: 'GET', url: '/login' });
    expect(response.body).toContain('Atelier rebuilt');
    expect(preloadsOf(response.body)).toEqual(['/assets/login-page-c3.js']);
  });

  it('serves the plain shell when the preload list is unreadable', async () => {
    writeFileSync(path.join(dist, 'page-preloads.json'), '{ not json');
    const later = new Date(Date.now() + 10_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    const response = await context.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(preloadsOf(response.body)).toEqual([]);
  });
});
