import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import type { StoreOrderPage } from '@atelier/contract/sales/order';
import {
  startOrderImport,
  uploadOrderImportFile,
  type OrderImportIssue,
} from '@atelier/contract/sales/order-import';
import type { ProductPage } from '@atelier/contract/sales/product';
import {
  startProductImport,
  uploadProductImportFile,
} from '@atelier/contract/sales/product-import';
import { REPO_ROOT } from '@/lib/paths';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { multipart } from '@/testing/upload-factories';

/**
 * Issue 11 "Bad input": for every format the imports read, a wrong delimiter, a byte-order mark,
 * a stray quote, a 10 MB line, Latin-1 bytes and an unknown column set give a clear, row-numbered
 * problem (or, for the mark, a normal import), nothing half-written and never a 500; an upload
 * over the limit is refused with nothing kept.
 */

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Format = {
  layout: string;
  kind: 'orders' | 'products';
  fileName: string;
  text: string;
  /** How cells are separated in the file. */
  separator: ',' | ' ';
};

let context: TestContext;
let dataDir: string;
const formats: Format[] = [];

const example = (name: string) => readFile(path.join(REPO_ROOT, 'docs/examples', name), 'utf8');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-bad-files-'));
  context = await createTestApp({ DATA_DIR: dataDir });
  await context.reference.seedReferenceData();
  formats.push(
    {
      layout: 'atelier',
      kind: 'orders',
      fileName: 'orders.csv',
      separator: ',',
      text: [
        'order_id,placed_at,sku,title,quantity,unit_price',
        'A-1,2026-03-01 10:00,TEE,Boxy tee,1,25.00',
        'A-2,2026-03-01 11:00,MUG,Mug,2,9.00',
        'A-3,2026-03-02 09:00,CAP,Cap,1,15.00',
      ].join('\n'),
    },
    {
      layout: 'uci-online-retail',
      kind: 'orders',
      fileName: 'online_retail.csv',
      separator: ',',
      text: [
        'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
        '536365,85123A,WHITE HANGING HEART,6,2010-12-01 08:26:00,2.55,17850.0,United Kingdom',
        '536366,22633,HAND WARMER UNION JACK,6,2010-12-01 08:28:00,1.85,17850.0,United Kingdom',
        '536367,84879,ASSORTED COLOUR BIRD ORNAMENT,32,2010-12-01 08:34:00,1.69,13047.0,United Kingdom',
      ].join('\n'),
    },
    {
      layout: 'shopify-orders',
      kind: 'orders',
      fileName: 'orders_export.csv',
      separator: ',',
      text: await example('shopify-orders-export.csv'),
    },
    {
      layout: 'woocommerce-orders',
      kind: 'orders',
      fileName: 'orders-export.csv',
      separator: ',',
      text: await example('woocommerce-orders-export.csv'),
    },
    {
      layout: 'cdnow',
      kind: 'orders',
      fileName: 'CDNOW_master.txt',
      separator: ' ',
      text: [
        ' customer_id date number_of_cds dollar_value',
        ' 00001 19970101  1   11.77',
        ' 00002 19970112  1   12.00',
        ' 00003 19970102  2   20.76',
        '',
      ].join('\r\n'),
    },
    {
      layout: 'shopify-products',
      kind: 'products',
      fileName: 'products_export.csv',
      separator: ',',
      text: await example('shopify-products-export.csv'),
    },
  );
});
afterAll(async () => {
  await context.close();
  await rm(dataDir, { recursive: true, force: true });
});

const routesOf = (format: Format) =>
  format.kind === 'orders'
    ? { upload: uploadOrderImportFile.path, start: startOrderImport.path }
    : { upload: uploadProductImportFile.path, start: startProductImport.path };

type Preview = { id: string; layout: string | null; issues: OrderImportIssue[] };

