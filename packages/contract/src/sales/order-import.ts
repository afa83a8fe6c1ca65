import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { JobSchema } from '../jobs/job';

/**
 * Issue 11 imports from the browser (spec §7 store orders, `import-task`): a store uploads an
 * order file, sees a preview of it (the format detected, how each column is read, the first
 * rows), then runs the import as a job with a live progress bar. Formats and their columns:
 * docs/import-orders.md.
 */

/** The job kind of an order import started from the browser (its job key is the file's id). */
export const ORDER_IMPORT_JOB_KIND = 'sales.order-import';

/** Largest order file accepted (bytes as uploaded; `.csv.gz` and `.csv.br` count compressed). */
export const MAX_ORDER_IMPORT_BYTES = 100 * 1024 * 1024;

/** Rows of the file shown in the preview (after the header). */
export const ORDER_IMPORT_PREVIEW_ROWS = 5;

/** The file formats an order import reads, told apart by their headers. */
export const ORDER_IMPORT_LAYOUTS = [
  'atelier',
  'uci-online-retail',
  'shopify-orders',
  'woocommerce-orders',
  'cdnow',
] as const;
export const OrderImportLayoutSchema = z.enum(ORDER_IMPORT_LAYOUTS);
export type OrderImportLayout = z.infer<typeof OrderImportLayoutSchema>;

export const ORDER_IMPORT_LAYOUT_LABELS: Record<OrderImportLayout, string> = {
  atelier: 'Atelier order lines',
  'uci-online-retail': 'UCI Online Retail',
  'shopify-orders': 'Shopify orders export',
  'woocommerce-orders': 'WooCommerce orders export (one row per item)',
  cdnow: 'CDNOW purchase history',
};

/**
 * The endings of the files an import reads (orders and products): CSV, or blank-separated text
 * (the CDNOW file), plain or compressed with gzip or brotli.
 */
export const IMPORT_FILE_EXTENSIONS = [
  '.csv',
  '.csv.gz',
  '.csv.br',
  '.txt',
  '.txt.gz',
  '.txt.br',
] as const;

/** Whether a file's name has one of IMPORT_FILE_EXTENSIONS (any case). */
export const isImportFileName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
};

/** ALL_OR_NOTHING writes nothing when any row has a problem; VALID_ROWS leaves those orders out. */
export const ORDER_IMPORT_MODES = ['ALL_OR_NOTHING', 'VALID_ROWS'] as const;
export const OrderImportModeSchema = z.enum(ORDER_IMPORT_MODES);
export type OrderImportMode = z.infer<typeof OrderImportModeSchema>;

/** A problem with one row of the file; row 1 is the header, so data starts at row 2. */
export const OrderImportIssueSchema = z.object({
  row: z.number().int().min(1),
  /** The file's column header (or `header`, `file`, `order`, `total`). */
  field: z.string(),
  message: z.string(),
});
export type OrderImportIssue = z.infer<typeof OrderImportIssueSchema>;

/** How one column of the file is read: the order field it fills, or null when it is ignored. */
export const OrderImportColumnSchema = z.object({
  header: z.string(),
  /** `orderId`, `placedAt`, `quantity`, … (docs/import-orders.md), or null: not imported. */
  field: z.string().nullable(),
});

/** An uploaded order file and its preview. */
export const OrderImportFileSchema = z.object({
  id: z.string(), // "oif_…"
  fileName: z.string(),
  /** Bytes as uploaded. */
  sizeBytes: z.number().int().min(0),
  /** The detected format; null when the header fits none (then `issues` says why). */
  layout: OrderImportLayoutSchema.nullable(),
  columns: z.array(OrderImportColumnSchema),
  /** The first ORDER_IMPORT_PREVIEW_ROWS data rows, cell by cell, as the file writes them. */
  sampleRows: z.array(z.array(z.string())),
  /** Problems found in the header or the sample rows (the import checks every row). */
  issues: z.array(OrderImportIssueSchema),
  createdAt: z.iso.datetime(),
});
export type OrderImportFile = z.infer<typeof OrderImportFileSchema>;

/**
 * What a finished order-import job reports in its `result` (a JobResult). Nothing is written
 * when `mode` is ALL_OR_NOTHING and `issueCount` > 0.
 */
export const OrderImportResultSchema = z.object({
  layout: OrderImportLayoutSchema.nullable(),
  mode: OrderImportModeSchema,
  /** Data rows read. */
  rows: z.number().int().min(0),
  /** Orders recorded by this run. */
  orders: z.number().int().min(0),
  /** Customers this run created (0 in results of imports before it was counted). */
  customers: z.number().int().min(0).default(0),
  /** Orders already recorded by an earlier import of the same data (their ids), skipped. */
  skippedOrders: z.number().int().min(0),
  refunds: z.number().int().min(0),
  /** Refunds with no earlier order of their customer to land on. */
  unmatchedRefunds: z.number().int().min(0),
  /** All problems found; `issues` holds the first 100. */
  issueCount: z.number().int().min(0),
  issues: z.array(OrderImportIssueSchema),
});
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;

/**
 * Multipart upload with one part named `file`: an order file ending as IMPORT_FILE_EXTENSIONS
 * say (.csv, .txt, either .gz or .br compressed). Stored for the import and previewed. 413
 * `file_too_large` above MAX_ORDER_IMPORT_BYTES (nothing kept), 400 `file_type_not_allowed`
 * for another extension, 400 `file_missing`,
 * 415 `not_multipart`. A header that fits no format is not refused here: the preview says so
 * (`layout` null, an issue on row 1) and the import cannot start.
 */
export const uploadOrderImportFile = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/import-files',
  response: OrderImportFileSchema,
  successStatus: 201,
  summary: 'Upload an order file (multipart, part `file`) and get its preview.',
  tags: ['orders'],
});

export const StartOrderImportInputSchema = z.object({
  fileId: z.string().regex(/^oif_[a-z0-9]+$/, 'Not an order file id.'),
  mode: OrderImportModeSchema.default('ALL_OR_NOTHING'),
});
export type StartOrderImportInput = z.input<typeof StartOrderImportInputSchema>;

/**
 * Spec §7 `import-task`: runs the import of an uploaded file as a job (ORDER_IMPORT_JOB_KIND;
 * progress 0-10 % checking, 10-100 % writing; result OrderImportResult). While the file's import
 * runs, starting it again returns that job. 404 `order_file_not_found` for a file of another
 * store or none; 400 `order_file_unreadable` (field `body.fileId`) when its header fits no format.
 */
export const startOrderImport = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/import-task',
  body: StartOrderImportInputSchema,
  response: JobSchema,
  successStatus: 202,
  summary: 'Import an uploaded order file as a job.',
  tags: ['orders'],
});
