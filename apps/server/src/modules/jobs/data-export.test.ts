import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_EXPORT_JOB_KIND, type Job } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import {
  catalogCompanyReviews,
  catalogFavorites,
  chatMessages,
  conversationReads,
  conversations,
  customProjects,
  files,
  stores,
  supplierInvites,
  teamMembers,
  users,
} from '@/db/schema';
import { newId } from '@/lib/ids';
import { createCatalogExportSources } from '@/modules/catalog/catalog.export';
import { createChatExportSources } from '@/modules/chat/chat.export';
import { createFilesExportSources } from '@/modules/files/files.export';
import { createIdentityExportSources } from '@/modules/identity/identity.export';
import { createSourcingExportSources } from '@/modules/sourcing/sourcing.export';
import { createCatalogFactories } from '@/testing/catalog-factories';
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

const FLAGS = {
  analyticsAccess: true,
  fulfillmentMetrics: false,
  productDesign: true,
  emailCapture: false,
  fulfillment: false,
};

/** One store with a row in every exported table; every text carries `marker`. */
const aStoreWithData = async (db: Database, marker: string, companyId: string) => {
  const ownerId = newId('usr');
  const memberId = newId('usr');
  const storeId = newId('sto');
  await db.insert(users).values([
    {
      id: ownerId,
      email: `${marker}-owner@example.com`,
      passwordHash: `secret-hash-${marker}`,
      name: `${marker} Owner`,
      username: `${marker}-owner`,
    },
    {
      id: memberId,
      email: `${marker}-cx@example.com`,
      passwordHash: `secret-hash-${marker}`,
      name: `${marker} Member`,
      username: `${marker}-cx`,
    },
  ]);
  await db.insert(stores).values({
    id: storeId,
    ownerUserId: ownerId,
    title: `${marker} Studio`,
    email: `${marker}-owner@example.com`,
    accountType: 'CREATOR',
    usageStyle: 'USE_THE_TOOLS_MYSELF',
    featureFlags: FLAGS,
    externalFields: [{ name: 'shopify_id', value: `${marker}-shop` }],
  });
  await db.insert(teamMembers).values([
    {
      id: newId('tm'),
      storeId,
      email: `${marker}-owner@example.com`,
      userId: ownerId,
      role: 'OWNER',
      status: 'ACCEPTED',
    },
    {
      id: newId('tm'),
      storeId,
      email: `${marker}-cx@example.com`,
      userId: memberId,
      role: 'CX',
      status: 'ACCEPTED',
    },
  ]);
  await db.insert(catalogFavorites).values({ storeId, targetType: 'COMPANY', targetId: companyId });
  await db.insert(catalogCompanyReviews).values({
    id: newId('rev'),
    companyId,
    storeId,
    authorUserId: ownerId,
    authorName: `${marker} Studio`,
    rating: 5,
    title: `${marker} review`,
    body: 'Great, "fast" and careful,\nwould order again.',
  });
  await db.insert(customProjects).values({
    id: newId('rfp'),
    storeId,
    createdByUserId: ownerId,
    status: 'DRAFT',
    step: 'BASICS',
    // A spreadsheet would run this as a formula; the CSV must not let it.
    title: `=HYPERLINK("http://evil.example","${marker}")`,
  });
  await db.insert(supplierInvites).values({
    id: newId('inv'),
    storeId,
    invitedByUserId: ownerId,
    name: `${marker} Mill`,
    website: 'https://mill.example',
    email: `${marker}-mill@example.com`,
    phoneNumber: '+15555550100',
  });
  const conversationId = newId('cnv');
  await db.insert(conversations).values({
    id: conversationId,
    name: `manufacturer:store_${storeId}-customer_${companyId}`,
    storeId,
    companyId,
    lastMessageIndex: 1,
  });
  await db.insert(chatMessages).values(
    [0, 1].map((index) => ({
      id: newId('msg'),
      conversationId,
      index,
      author: `store_${storeId}`,
      authorUserId: ownerId,
      authorName: `${marker} Owner`,
      type: 'TEXT',
      body: `${marker} message ${index}`,
      payload: { type: 'TEXT' as const },
      attachments: { fileUrls: [], imageUrls: [], videoUrls: [], pdfUrls: [] },
    })),
  );
  await db.insert(conversationReads).values({
    conversationId,
    participant: `store_${storeId}`,
    lastReadIndex: 1,
  });
  await db.insert(files).values({
    id: newId('fil'),
    owner: `store_${storeId}`,
    uploadedByUserId: ownerId,
    storageKey: `store/${marker}`,
    originalName: `${marker}-techpack.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    sizeBytes: 1234,
  });
  return storeId;
};

const moduleSources = (db: Database): ExportSource[] => [
  ...createIdentityExportSources(db),
  ...createCatalogExportSources(db),
  ...createSourcingExportSources(db),
  ...createChatExportSources(db),
  ...createFilesExportSources(db),
];

const untar = async (jobs: JobsModule, job: Job) => {
  const file = await jobs.jobService.getResultFile(anActorOf(job.storeId), job.id);
  await extract({ file: file.filePath, cwd: unpacked });
  const [folder] = await readdir(unpacked);
  return path.join(unpacked, folder!);
};

const EXPECTED_TABLES = {
  stores: 1,
  users: 2,
  team_members: 2,
  store_feature_flags: 5,
  store_external_fields: 1,
  catalog_favorites: 1,
  catalog_company_reviews: 1,
  custom_projects: 1,
  supplier_invites: 1,
  conversations: 1,
  chat_messages: 2,
  conversation_reads: 1,
  files: 1,
  jobs: 1,
};

describe('Export my data', () => {
  it("archives every table of the store as CSV and JSON, and nothing of another store's", async () => {
    const { db } = context.connection;
    const company = await createCatalogFactories(db).aCompany();
    const storeId = await aStoreWithData(db, 'alpha', company.id);
    await aStoreWithData(db, 'bravo', company.id);
    const jobs = context.build();
    jobs.addExportSources(...moduleSources(db));
    await jobs.start();

    const started = await jobs.startDataExport(anActorOf(storeId));
    expect(started).toMatchObject({ kind: DATA_EXPORT_JOB_KIND, status: 'QUEUED', storeId });
    const done = await context.wait(jobs, storeId, started.id, (job) => job.status === 'COMPLETED');
    const rowTotal = Object.values(EXPECTED_TABLES).reduce((sum, rows) => sum + rows, 0);
    expect(done).toMatchObject({
      progress: 100,
      counts: { tables: Object.keys(EXPECTED_TABLES).length, rows: rowTotal },
      result: {
        fileName: `atelier-export-${storeId}-${done.createdAt.slice(0, 10)}.tar.gz`,
        contentType: 'application/gzip',
      },
    });
    const progress = (await context.publishedJobs(started.id)).map((job) => job.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBeGreaterThan(5);

    const folder = await untar(jobs, done);
    const names = await readdir(folder);
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as {
      storeId: string;
      appVersion: string;
      exportedAt: string;
      tables: { name: string; rows: number }[];
    };
    expect(manifest).toMatchObject({ storeId, appVersion: '0.0.0-test' });
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(
      EXPECTED_TABLES,
    );
    expect(await readFile(path.join(folder, 'README.txt'), 'utf8')).toContain(
      'chat_messages: 2 rows',
    );

    let everything = '';
    for (const [table, rows] of Object.entries(EXPECTED_TABLES)) {
      expect(names).toContain(`${table}.csv`);
      expect(names).toContain(`${table}.json`);
      const json = await readFile(path.join(folder, `${table}.json`), 'utf8');
      const csv = await readFile(path.join(folder, `${table}.csv`), 'utf8');
      expect((JSON.parse(json) as unknown[]).length, table).toBe(rows);
      everything += json + csv;
    }
    expect(everything).toContain('alpha');
    expect(everything).not.toContain('bravo');
    expect(everything).not.toContain('secret-hash');

    const projects = await readFile(path.join(folder, 'custom_projects.csv'), 'utf8');
    expect(projects).toContain(`"'=HYPERLINK(""http://evil.example"",""alpha"")"`);
    const reviews = await readFile(path.join(folder, 'catalog_company_reviews.csv'), 'utf8');
    expect(reviews).toContain('"Great, ""fast"" and careful,\nwould order again."');
    const users = JSON.parse(await readFile(path.join(folder, 'users.json'), 'utf8')) as object[];
    expect(Object.keys(users[0]!).sort()).toEqual(
      ['created_at', 'email', 'id', 'name', 'updated_at', 'username'].sort(),
    );
  });

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
