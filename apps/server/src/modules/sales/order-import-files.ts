import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { parse } from 'csv-parse';
import { and, eq } from 'drizzle-orm';
import {
  MAX_ORDER_IMPORT_BYTES,
  ORDER_IMPORT_JOB_KIND,
  ORDER_IMPORT_PREVIEW_ROWS,
  OrderImportLayoutSchema,
  StartOrderImportInputSchema,
  type OrderImportFile,
  type OrderImportIssue,
  type OrderImportLayout,
  type StartOrderImportInput,
} from '@atelier/contract/sales/order-import';
import type { Job } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { compressionOf, decoderOf, MAX_ROW_BYTES, type FileCompression } from './order-import';
import { createOrderLinesReader, detectLayout, type OrderLineField } from './order-lines-csv';
import { salesOrderImportFiles, type SalesOrderImportFileRow } from './sales.table';

/** Starts a job (the jobs module's `startJob`), keyed so that a double start runs once. */
export type StartJob = (
  storeId: string,
  kind: string,
  options: { key: string; message?: string },
) => Promise<{ job: Job; isNew: boolean }>;

/** Where an uploaded order file's bytes are kept. */
export const orderImportFilePath = (dataDir: string, storeId: string, fileId: string) =>
  path.join(dataDir, 'order-imports', storeId, fileId);

/** The job key of a file's import: the file and the mode it runs in. */
export const orderImportJobKey = (fileId: string, mode: StartOrderImportInput['mode']) =>
  `${fileId}:${mode ?? 'ALL_OR_NOTHING'}`;

const ACCEPTED_NAME = /\.csv(\.gz|\.br)?$/i;

const fileTooLarge = () =>
  new AppError(
    'payload_too_large',
    `Order files can be at most ${MAX_ORDER_IMPORT_BYTES / (1024 * 1024)} MB; compress a larger one as .csv.gz.`,
    { reason: 'file_too_large' },
  );

const orderFileNotFound = () =>
  new AppError('not_found', 'There is no such uploaded order file in this store.', {
    reason: 'order_file_not_found',
  });

/** The first rows of a stored file, parsed as the import parses them (or why they cannot be). */
const readFirstRecords = async (
  open: () => Readable,
  compression: FileCompression,
  count: number,
): Promise<{ records: string[][]; issue: OrderImportIssue | null }> => {
  const source = open();
  const decoder = decoderOf(compression);
  const parser = (decoder ? source.pipe(decoder) : source).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_BYTES,
    }),
  );
  source.on('error', (error) => parser.destroy(error));
  decoder?.on('error', (error) => parser.destroy(error));
  const records: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length >= count) break;
    }
    return { records, issue: null };
  } catch (error) {
    return {
      records,
      issue: {
        row: records.length + 1,
        field: 'file',
        message: `The file cannot be read past this row: ${(error as Error).message}`,
      },
    };
  } finally {
    source.destroy();
  }
};

/** The file's first line as text (at most its first 64 KB), unpacked when compressed. */
const readFirstLine = async (open: () => Readable, compression: FileCompression) => {
  const source = open();
  const decoder = decoderOf(compression);
  const stream = decoder ? source.pipe(decoder) : source;
  let text = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.includes('\n') || text.length >= 64 * 1024) break;
    }
  } catch {
    return '';
  } finally {
    source.destroy();
  }
  return text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
};

/**
 * The preview of a stored order file (issue 11 "upload → preview"): the detected format, how
 * each column is read, the first rows and the problems found in them.
 */
