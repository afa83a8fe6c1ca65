import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Job } from '@atelier/contract/jobs/job';
import {
  isImportFileName,
  type OrderImportFile,
  type OrderImportMode,
} from '@atelier/contract/sales/order-import';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { compressionOf, type FileCompression } from './import-records';
import { salesOrderImportFiles, type SalesOrderImportFileRow } from './sales.table';

/** Starts a job (the jobs module's `startJob`), keyed so that a double start runs once. */
export type StartJob = (
  storeId: string,
  kind: string,
  options: { key: string; message?: string },
) => Promise<{ job: Job; isNew: boolean }>;

/** What a preview says of a stored file: its format, columns, first rows and their problems. */
export type ImportFilePreview<Layout extends string> = Omit<
  OrderImportFile,
  'id' | 'fileName' | 'sizeBytes' | 'createdAt' | 'layout'
> & { layout: Layout | null };

/** One kind of import file (orders, products): where it is kept, how it is previewed. */
export type ImportFileKind<Layout extends string> = {
  /** Id prefix of its files (`oif`, `pif`). */
  idPrefix: string;
  /** Folder under DATA_DIR (`order-imports`). */
  folder: string;
  jobKind: string;
  maxBytes: number;
  /** "order", "product": in messages. */
  noun: string;
  preview: (
    open: () => Readable,
    compression: FileCompression,
  ) => Promise<ImportFilePreview<Layout>>;
  /** The stored layout if it is one of this kind's (else the file is not this kind's). */
  parseLayout: (value: string | null) => Layout | undefined;
};

/** Where an uploaded import file's bytes are kept. */
export const importFilePath = (dataDir: string, folder: string, storeId: string, fileId: string) =>
  path.join(dataDir, folder, storeId, fileId);

/**
 * The job key of a file's import: the file, the mode it runs in and any setting of its kind (a
 * product import's currency).
 */
export const importJobKey = (fileId: string, mode: OrderImportMode | undefined, setting?: string) =>
  [fileId, mode ?? 'ALL_OR_NOTHING', ...(setting ? [setting] : [])].join(':');

/** 413 `file_too_large`, nothing kept. */
export const importFileTooLarge = (noun: string, maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `${noun[0]!.toUpperCase()}${noun.slice(1)} files can be at most ${maxBytes / (1024 * 1024)} MB; compress a larger one as .csv.gz.`,
    { reason: 'file_too_large' },
  );

export type ImportFilesDeps = {
  db: Database;
  clock: Clock;
  /** config.dataDir: files are kept under `<kind folder>/<store id>/`. */
  dataDir: string;
  startJob: StartJob;
};

/**
 * Uploaded import files of one kind and their imports (issue 11; spec §7 `import-task`): store
 * an upload and preview it, start its import as a job, find the file of a job. Every call is
 * scoped to the caller's store.
 */
export const createImportFiles = <Layout extends string>(
  { db, clock, dataDir, startJob }: ImportFilesDeps,
  kind: ImportFileKind<Layout>,
) => {
  const reason = (what: string) => `${kind.noun}_file_${what}`;
  const findRow = async (storeId: string, id: string) => {
    const [row] = await db
      .select()
      .from(salesOrderImportFiles)
      .where(and(eq(salesOrderImportFiles.storeId, storeId), eq(salesOrderImportFiles.id, id)));
    // A file of another kind (an order file given to the product import) is not found either.
    return row && row.id.startsWith(`${kind.idPrefix}_`) ? row : undefined;
  };
  const fileNotFound = () =>
    new AppError('not_found', `There is no such uploaded ${kind.noun} file in this store.`, {
      reason: reason('not_found'),
    });

  return {
    /**
     * Stores an uploaded file (streamed to disk, at most `maxBytes`) and answers its preview.
     * 400 `file_type_not_allowed` unless its name ends as IMPORT_FILE_EXTENSIONS say; 413
     * `file_too_large` past the limit, with nothing kept.
     */
    async receive(
      actor: Actor,
      upload: { fileName: string; stream: Readable & { truncated?: boolean } },
    ): Promise<ImportFilePreview<Layout> & Omit<OrderImportFile, 'layout' | 'columns'>> {
      const fileName = path.basename(upload.fileName).slice(0, 200);
      if (!isImportFileName(fileName)) {
        upload.stream.resume();
        throw new AppError(
          'bad_request',
          `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)} files are .csv (or .txt) files, plain or compressed as .gz or .br.`,
          {
            reason: 'file_type_not_allowed',
            details: [{ field: 'body.file', message: 'Not a .csv or .txt file (.gz, .br).' }],
          },
        );
      }
      const id = newId(kind.idPrefix);
      const filePath = importFilePath(dataDir, kind.folder, actor.storeId, id);
      await mkdir(path.dirname(filePath), { recursive: true });
      try {
        await pipeline(upload.stream, createWriteStream(filePath, { flags: 'wx' }));
        if (upload.stream.truncated) throw importFileTooLarge(kind.noun, kind.maxBytes);
      } catch (error) {
        await rm(filePath, { force: true });
        throw error;
      }
      const { size } = await stat(filePath);
      const compression = compressionOf(fileName);
      const preview = await kind.preview(() => createReadStream(filePath), compression);
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
      return {
        id: row!.id,
        fileName: row!.fileName,
        sizeBytes: row!.sizeBytes,
        ...preview,
        createdAt: row!.createdAt.toISOString(),
      };
    },

    /**
     * Starts the import of an uploaded file as a job (`kind.jobKind`), or returns the one running
     * for the same file and mode. 404 `<noun>_file_not_found`; 400 `<noun>_file_unreadable` when
     * its header fits no format.
     */
    async startImport(
      actor: Actor,
      { fileId, mode, setting }: { fileId: string; mode: OrderImportMode; setting?: string },
    ): Promise<Job> {
      const row = await findRow(actor.storeId, fileId);
      if (!row) throw fileNotFound();
      if (kind.parseLayout(row.layout) === undefined) {
        throw new AppError(
          'bad_request',
          `This file is not a ${kind.noun} file the import reads; its preview says why.`,
          {
            reason: reason('unreadable'),
            details: [{ field: 'body.fileId', message: 'The header fits no file format.' }],
          },
        );
      }
      const { job } = await startJob(actor.storeId, kind.jobKind, {
        key: importJobKey(fileId, mode, setting),
        message: 'Waiting to start',
      });
      return job;
    },

    /** The stored file of a job's key, for the import job (undefined when it is gone). */
    findForJob: async (
      storeId: string,
      key: string,
    ): Promise<
      | {
          row: SalesOrderImportFileRow;
          layout: Layout;
          mode: OrderImportMode;
          /** The setting the import was started with (see `importJobKey`). */
          setting: string | undefined;
          filePath: string;
          compression: FileCompression;
        }
      | undefined
    > => {
      const [fileId = '', mode, setting] = key.split(':');
      const row = await findRow(storeId, fileId);
      const layout = row ? kind.parseLayout(row.layout) : undefined;
      if (!row || layout === undefined) return undefined;
      return {
        row,
        layout,
        mode: mode === 'VALID_ROWS' ? 'VALID_ROWS' : 'ALL_OR_NOTHING',
        setting,
        filePath: importFilePath(dataDir, kind.folder, storeId, row.id),
        compression: row.compression,
      };
    },
  };
};
export type ImportFiles<Layout extends string> = ReturnType<typeof createImportFiles<Layout>>;
