import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrationTags } from '@/db/migrate';
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

  it('reads the migration journal once per process, not on every call', async () => {
    // The tags read at start are the very list every later call gets back (a read per call
    // would parse a new list). No module mock: test files share their worker's modules.
    const atStart = listMigrationTags();
    for (let call = 0; call < 3; call += 1) {
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toMatchObject({ database: { schemaVersion: atStart.at(-1) } });
    }
    expect(listMigrationTags()).toBe(atStart);
  });

  it('answers an unknown API path with the error shape and a 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'not_found', requestId: expect.stringMatching(/^req_/) },
    });
  });
});