export const previewOrderFile = async (
  open: () => Readable,
  compression: FileCompression,
): Promise<Pick<OrderImportFile, 'layout' | 'columns' | 'sampleRows' | 'issues'>> => {
  const { records, issue } = await readFirstRecords(
    open,
    compression,
    ORDER_IMPORT_PREVIEW_ROWS + 1,
  );
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

export type OrderImportFilesDeps = {
  db: Database;
  clock: Clock;
  /** config.dataDir: files are kept under `order-imports/<store id>/`. */
  dataDir: string;
  startJob: StartJob;
};

/**
 * Uploaded order files and their imports (issue 11; spec §7 `import-task`). Every call is
 * scoped to the caller's store.
 */
export const createOrderImportFiles = ({ db, clock, dataDir, startJob }: OrderImportFilesDeps) => {
  const findRow = async (storeId: string, id: string) => {
    const [row] = await db
      .select()
      .from(salesOrderImportFiles)
      .where(and(eq(salesOrderImportFiles.storeId, storeId), eq(salesOrderImportFiles.id, id)));
    return row;
  };

  const toFile = (
    row: SalesOrderImportFileRow,
    preview: Awaited<ReturnType<typeof previewOrderFile>>,
  ): OrderImportFile => ({
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    ...preview,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    /**
     * Stores an uploaded order file (streamed to disk, at most MAX_ORDER_IMPORT_BYTES) and
     * answers its preview. 400 `file_type_not_allowed` unless `.csv`, `.csv.gz` or `.csv.br`;
     * 413 `file_too_large` past the limit, with nothing kept.
     */
    async receive(
      actor: Actor,
      upload: { fileName: string; stream: Readable & { truncated?: boolean } },
    ): Promise<OrderImportFile> {
      const fileName = path.basename(upload.fileName).slice(0, 200);
      if (!ACCEPTED_NAME.test(fileName)) {
        upload.stream.resume();
        throw new AppError(
          'bad_request',
          'Order files are .csv (or .csv.gz, .csv.br compressed) files.',
          {
            reason: 'file_type_not_allowed',
            details: [{ field: 'body.file', message: 'Not a .csv, .csv.gz or .csv.br file.' }],
          },
        );
      }
      const id = newId('oif');
      const filePath = orderImportFilePath(dataDir, actor.storeId, id);
      await mkdir(path.dirname(filePath), { recursive: true });
      try {
        await pipeline(upload.stream, createWriteStream(filePath, { flags: 'wx' }));
        if (upload.stream.truncated) throw fileTooLarge();
      } catch (error) {
        await rm(filePath, { force: true });
        throw error;
      }
      const { size } = await stat(filePath);
      const compression = compressionOf(fileName);
      const preview = await previewOrderFile(() => createReadStream(filePath), compression);
      const [row] = await db
        .insert(salesOrderImportFiles)
        .values({
          id,
          storeId: actor.storeId,
          fileName,
          sizeBytes: size,
          compression,
          layout: preview.layout,
          createdAt: clock.now(),
        })
        .returning();
      return toFile(row!, preview);
    },

    /**
     * Starts the import of an uploaded file as a job (ORDER_IMPORT_JOB_KIND), or returns the one
     * running for the same file and mode. 404 `order_file_not_found`; 400 `order_file_unreadable`
     * when its header fits no format.
     */
    async startImport(actor: Actor, input: StartOrderImportInput): Promise<Job> {
      const { fileId, mode } = StartOrderImportInputSchema.parse(input);
      const row = await findRow(actor.storeId, fileId);
      if (!row) throw orderFileNotFound();
      if (row.layout === null) {
        throw new AppError(
          'bad_request',
          'This file is not an order file the import reads; its preview says why.',
          {
            reason: 'order_file_unreadable',
            details: [{ field: 'body.fileId', message: 'The header fits no order file format.' }],
          },
        );
      }
      const { job } = await startJob(actor.storeId, ORDER_IMPORT_JOB_KIND, {
        key: orderImportJobKey(fileId, mode),
        message: 'Waiting to start',
      });
      return job;
    },

    /** The stored file of a job's key, for the import job (undefined when it is gone). */
    async findForJob(
      storeId: string,
      key: string,
    ): Promise<
      | {
          row: SalesOrderImportFileRow;
          layout: OrderImportLayout;
          mode: StartOrderImportInput['mode'];
          filePath: string;
        }
      | undefined
    > {
      const [fileId = '', mode] = key.split(':');
      const row = await findRow(storeId, fileId);
      const layout = OrderImportLayoutSchema.safeParse(row?.layout);
      if (!row || !layout.success) return undefined;
      return {
        row,
        layout: layout.data,
        mode: mode === 'VALID_ROWS' ? 'VALID_ROWS' : 'ALL_OR_NOTHING',
        filePath: orderImportFilePath(dataDir, storeId, row.id),
      };
    },
  };
};
export type OrderImportFiles = ReturnType<typeof createOrderImportFiles>;
