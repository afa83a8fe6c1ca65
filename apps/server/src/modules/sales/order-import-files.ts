import type { Readable } from 'node:stream';
import {
  MAX_ORDER_IMPORT_BYTES,
  ORDER_IMPORT_JOB_KIND,
  ORDER_IMPORT_PREVIEW_ROWS,
  OrderImportLayoutSchema,
  StartOrderImportInputSchema,
  type OrderImportFile,
  type OrderImportLayout,
  type StartOrderImportInput,
} from '@atelier/contract/sales/order-import';
import type { Job } from '@atelier/contract/jobs/job';
import type { Actor } from '@/lib/actor';
import {
  createImportFiles,
  importFilePath,
  type ImportFilePreview,
  type ImportFilesDeps,
} from './import-files';
import {
  readFirstLine,
  readFirstRecords,
  sniffDialect,
  type FileCompression,
} from './import-records';
import { createOrderLinesReader, detectLayout, type OrderLineField } from './order-lines-csv';

export { importJobKey as orderImportJobKey, type StartJob } from './import-files';

const ORDER_FILES_FOLDER = 'order-imports';

/** Where an uploaded order file's bytes are kept. */
export const orderImportFilePath = (dataDir: string, storeId: string, fileId: string) =>
  importFilePath(dataDir, ORDER_FILES_FOLDER, storeId, fileId);

/**
 * The preview of a stored order file (issue 11 "upload → preview"): the detected format, how
 * each column is read, the first rows and the problems found in them.
 */
export const previewOrderFile = async (
  open: () => Readable,
  compression: FileCompression,
): Promise<ImportFilePreview<OrderImportLayout>> => {
  const dialect = await sniffDialect(open, compression);
  const { records, failure } = await readFirstRecords(
    { open, compression, dialect },
    ORDER_IMPORT_PREVIEW_ROWS + 1,
  );
  const issue = failure;
  const [header, ...sampleRows] = records;
  if (!header) {
    // A header the parser cannot read (`"order_id";"placed_at"`) may still be plainly another
    // separator's: say that rather than the parser's words.
    const firstLine = issue ? await readFirstLine(open, compression) : '';
    const separated = firstLine.includes(',') ? undefined : detectLayout([firstLine]);
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
  const detected = detectLayout(header);
  if ('row' in detected) {
    return {
      layout: null,
      columns: header.map((name) => ({ header: name, field: null })),
      sampleRows,
      issues: [detected],
    };
  }
  const fieldAt = new Map<number, OrderLineField>();
  for (const [field, at] of Object.entries(detected.index) as [OrderLineField, number][]) {
    fieldAt.set(at, field);
  }
  const reader = createOrderLinesReader(detected.layout, detected.index);
  const issues = sampleRows.flatMap((record, position) => {
    const read = reader.readRow(record, position + 2);
    return 'issues' in read ? read.issues : [];
  });
  if (issue) issues.push(issue);
  return {
    layout: detected.layout.id,
    columns: header.map((name, at) => ({
      header: name.replace(/^\uFEFF/, ''),
      field: fieldAt.get(at) ?? null,
    })),
    sampleRows,
    issues,
  };
};

/**
 * Uploaded order files and their imports (issue 11; spec §7 `import-task`). Every call is
 * scoped to the caller's store.
 */
export const createOrderImportFiles = (deps: ImportFilesDeps) => {
  const files = createImportFiles(deps, {
    idPrefix: 'oif',
    folder: ORDER_FILES_FOLDER,
    jobKind: ORDER_IMPORT_JOB_KIND,
    maxBytes: MAX_ORDER_IMPORT_BYTES,
    noun: 'order',
    preview: previewOrderFile,
    parseLayout: (value) => OrderImportLayoutSchema.safeParse(value).data,
  });
  return {
    /**
     * Stores an uploaded order file (streamed to disk, at most MAX_ORDER_IMPORT_BYTES) and
     * answers its preview. 400 `file_type_not_allowed` unless `.csv` or `.txt` (plain, `.gz` or
     * `.br`); 413 `file_too_large` past the limit, with nothing kept.
     */
    receive: (
      actor: Actor,
      upload: Parameters<typeof files.receive>[1],
    ): Promise<OrderImportFile> => files.receive(actor, upload),

    /**
     * Starts the import of an uploaded file as a job (ORDER_IMPORT_JOB_KIND), or returns the one
     * running for the same file and mode. 404 `order_file_not_found`; 400 `order_file_unreadable`
     * when its header fits no format.
     */
    startImport: (actor: Actor, input: StartOrderImportInput): Promise<Job> =>
      files.startImport(actor, StartOrderImportInputSchema.parse(input)),

    /** The stored file of a job's key, for the import job (undefined when it is gone). */
    findForJob: files.findForJob,
  };
};
export type OrderImportFiles = ReturnType<typeof createOrderImportFiles>;
