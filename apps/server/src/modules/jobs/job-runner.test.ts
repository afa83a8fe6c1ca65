import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobContext } from './job-runner';
import { anActorOf, createJobsTestContext, type JobsTestContext } from './job-test-context';

let context: JobsTestContext;
beforeEach(async () => {
  context = await createJobsTestContext();
});
afterEach(async () => {
  await context.close();
});

const STORE = 'sto_jobsone';
const OTHER_STORE = 'sto_jobstwo';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves when it wants the handler to go on. */
const aGate = () => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/** Reports progress until aborted (a long task that honours cancel). */
const runUntilAborted = async ({ signal, reportProgress }: JobContext, onAbort: () => void) => {
  for (let step = 0; ; step += 1) {
    if (signal.aborted) {
      onAbort();
      signal.throwIfAborted();
    }
    await reportProgress(Math.min(step, 99), `Step ${step}`, { steps: step }).catch(
      (error: unknown) => {
        onAbort();
        throw error;
      },
    );
    await sleep(20);
  }
};

describe('startJob', () => {
  it('runs a double submit with the same key once and returns the same job', async () => {
    const jobs = context.build();
    let runs = 0;
    const gate = aGate();
    jobs.register('test.counted', async () => {
      runs += 1;
      await gate.opened;
      return { fileName: 'done.txt' };
    });
    await jobs.start();

    const submit = () => jobs.jobService.startJob(STORE, 'test.counted', { key: 'same' });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(second.job.id).toBe(first.job.id);
    expect([first.isNew, second.isNew].sort()).toEqual([false, true]);

    await context.wait(jobs, STORE, first.job.id, (job) => job.status === 'RUNNING');
    const whileRunning = await submit();
    expect(whileRunning).toMatchObject({ isNew: false, job: { id: first.job.id } });
    const otherKey = await jobs.jobService.startJob(STORE, 'test.counted', { key: 'other' });
    expect(otherKey.job.id).not.toBe(first.job.id);

    gate.open();
    await context.wait(jobs, STORE, first.job.id, (job) => job.status === 'COMPLETED');
    await context.wait(jobs, STORE, otherKey.job.id, (job) => job.status === 'COMPLETED');
    await sleep(700);
    expect(runs).toBe(2);
    const again = await submit();
    expect(again.isNew).toBe(true);
    expect(again.job.id).not.toBe(first.job.id);
  });
});

describe('running a job', () => {
  it('reports progress with counts, throttled, and completes with its result', async () => {
    const jobs = context.build();
    jobs.register('test.progress', async (_job, { reportProgress }) => {
      // 300 reports within one whole percent and 250 ms write at most twice.
      for (let index = 0; index < 300; index += 1) {
        await reportProgress(10 + index / 1000, 'Warming up', { steps: 0 });
      }
      for (let step = 1; step <= 4; step += 1) {
        await reportProgress(step * 20, `Step ${step}`, { steps: step, rows: step * 10 });
      }
      return { fileName: 'report.csv', sizeBytes: 12, contentType: 'text/csv' };
    });
    await jobs.start();

    const { job } = await jobs.jobService.startJob(STORE, 'test.progress', { key: 'k' });
    expect(job).toMatchObject({ status: 'QUEUED', progress: 0, attempts: 0 });
    const done = await context.wait(jobs, STORE, job.id, (item) => item.status === 'COMPLETED');
    expect(done).toMatchObject({
      progress: 100,
      counts: { steps: 4, rows: 40 },
      result: { fileName: 'report.csv', sizeBytes: 12, contentType: 'text/csv' },
      attempts: 1,
      error: null,
    });
    expect(done.startedAt).not.toBeNull();
    expect(done.endedAt).not.toBeNull();

    const published = await context.publishedJobs(job.id);
    expect(published.map((item) => item.status)).toEqual([
      'QUEUED',
      'RUNNING',
      ...published.slice(2, -1).map(() => 'RUNNING'),
      'COMPLETED',
    ]);
    const warmingUp = published.filter((item) => item.message === 'Warming up');
    expect(warmingUp.length).toBeGreaterThanOrEqual(1);
    expect(warmingUp.length).toBeLessThanOrEqual(2);
    expect(published.map((item) => item.progress)).toEqual(
      expect.arrayContaining([10, 20, 40, 60, 80, 100]),
    );
    expect(published.every((item) => item.storeId === STORE)).toBe(true);
  });

  it('retries a failing handler with back-off, then marks it FAILED with its error', async () => {
    const jobs = context.build();
    const attempts: number[] = [];
    jobs.register(
      'test.failing',
      async (_job, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`Supplier feed unreachable (attempt ${attempt})`);
      },
      { retryLimit: 1, retryDelaySeconds: 1 },
    );
    await jobs.start();

    const { job } = await jobs.jobService.startJob(STORE, 'test.failing', { key: 'k' });
    const failed = await context.wait(jobs, STORE, job.id, (item) => item.status === 'FAILED');
    expect(failed).toMatchObject({
      attempts: 2,
      error: 'Supplier feed unreachable (attempt 2)',
      message: 'Failed',
    });
    expect(attempts).toEqual([1, 2]);
    const published = await context.publishedJobs(job.id);
    expect(published).toContainEqual(
      expect.objectContaining({
        status: 'QUEUED',
        message: 'Attempt 1 failed; retrying',
        error: 'Supplier feed unreachable (attempt 1)',
      }),
    );
    // The dead letter that pg-boss files for the spent job changes nothing more.
    await sleep(1500);
    expect(await context.publishedJobs(job.id)).toHaveLength(published.length);
  });
});