const upload = async (
  account: Account,
  format: Format,
  bytes: Buffer,
  fileName = format.fileName,
) => {
  const body = multipart(fileName, bytes, { contentType: 'text/csv' });
  return context.app.inject({
    method: 'POST',
    url: routesOf(format).upload,
    headers: { ...account.headers, ...body.headers },
    payload: body.payload,
  });
};

const preview = async (account: Account, format: Format, bytes: Buffer): Promise<Preview> => {
  const response = await upload(account, format, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Preview>();
};

/** Runs the import of an uploaded file to its end: its result's problems. */
const run = async (account: Account, format: Format, fileId: string, mode: string) => {
  const started = await context.app.inject({
    method: 'POST',
    url: routesOf(format).start,
    headers: account.headers,
    payload: { fileId, mode },
  });
  expect(started.statusCode, started.body).toBe(202);
  for (let round = 0; round < 600; round += 1) {
    const job = (
      await context.app.inject({
        method: 'GET',
        url: `/api/jobs/${started.json<Job>().id}`,
        headers: account.headers,
      })
    ).json<Job>();
    if (job.status === 'COMPLETED') return job.result as { issues: OrderImportIssue[] };
    expect(job.status, `${format.layout}: ${job.error ?? ''}`).not.toBe('FAILED');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
};

/** How many orders or products the store has. */
const countOf = async (account: Account, format: Format) => {
  if (format.kind === 'orders') {
    const page = (
      await context.app.inject({ method: 'GET', url: '/api/web/orders', headers: account.headers })
    ).json<StoreOrderPage>();
    return page.counts.ALL;
  }
  const page = (
    await context.app.inject({ method: 'GET', url: '/api/web/products', headers: account.headers })
  ).json<ProductPage>();
  return page.counts.ACTIVE + page.counts.ARCHIVED;
};

/** The file with its third row (the second data row) changed. */
const withThirdRow = (format: Format, change: (line: string) => string) => {
  const newline = format.text.includes('\r\n') ? '\r\n' : '\n';
  const lines = format.text.split(newline);
  lines[2] = change(lines[2]!);
  return lines.join(newline);
};

/** The file imports nothing, in either mode, and says what is wrong on `row`. */
const expectRefused = async (
  account: Account,
  format: Format,
  bytes: Buffer,
  expected: { row: number; field: string; message: RegExp },
) => {
  const file = await preview(account, format, bytes);
  expect(file.issues, format.layout).toContainEqual(
    expect.objectContaining({ row: expected.row, field: expected.field }),
  );
  for (const mode of ['ALL_OR_NOTHING', 'VALID_ROWS']) {
    if (file.layout === null) continue;
    const result = await run(account, format, file.id, mode);
    const issue = result.issues.find(
      (candidate) => candidate.row === expected.row && candidate.field === expected.field,
    );
    expect(issue?.message, `${format.layout} ${mode}: ${JSON.stringify(result.issues)}`).toMatch(
      expected.message,
    );
    expect(await countOf(account, format), `${format.layout} ${mode}`).toBe(0);
  }
  return file;
};

describe('import files given bad input (issue 11)', () => {
  it('reads a file with a UTF-8 byte-order mark as the same file', async () => {
    for (const format of formats) {
      const account = await registerAccount(context);
      const file = await preview(account, format, Buffer.from(`\uFEFF${format.text}`));
      expect(file, format.layout).toMatchObject({ layout: format.layout, issues: [] });
      const result = await run(account, format, file.id, 'ALL_OR_NOTHING');
      expect(result.issues, format.layout).toEqual([]);
      expect(await countOf(account, format), format.layout).toBeGreaterThan(0);
    }
  }, 120_000);

  it('says which separator a file has when it is not the format’s', async () => {
    for (const format of formats) {
      const account = await registerAccount(context);
      const text =
        format.separator === ' '
          ? format.text.replace(/[ ]+/g, ';')
          : format.text.replaceAll(',', ';');
      const file = await preview(account, format, Buffer.from(text));
      expect(file.layout, format.layout).toBeNull();
      expect(file.issues[0], format.layout).toMatchObject({ row: 1, field: 'header' });
      expect(file.issues[0]!.message).toContain('separated by ";"');
      const started = await context.app.inject({
        method: 'POST',
        url: routesOf(format).start,
        headers: account.headers,
        payload: { fileId: file.id },
      });
      expect(started.statusCode).toBe(400);
      expect(await countOf(account, format)).toBe(0);
    }
  }, 120_000);

  it('names the row of a stray quote and imports nothing', async () => {
    for (const format of formats) {
      const account = await registerAccount(context);
      const text = withThirdRow(format, (line) =>
        format.separator === ' ' ? line.replace('1997', '1997"') : line.replace(',', ',x"'),
      );
      await expectRefused(account, format, Buffer.from(text), {
        row: 3,
        field: 'file',
        message: /quote/,
      });
    }
  }, 120_000);

  it('names the row of a 10 MB line and imports nothing', async () => {
    const long = 'x'.repeat(10 * 1024 * 1024);
    for (const format of formats) {
      const account = await registerAccount(context);
      const text = withThirdRow(format, (line) => `${line}${format.separator}${long}`);
      await expectRefused(account, format, Buffer.from(text), {
        row: 3,
        field: 'file',
        message: /longer than 64 KB/,
      });
    }
  }, 120_000);

  it('names the row with Latin-1 bytes and imports nothing of a file checked whole', async () => {
    for (const format of formats) {
      const account = await registerAccount(context);
      const text = withThirdRow(format, (line) => `${line.slice(0, 2)}\u0000${line.slice(2)}`);
      const [before, after] = text.split('\u0000');
      const bytes = Buffer.concat([Buffer.from(before!), Buffer.from([0xe9]), Buffer.from(after!)]);
      const file = await preview(account, format, bytes);
      expect(file.issues, format.layout).toContainEqual({
        row: 3,
        field: 'file',
        message: expect.stringContaining('UTF-8'),
      });
      const result = await run(account, format, file.id, 'ALL_OR_NOTHING');
      expect(result.issues).toContainEqual(
        expect.objectContaining({
          row: 3,
          field: 'file',
          message: expect.stringContaining('UTF-8'),
        }),
      );
      expect(await countOf(account, format), format.layout).toBe(0);
    }
  }, 120_000);

  it('says a column set is not one it reads, and starts nothing', async () => {
    for (const format of formats) {
      const account = await registerAccount(context);
      const newline = format.text.includes('\r\n') ? '\r\n' : '\n';
      const [, ...rows] = format.text.split(newline);
      const header = format.separator === ' ' ? ' client day cds value' : 'Client,Day,Items,Value';
      const file = await preview(account, format, Buffer.from([header, ...rows].join(newline)));
      expect(file.layout, format.layout).toBeNull();
      expect(file.issues[0]).toMatchObject({ row: 1, field: 'header' });
      expect(file.issues[0]!.message).toMatch(/^Not an? (order|product) file this import reads/);
      const started = await context.app.inject({
        method: 'POST',
        url: routesOf(format).start,
        headers: account.headers,
        payload: { fileId: file.id },
      });
      expect(started.statusCode).toBe(400);
    }
  }, 120_000);

  it('refuses an upload over the limit, keeping nothing, for products as for orders', async () => {
    const account = await registerAccount(context);
    const huge = Buffer.alloc(101 * 1024 * 1024, 0x61);
    for (const format of [formats[0]!, formats.at(-1)!]) {
      const response = await upload(account, format, huge, 'huge.csv');
      expect(response.statusCode, format.kind).toBe(413);
      expect(response.json()).toMatchObject({ error: { reason: 'file_too_large' } });
    }
    for (const folder of ['order-imports', 'product-imports']) {
      const stored = await readdir(path.join(dataDir, folder, account.storeId)).catch(() => []);
      expect(stored, folder).toEqual([]);
    }
  }, 120_000);
});
