import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';

describe('GET /api/health', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context.close());

  it('reports the database engine and the applied schema version', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.engine).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.schemaVersion).toMatch(/^\d{4}_/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(response.headers['x-request-id']).toMatch(/^req_/);
  });

  it('answers an unknown API path with the error shape and a 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'not_found', requestId: expect.stringMatching(/^req_/) },
    });
  });
});
