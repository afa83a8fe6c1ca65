import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobPage } from '@atelier/contract/jobs/job';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let dataDir: string;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-job-routes-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const startExport = (account: Account) =>
  context.app.inject({ method: 'POST', url: '/api/jobs/data-export', headers: account.headers });

const getJob = (account: Account, id: string) =>
  context.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: account.headers });

const completed = async (account: Account, id: string): Promise<Job> => {
  for (let round = 0; round < 400; round += 1) {
    const job = (await getJob(account, id)).json<Job>();
    if (job.status === 'COMPLETED') return job;
    if (job.status === 'FAILED') throw new Error(`export failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export did not complete');
};

describe('POST /api/jobs/data-export', () => {
  it('answers 202 with the queued job, which completes with a downloadable archive', async () => {
    const response = await startExport(alice);
    expect(response.statusCode, response.body).toBe(202);
    const job = response.json<Job>();
    expect(job).toMatchObject({ kind: 'identity.data-export', storeId: alice.storeId });
    expect(job.id).toMatch(/^job_/);

    const done = await completed(alice, job.id);
    expect(done.result?.fileName).toMatch(
      /^atelier-export-sto_[a-z0-9]+-\d{4}-\d{2}-\d{2}\.tar\.gz$/,
    );

    const download = await context.app.inject({
      method: 'GET',
      url: `/api/jobs/${job.id}/download`,
      headers: alice.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${done.result?.fileName}"`,
    );
    const tarText = gunzipSync(download.rawPayload).toString('latin1');
    expect(tarText).toContain('stores.csv');
    expect(tarText).toContain('users.json');
    expect(tarText).toContain(alice.input.email);
    expect(tarText).not.toContain(bob.input.email);
  });

  it('refuses a caller without a session', async () => {
    expectApiError(
      await context.app.inject({ method: 'POST', url: '/api/jobs/data-export' }),
      401,
      { code: 'unauthenticated' },
    );
  });
});

describe('GET /api/jobs/:id', () => {
  it("answers 404 for another store's job, and for its download and cancel", async () => {
    const job = (await startExport(alice)).json<Job>();
    await completed(alice, job.id);
    expectApiError(await getJob(bob, job.id), 404, { code: 'not_found', reason: 'job_not_found' });
    expectApiError(
      await context.app.inject({
        method: 'GET',
        url: `/api/jobs/${job.id}/download`,
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'job_not_found' },
    );
    expectApiError(
      await context.app.inject({
        method: 'POST',
        url: `/api/jobs/${job.id}/cancel`,
        headers: bob.headers,
      }),
      404,
      { code: 'not_found', reason: 'job_not_found' },
    );
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const error = expectApiError(await getJob(alice, 'rfp_notajob'), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toEqual(['params.id']);
  });
});

describe('POST /api/jobs/:id/cancel', () => {
  it('answers 409 job_finished once the job has completed', async () => {
    const job = (await startExport(alice)).json<Job>();
    await completed(alice, job.id);
    expectApiError(
      await context.app.inject({
        method: 'POST',
        url: `/api/jobs/${job.id}/cancel`,
        headers: alice.headers,
      }),
      409,
      { code: 'conflict', reason: 'job_finished' },
    );
  });
});

describe('GET /api/jobs', () => {
  it("lists the store's jobs of a kind, newest first, page by page", async () => {
    const account = await registerAccount(context);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const job = (await startExport(account)).json<Job>();
      await completed(account, job.id);
      ids.unshift(job.id);
      context.clock.advance(1000);
    }
    const list = (query: string) =>
      context.app.inject({ method: 'GET', url: `/api/jobs?${query}`, headers: account.headers });

    const first = (await list('kind=identity.data-export&limit=2')).json<JobPage>();
    expect(first.items.map((job) => job.id)).toEqual(ids.slice(0, 2));
    const second = (
      await list(`kind=identity.data-export&limit=2&cursor=${first.nextCursor}`)
    ).json<JobPage>();
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[2] })], nextCursor: null });
    expect((await list('kind=other.kind')).json<JobPage>().items).toEqual([]);
    expectApiError(await list('kind=Not%20a%20kind'), 400, { code: 'bad_request' });
  });
});
