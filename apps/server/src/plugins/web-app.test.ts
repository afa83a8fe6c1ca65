import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';

describe('web app on the API port', () => {
  let context: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'atelier-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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
});
