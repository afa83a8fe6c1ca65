import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import type { ExportSource } from './export-source';
import { jobFilesDir } from './job.service';
import { anActorOf, createJobsTestContext, type JobsTestContext } from './job-test-context';
import type { JobsModule } from './index';

let context: JobsTestContext;
let unpacked: string;
beforeEach(async () => {
  context = await createJobsTestContext();
  unpacked = await mkdtemp(path.join(os.tmpdir(), 'atelier-export-'));
});
afterEach(async () => {
  await context.close();
  await rm(unpacked, { recursive: true, force: true });
});

const untar = async (jobs: JobsModule, job: Job) => {
  const file = await jobs.jobService.getResultFile(anActorOf(job.storeId), job.id);
  await extract({ file: file.filePath, cwd: unpacked });
  const [folder] = await readdir(unpacked);
  return path.join(unpacked, folder!);
};

describe('Export my data', () => {
  it('resumes after its worker stops mid-run and completes once, with one archive', async () => {
    let isBlocking = true;
    let releaseBlocked: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      releaseBlocked = resolve;
    });
    let reachedBlock: () => void = () => {};
    const atBlock = new Promise<void>((resolve) => {
      reachedBlock = resolve;
    });
    const pages = [
      ['r1', 'r2'],
      ['r3', 'r4'],
      ['r5', 'r6'],
    ];
    const slowSource: ExportSource = {
      table: 'slow_rows',
      columns: ['id'],
      countRows: async () => 6,
      async listRows(_storeId, after) {
        const index = after === null ? 0 : Number(after);
        if (index === 1 && isBlocking) {
          reachedBlock();
          await blocked;
        }
        return {
          rows: pages[index]!.map((id) => ({ id })),
          next: index < pages.length - 1 ? String(index + 1) : null,
        };
      },
    };
    const storeId = 'sto_resume';
    const first = context.build();
    first.addExportSources(slowSource);
    await first.start();
    const started = await first.startDataExport(anActorOf(storeId));
    await atBlock;

    const stopping = first.stop();
    releaseBlocked();
    await stopping;
    isBlocking = false;
    const interrupted = await first.jobService.getJob(anActorOf(storeId), started.id);
    expect(interrupted).toMatchObject({ status: 'QUEUED', attempts: 1 });

    const second = context.build();
    second.addExportSources(slowSource);
    await second.start();
    const done = await context.wait(
      second,
      storeId,
      started.id,
      (job) => job.status === 'COMPLETED',
    );
    expect(done).toMatchObject({ attempts: 2, counts: { tables: 2, rows: 7 } });

    const dir = jobFilesDir(context.dataDir, started.id);
    expect(await readdir(dir)).toEqual([done.result?.fileName]);
    const folder = await untar(second, done);
    const rows = JSON.parse(await readFile(path.join(folder, 'slow_rows.json'), 'utf8')) as {
      id: string;
    }[];
    expect(rows.map((row) => row.id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    const csv = await readFile(path.join(folder, 'slow_rows.csv'), 'utf8');
    expect(csv).toBe('id\r\nr1\r\nr2\r\nr3\r\nr4\r\nr5\r\nr6\r\n');
    const statuses = (await context.publishedJobs(started.id)).map((job) => job.status);
    expect(statuses.filter((status) => status === 'COMPLETED')).toHaveLength(1);
  });

  it('leaves no file behind when canceled', async () => {
    let reachedBlock: () => void = () => {};
    const atBlock = new Promise<void>((resolve) => {
      reachedBlock = resolve;
    });
    const endless: ExportSource = {
      table: 'endless',
      columns: ['id'],
      countRows: async () => 1000,
      async listRows(_storeId, after) {
        const index = after === null ? 0 : Number(after);
        if (index === 3) reachedBlock();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { rows: [{ id: `e${index}` }], next: String(index + 1) };
      },
    };
    const storeId = 'sto_cancel';
    const jobs = context.build();
    jobs.addExportSources(endless);
    await jobs.start();
    const started = await jobs.startDataExport(anActorOf(storeId));
    await atBlock;
    await jobs.jobService.cancelJob(anActorOf(storeId), started.id);
    const dir = jobFilesDir(context.dataDir, started.id);
    await expect
      .poll(async () => (await readdir(dir).catch(() => [])).length, { timeout: 3000 })
      .toBe(0);
    await expect(
      jobs.jobService.getResultFile(anActorOf(storeId), started.id),
    ).rejects.toMatchObject({ code: 'not_found', reason: 'job_result_not_ready' });
  });
});
