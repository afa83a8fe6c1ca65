import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { JobSchema } from '../jobs/job';
import { CurrencyCodeSchema } from './order';
import {
  OrderImportColumnSchema,
  OrderImportIssueSchema,
  OrderImportModeSchema,
} from './order-import';

/**
 * Issue 11 product imports (spec §7 "shopify products and import"): a store uploads Shopify's
 * product export CSV, sees its preview (the format, each column's field, the first rows and
 * their problems), then imports it as a job with a live progress bar. Products are matched by
 * handle (or SKU), so importing a file again changes nothing. Columns: docs/import-products.md.
 */

/**
 * The channel of the products a file import creates (`Product.channel`); their external id is
 * the file's handle, so the next import of the same handle finds them.
 */
export const PRODUCT_IMPORT_CHANNEL = 'import:shopify-products';

/** The job kind of a product import (its job key is the file's id, the mode and the currency). */
export const PRODUCT_IMPORT_JOB_KIND = 'sales.product-import';

/** Largest product file accepted (bytes as uploaded; `.gz` and `.br` count compressed). */
export const MAX_PRODUCT_IMPORT_BYTES = 100 * 1024 * 1024;

/** The file formats a product import reads. */
export const PRODUCT_IMPORT_LAYOUTS = ['shopify-products'] as const;
export const ProductImportLayoutSchema = z.enum(PRODUCT_IMPORT_LAYOUTS);
export type ProductImportLayout = z.infer<typeof ProductImportLayoutSchema>;

export const PRODUCT_IMPORT_LAYOUT_LABELS: Record<ProductImportLayout, string> = {
  'shopify-products': 'Shopify products export',
};

/** An uploaded product file and its preview (the same shape as an order file's). */
export const ProductImportFileSchema = z.object({
  id: z.string(), // "pif_…"
  fileName: z.string(),
  /** Bytes as uploaded. */
  sizeBytes: z.number().int().min(0),
  /** The detected format; null when the header fits none (then `issues` says why). */
  layout: ProductImportLayoutSchema.nullable(),
  columns: z.array(OrderImportColumnSchema),
  /** The first data rows, cell by cell, as the file writes them. */
  sampleRows: z.array(z.array(z.string())),
  /** Problems found in the header or the products of the first rows (the import checks all). */
  issues: z.array(OrderImportIssueSchema),
  createdAt: z.iso.datetime(),
});
export type ProductImportFile = z.infer<typeof ProductImportFileSchema>;

/**
 * What a finished product-import job reports in its `result`. Nothing is written when `mode` is
 * ALL_OR_NOTHING and `issueCount` > 0.
 */
export const ProductImportResultSchema = z.object({
  layout: ProductImportLayoutSchema.nullable(),
  mode: OrderImportModeSchema,
  /** The currency the prices were read in (ISO 4217). */
  currencyCode: z.string(),
  /** Data rows read. */
  rows: z.number().int().min(0),
  /** Products created by this run. */
  products: z.number().int().min(0),
  /** Products of the store (same handle or SKU) whose fields or variants the file changed. */
  updatedProducts: z.number().int().min(0),
  /** Products of the store the file describes exactly as they are: left alone. */
  unchangedProducts: z.number().int().min(0),
  /** Variants of the created and updated products. */
  variants: z.number().int().min(0),
  /** All problems found; `issues` holds the first 100. */
  issueCount: z.number().int().min(0),
  issues: z.array(OrderImportIssueSchema),
});
export type ProductImportResult = z.infer<typeof ProductImportResultSchema>;

/**
 * Multipart upload with one part named `file`: a product file (.csv, .txt, either .gz or .br
 * compressed). Stored and previewed. 413 `file_too_large` above MAX_PRODUCT_IMPORT_BYTES
 * (nothing kept), 400 `file_type_not_allowed`, 400 `file_missing`, 415 `not_multipart`. A
 * header that fits no format is not refused here: the preview says so and the import cannot
 * start.
 */
export const uploadProductImportFile = defineEndpoint({
  method: 'POST',
  path: '/api/web/products/import-files',
  response: ProductImportFileSchema,
  successStatus: 201,
  summary: 'Upload a product file (multipart, part `file`) and get its preview.',
  tags: ['products'],
});

export const StartProductImportInputSchema = z.object({
  fileId: z.string().regex(/^pif_[a-z0-9]+$/, 'Not a product file id.'),
  mode: OrderImportModeSchema.default('ALL_OR_NOTHING'),
  /** The currency of the file's prices (Shopify's export does not say it). */
  currencyCode: CurrencyCodeSchema.default('USD'),
});
export type StartProductImportInput = z.input<typeof StartProductImportInputSchema>;

/**
 * Imports an uploaded product file as a job (PRODUCT_IMPORT_JOB_KIND; progress 0-10 %
 * checking, 10-100 % writing; result ProductImportResult). While the file's import runs,
 * starting it again returns that job. 404 `product_file_not_found` for a file of another store
 * or none; 400 `product_file_unreadable` (field `body.fileId`) when its header fits no format.
 */
export const startProductImport = defineEndpoint({
  method: 'POST',
  path: '/api/web/products/import-task',
  body: StartProductImportInputSchema,
  response: JobSchema,
  successStatus: 202,
  summary: 'Import an uploaded product file as a job.',
  tags: ['products'],
});