describe('cancelJob', () => {
  it('stops a running job at once in this process and refuses a second cancel', async () => {
    const jobs = context.build();
    let sawAbort = false;
    jobs.register('test.long', async (_job, jobContext) => {
      await runUntilAborted(jobContext, () => {
        sawAbort = true;
      });
    });
    await jobs.start();
    const { job } = await jobs.jobService.startJob(STORE, 'test.long', { key: 'k' });
    await context.wait(jobs, STORE, job.id, (item) => item.progress >= 3);

    const canceled = await jobs.jobService.cancelJob(anActorOf(STORE), job.id);
    expect(canceled).toMatchObject({ status: 'CANCELED', message: 'Canceled' });
    await expect.poll(() => sawAbort, { timeout: 2000 }).toBe(true);
    await sleep(500);
    const after = await jobs.jobService.getJob(anActorOf(STORE), job.id);
    expect(after.status).toBe('CANCELED');
    expect(after.progress).toBe(canceled.progress);
    await expect(jobs.jobService.cancelJob(anActorOf(STORE), job.id)).rejects.toMatchObject({
      code: 'conflict',
      reason: 'job_finished',
    });
  });

  it('stops a job running in another process (an api process cancels, the worker sees it)', async () => {
    const worker = context.build();
    let sawAbort = false;
    worker.register('test.quiet', async (_job, { signal }) => {
      // Reports nothing: only the worker's own check of the row can notice the cancel.
      while (!signal.aborted) await sleep(20);
      sawAbort = true;
      signal.throwIfAborted();
    });
    await worker.start();
    const api = context.build({ role: 'api' });
    api.register('test.quiet', async () => {});
    await api.start();

    const { job } = await api.jobService.startJob(STORE, 'test.quiet', { key: 'k' });
    await context.wait(api, STORE, job.id, (item) => item.status === 'RUNNING');
    await api.jobService.cancelJob(anActorOf(STORE), job.id);
    await expect.poll(() => sawAbort, { timeout: 3000 }).toBe(true);
    expect((await api.jobService.getJob(anActorOf(STORE), job.id)).status).toBe('CANCELED');
  });

  it("answers not found for another store's job", async () => {
    const jobs = context.build();
    jobs.register('test.idle', async () => {});
    await jobs.start();
    const { job } = await jobs.jobService.startJob(OTHER_STORE, 'test.idle', { key: 'k' });
    await expect(jobs.jobService.cancelJob(anActorOf(STORE), job.id)).rejects.toMatchObject({
      code: 'not_found',
      reason: 'job_not_found',
    });
    await expect(jobs.jobService.getJob(anActorOf(STORE), job.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
