import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { JobResult } from '@atelier/contract/jobs/job';
import type { Clock } from '@/lib/clock';
import type { ExportSource } from './export-source';
import type { JobHandler } from './job-runner';
import { jobFilesDir } from './job.service';

type DataExportDeps = {
  sources: () => readonly ExportSource[];
  dataDir: string;
  clock: Clock;
  appVersion: string;
  /** Rows per query. */
  pageSize?: number;
};

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : typeof value === 'string'
          ? FORMULA_START.test(value)
            ? `'${value}`
            : value
          : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const readme = (manifest: Manifest) =>
  [
    `Atelier data export of store ${manifest.storeId}`,
    `Exported at ${manifest.exportedAt} by Atelier ${manifest.appVersion}.`,
    '',
    'Each table is here twice: <table>.csv (for spreadsheets; a text that starts with = + - or @',
    "is written with a leading ' so it is not run as a formula) and <table>.json (an array of",
    'objects, exact values). Passwords and session tokens are never exported.',
    '',
    'Tables:',
    ...manifest.tables.map((table) => `  ${table.name}: ${table.rows} rows`),
    '',
  ].join('\n');

type Manifest = {
  storeId: string;
  exportedAt: string;
  appVersion: string;
  tables: { name: string; rows: number; columns: readonly string[] }[];
};

/** The archive's file name: `atelier-export-<store>-<date of the request>.tar.gz`. */
export const dataExportFileName = (storeId: string, createdAt: string) =>
  `atelier-export-${storeId}-${createdAt.slice(0, 10)}.tar.gz`;

/**
 * "Export my data" (issue 8): every table of the store as CSV and JSON plus manifest.json and
 * README.txt, in one .tar.gz. Idempotent: an attempt starts from an empty folder, builds under
 * temporary names and renames the archive into place at the end, so a retried or resumed export
 * leaves exactly one file.
 */
export const createDataExportHandler =
  ({ sources, dataDir, clock, appVersion, pageSize = 200 }: DataExportDeps): JobHandler =>
  async (job, { storeId, attempt, signal, reportProgress }) => {
    const dir = jobFilesDir(dataDir, job.id);
    const fileName = dataExportFileName(storeId, job.createdAt);
    const baseName = fileName.replace(/\.tar\.gz$/, '');
    const staging = path.join(dir, `.attempt-${attempt}`);
    const partialArchive = path.join(dir, `.attempt-${attempt}.tar.gz`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.join(staging, baseName), { recursive: true });
    try {
      const tables = sources();
      const totals = await Promise.all(tables.map((source) => source.countRows(storeId)));
      const totalRows = totals.reduce((sum, count) => sum + count, 0);
      const manifest: Manifest = {
        storeId,
        exportedAt: clock.now().toISOString(),
        appVersion,
        tables: [],
      };
      let rowsDone = 0;
      const progressOf = (tablesDone: number) =>
        5 + 85 * (totalRows > 0 ? Math.min(1, rowsDone / totalRows) : tablesDone / tables.length);
      await reportProgress(5, 'Counting rows', { tables: 0, rows: 0 });

      for (const [index, source] of tables.entries()) {
        const message = `Exporting ${source.table} (${index + 1} of ${tables.length})`;
        const rows = await exportTable(source, storeId, path.join(staging, baseName), {
          pageSize,
          signal,
          onPage: async (count) => {
            rowsDone += count;
            await reportProgress(progressOf(index), message, { tables: index, rows: rowsDone });
          },
        });
        manifest.tables.push({ name: source.table, rows, columns: source.columns });
        await reportProgress(progressOf(index + 1), message, {
          tables: index + 1,
          rows: rowsDone,
        });
      }

      await writeFile(
        path.join(staging, baseName, 'manifest.json'),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
      await writeFile(path.join(staging, baseName, 'README.txt'), readme(manifest));
      await reportProgress(92, 'Packing the archive', { tables: tables.length, rows: rowsDone });
      await createTar({ gzip: true, cwd: staging, file: partialArchive, portable: true }, [
        baseName,
      ]);
      signal.throwIfAborted();
      const target = path.join(dir, fileName);
      await rename(partialArchive, target);
      const { size } = await stat(target);
      return {
        fileName,
        sizeBytes: size,
        contentType: 'application/gzip',
      } satisfies JobResult;
    } catch (error) {
      // A canceled export keeps nothing; a failed attempt's files are replaced by the next one.
      if (signal.aborted) await rm(dir, { recursive: true, force: true });
      throw error;
    } finally {
      await rm(staging, { recursive: true, force: true });
      await rm(partialArchive, { force: true });
    }
  };

/** Writes `<table>.csv` and `<table>.json` page by page; resolves with the row count. */
const exportTable = async (
  source: ExportSource,
  storeId: string,
  folder: string,
  {
    pageSize,
    signal,
    onPage,
  }: { pageSize: number; signal: AbortSignal; onPage: (count: number) => Promise<void> },
): Promise<number> => {
  const csv = await open(path.join(folder, `${source.table}.csv`), 'w');
  const json = await open(path.join(folder, `${source.table}.json`), 'w');
  try {
    await csv.write(csvLine(source.columns));
    await json.write('[');
    let after: string | null = null;
    let count = 0;
    do {
      signal.throwIfAborted();
      const page = await source.listRows(storeId, after, pageSize);
      let csvText = '';
      let jsonText = '';
      for (const row of page.rows) {
        csvText += csvLine(source.columns.map((column) => row[column]));
        const ordered = Object.fromEntries(source.columns.map((column) => [column, row[column]]));
        jsonText += `${count === 0 ? '' : ','}\n  ${JSON.stringify(ordered)}`;
        count += 1;
      }
      await csv.write(csvText);
      await json.write(jsonText);
      after = page.next;
      if (page.rows.length > 0) await onPage(page.rows.length);
    } while (after);
    await json.write(count === 0 ? ']\n' : '\n]\n');
    return count;
  } finally {
    await csv.close();
    await json.close();
  }
};
