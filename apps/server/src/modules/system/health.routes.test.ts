import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof fs>();
  return { ...original, readFileSync: vi.fn(original.readFileSync) };
});

const journalReads = () =>
  vi.mocked(fs.readFileSync).mock.calls.filter(([file]) => String(file).endsWith('_journal.json'))
    .length;

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

  it('reads the migration journal at start, not on every call', async () => {
    const readsAtStart = journalReads();
    for (let call = 0; call < 3; call += 1) {
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toMatchObject({ database: { schemaVersion: expect.any(String) } });
    }
    expect(journalReads()).toBe(readsAtStart);
  });

  it('answers an unknown API path with the error shape and a 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'not_found', requestId: expect.stringMatching(/^req_/) },
    });
  });
});
