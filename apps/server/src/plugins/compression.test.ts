import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { registerCompression } from './compression';

describe('compression of dynamic answers (issue 10)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    // Every country: a public JSON answer of about 20 KB.
    await context.reference.seedReferenceData();
  });
  afterAll(async () => context.close());

  const getCountries = (acceptEncoding?: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/commons/countries',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses an API JSON answer with brotli when asked, to the same JSON', async () => {
    const plain = await getCountries();
    const response = await getCountries('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
    // The security headers stay on a compressed answer.
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('compresses with gzip when only gzip is accepted', async () => {
    const response = await getCountries('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toMatchObject({
      items: expect.any(Array),
    });
  });

  it.each([undefined, 'identity'])('sends plain JSON to a client accepting %s', async (accept) => {
    const response = await getCountries(accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ items: expect.any(Array) });
  });
});

describe('what compression leaves alone (issue 10)', () => {
  const app = Fastify();
  const LARGE = 'x'.repeat(4096);
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/small', async () => ({ ok: true }));
    app.get('/photo', async (_request, reply) => reply.type('image/jpeg').send(Buffer.from(LARGE)));
    app.get('/archive', async (_request, reply) =>
      reply.type('application/gzip').send(Buffer.from(LARGE)),
    );
    app.get('/download', async (_request, reply) =>
      reply.type('application/octet-stream').send(Buffer.from(LARGE)),
    );
    app.get('/text', async (_request, reply) => reply.type('text/csv').send(LARGE));
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });

  it.each(['/small', '/photo', '/archive', '/download'])('sends %s as it is', async (url) => {
    const response = await get(url);
    expect(response.headers['content-encoding'], url).toBeUndefined();
  });

  it('compresses large text', async () => {
    const response = await get('/text');
    expect(response.headers['content-encoding']).toBe('br');
  });
});
