import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';

/** The CSP header as a map of directive → its sources. */
const cspOf = (response: LightMyRequestResponse): Map<string, string[]> => {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
};

const expectSecurityHeaders = (response: LightMyRequestResponse) => {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const csp = cspOf(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toContain("'self'");
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  for (const [name, sources] of csp) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
    }
  }
};

describe('security headers', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ PUBLIC_URL: 'https://atelier.example' });
  });
  afterAll(async () => context.close());

  it('are on API answers, errors included', async () => {
    expectSecurityHeaders(await context.app.inject({ method: 'GET', url: '/api/health' }));
    const notFound = await context.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
  });

  it('are on the HTML pages: the app shell and the API docs', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/marketplace' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectSecurityHeaders(page);
    const docs = await context.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expectSecurityHeaders(docs);
  });

  it("let the app's sockets connect to its public address", async () => {
    const csp = cspOf(await context.app.inject({ method: 'GET', url: '/api/health' }));
    expect(csp.get('connect-src')).toContain('wss://atelier.example');
  });

  it('leave HSTS out on plain HTTP and out for a forwarded protocol the server does not trust', async () => {
    const plain = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forwarded = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind a trusted proxy', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => context.close());

  it('send HSTS when the proxy says the request came over HTTPS', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
    const plain = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
