import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Job } from '@atelier/contract/jobs/job';
import { ORDER_IMPORT_PREVIEW_ROWS } from '@atelier/contract/sales/order-import';
import {
  MAX_PRODUCT_IMPORT_BYTES,
  PRODUCT_IMPORT_JOB_KIND,
  ProductImportLayoutSchema,
  StartProductImportInputSchema,
  type ProductImportFile,
  type ProductImportLayout,
  type ProductImportResult,
  type StartProductImportInput,
} from '@atelier/contract/sales/product-import';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import type { JobHandler } from '@/modules/jobs';
import { createImportFiles, type ImportFilePreview, type ImportFilesDeps } from './import-files';
import {
  readFirstLine,
  readFirstRecords,
  sniffDialect,
  type FileCompression,
} from './import-records';
import {
  createProductRowsReader,
  detectProductLayout,
  toProductInput,
  type ImportedProduct,
  type ProductField,
} from './product-csv';
import { importProducts, type ProductImportReport } from './product-import';

/**
 * The preview of a stored product file: the format, each column's field, the first rows, and
 * the problems of the products those rows hold whole (a product the preview cuts is checked by
 * the import).
 */
export const previewProductFile = async (
  open: () => Readable,
  compression: FileCompression,
): Promise<ImportFilePreview<ProductImportLayout>> => {
  const dialect = await sniffDialect(open, compression);
  const { records, failure } = await readFirstRecords(
    { open, compression, dialect },
    ORDER_IMPORT_PREVIEW_ROWS + 2,
  );
  const issue = failure;
  const [header, ...rest] = records;
  if (!header) {
    // A header the parser cannot read may still be plainly another separator's: say that.
    const firstLine = issue ? await readFirstLine(open, compression) : '';
    const separated = firstLine.includes(',') ? undefined : detectProductLayout([firstLine]);
    return {
      layout: null,
      columns: [],
      sampleRows: [],
      issues: [
        separated && 'row' in separated && separated.message.startsWith('The columns are separated')
          ? separated
          : (issue ?? { row: 1, field: 'file', message: 'The file is empty.' }),
      ],
    };
  }
  const sampleRows = rest.slice(0, ORDER_IMPORT_PREVIEW_ROWS);
  const detected = detectProductLayout(header);
  if ('row' in detected) {
    return {
      layout: null,
      columns: header.map((name) => ({ header: name, field: null })),
      sampleRows,
      issues: [detected],
    };
  }
  const fieldAt = new Map<number, ProductField>();
  for (const [field, at] of Object.entries(detected.index) as [ProductField, number][]) {
    fieldAt.set(at, field);
  }
  const reader = createProductRowsReader(detected.index);
  const products: ImportedProduct[] = [];
  const issues = [];
  for (const [position, record] of rest.entries()) {
    const current = products.at(-1);
    const continues = current !== undefined && reader.handleOf(record) === current.handle;
    const read = reader.readRow(record, position + 2, continues ? current : undefined);
    if ('message' in read) {
      if (position < ORDER_IMPORT_PREVIEW_ROWS) issues.push(read);
    } else if (read !== current) products.push(read);
  }
  // The row after the sample says whether the sample's last product goes on past it.
  const whole = rest.length > ORDER_IMPORT_PREVIEW_ROWS ? products.slice(0, -1) : products;
  for (const product of whole) {
    issues.push(...toProductInput(product, 'USD', () => null).issues);
  }
  if (issue) issues.push(issue);
  return {
    layout: detected.layout,
    columns: header.map((name, at) => ({
      header: name.replace(/^\uFEFF/, ''),
      field: fieldAt.get(at) ?? null,
    })),
    sampleRows,
    issues,
  };
};

/**
 * Uploaded product files and their imports (issue 11; spec §7 "shopify products and import").
 * Every call is scoped to the caller's store.
 */
export const createProductImportFiles = (deps: ImportFilesDeps) => {
  const files = createImportFiles(deps, {
    idPrefix: 'pif',
    folder: 'product-imports',
    jobKind: PRODUCT_IMPORT_JOB_KIND,
    maxBytes: MAX_PRODUCT_IMPORT_BYTES,
    noun: 'product',
    preview: previewProductFile,
    parseLayout: (value) => ProductImportLayoutSchema.safeParse(value).data,
  });
  return {
    /**
     * Stores an uploaded product file (at most MAX_PRODUCT_IMPORT_BYTES) and answers its
     * preview. 400 `file_type_not_allowed`; 413 `file_too_large` with nothing kept.
     */
    receive: (
      actor: Actor,
      upload: Parameters<typeof files.receive>[1],
    ): Promise<ProductImportFile> => files.receive(actor, upload),

    /**
     * Starts the import of an uploaded product file as a job (PRODUCT_IMPORT_JOB_KIND), or
     * returns the one running for the same file, mode and currency. 404
     * `product_file_not_found`; 400 `product_file_unreadable`.
     */
    startImport: (actor: Actor, input: StartProductImportInput): Promise<Job> => {
      const { fileId, mode, currencyCode } = StartProductImportInputSchema.parse(input);
      return files.startImport(actor, { fileId, mode, setting: currencyCode });
    },

    findForJob: files.findForJob,
  };
};
export type ProductImportFiles = ReturnType<typeof createProductImportFiles>;

/**
 * The job of a product import (PRODUCT_IMPORT_JOB_KIND; its key is the file's id, the mode and
 * the currency). Runs `importProducts` on the stored file into the job's store; progress and
 * counts (products, updated) go to the job; its result is a ProductImportResult. Throws when the
 * file is gone (the job fails with that message).
 */
export const createProductImportHandler = (deps: {
  db: Database;
  events: EventBus;
  files: ProductImportFiles;
  /** Products per batch (the import's default unless a test says otherwise). */
  batchProducts?: number;
}): JobHandler => {
  return async (_job, context) => {
    const found = await deps.files.findForJob(context.storeId, context.key);
    if (!found) throw new Error('The uploaded file of this import is no longer kept.');
    const { size } = await stat(found.filePath);
    const currencyCode = found.setting ?? 'USD';
    const counts = (report: ProductImportReport) => ({
      products: report.products,
      updated: report.updatedProducts,
    });
    const report = await importProducts({
      db: deps.db,
      events: deps.events,
      storeId: context.storeId,
      mode: found.mode,
      currencyCode,
      open: () => createReadStream(found.filePath),
      compression: found.compression,
      sizeBytes: size,
      signal: context.signal,
      ...(deps.batchProducts ? { batchProducts: deps.batchProducts } : {}),
      onProgress: (progress, message, current) =>
        context.reportProgress(progress, message, counts(current)),
    });
    const result: ProductImportResult = {
      layout: report.layout,
      mode: found.mode,
      currencyCode,
      rows: report.rows,
      products: report.products,
      updatedProducts: report.updatedProducts,
      unchangedProducts: report.unchangedProducts,
      variants: report.variants,
      issueCount: report.issueCount,
      issues: report.issues,
    };
    const wrote = report.products + report.updatedProducts > 0;
    await context.reportProgress(100, wrote ? 'Imported' : 'Nothing imported', counts(report));
    return result;
  };
};
