import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';

/**
 * Reading an import file's records (issue 11: order and product files), whatever its format:
 * unpacked when stored as `.gz` or `.br`, a UTF-8 byte-order mark skipped, comma-separated (CSV)
 * or, for a header whose names are separated by blanks alone (the CDNOW file), blank-separated.
 * Streamed: a file is never held whole, and a row longer than MAX_ROW_BYTES stops the reading.
 */

/** A row longer than this is refused (the issue's "a 10 MB line"). */
export const MAX_ROW_BYTES = 64 * 1024;

/** How a file is stored: plain, gzip (`.csv.gz`) or brotli (`.csv.br`). */
export type FileCompression = 'gzip' | 'brotli' | null;

/** The compression a file name says (`orders.csv.gz` → gzip, `orders.csv.br` → brotli). */
export const compressionOf = (fileName: string): FileCompression =>
  /\.gz$/i.test(fileName) ? 'gzip' : /\.br$/i.test(fileName) ? 'brotli' : null;

/** The stream that unpacks a file stored with `compression` (none for a plain file). */
export const decoderOf = (compression: FileCompression | undefined) =>
  compression === 'gzip'
    ? createGunzip()
    : compression === 'brotli'
      ? createBrotliDecompress()
      : null;

/** How the cells of a row are separated: commas (CSV), or runs of blanks (spaces, tabs). */
export type RecordDialect = 'csv' | 'blanks';

/**
 * The file's first line as text (at most its first 64 KB), unpacked when compressed, without a
 * byte-order mark; '' when it cannot be read.
 */
export const readFirstLine = async (
  open: () => Readable,
  compression: FileCompression | undefined,
): Promise<string> => {
  const source = open();
  const decoder = decoderOf(compression);
  const stream = decoder ? source.pipe(decoder) : source;
  decoder?.on('error', () => source.destroy());
  let text = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.includes('\n') || text.length >= MAX_ROW_BYTES) break;
    }
  } catch {
    return '';
  } finally {
    source.destroy();
  }
  return text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
};

/**
 * The dialect a header line says: blank-separated when it has no comma, semicolon, tab or bar
 * and at least three names made of letters, digits and `_` separated by spaces
 * (` customer_id date number_of_cds dollar_value`); CSV otherwise.
 */
export const dialectOfHeader = (line: string): RecordDialect => {
  if (/[,;|\t"]/.test(line)) return 'csv';
  const names = line.trim().split(/ +/);
  return names.length >= 3 && names.every((name) => /^[A-Za-z_][\w]*$/.test(name))
    ? 'blanks'
    : 'csv';
};

/** Finds the dialect of a stored file from its first line. */
export const sniffDialect = async (
  open: () => Readable,
  compression: FileCompression | undefined,
): Promise<RecordDialect> => dialectOfHeader(await readFirstLine(open, compression));

export type RecordSource = {
  open: () => Readable;
  compression?: FileCompression | undefined;
  dialect: RecordDialect;
  /** Called with the bytes read so far (as stored, compressed or not), for progress. */
  onBytes?: (bytes: number) => void;
};

/**
 * The file's records, one array of cells per row (empty rows skipped), streamed. A read that
 * fails (a broken quote, a row over MAX_ROW_BYTES, a file that cannot be unpacked) throws
 * from the iteration; csv-parse's errors carry the line (`lines`) where it stopped.
 */
export const readRecords = ({
  open,
  compression,
  dialect,
  onBytes,
}: RecordSource): AsyncIterable<string[]> & { destroy: () => void } => {
  const source = open();
  if (onBytes) {
    let bytes = 0;
    source.on('data', (chunk: Buffer | string) => {
      bytes += chunk.length;
      onBytes(bytes);
    });
  }
  const decoder = decoderOf(compression);
  const parser = (decoder ? source.pipe(decoder) : source).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_BYTES,
      ...(dialect === 'blanks' ? { delimiter: [' ', '\t'] } : {}),
    }),
  );
  // `pipe` does not pass errors on: a file that cannot be read or unpacked ends the parse.
  source.on('error', (error) => parser.destroy(error));
  decoder?.on('error', (error) => parser.destroy(error));
  const records = async function* () {
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        // Runs of blanks give empty cells between them: the cells are what is left.
        yield dialect === 'blanks' ? record.filter((cell) => cell !== '') : record;
      }
    } finally {
      source.destroy();
    }
  };
  const iterable = records();
  return Object.assign(iterable, { destroy: () => source.destroy() });
};

/** A read error's row (csv-parse says the line it stopped at), else the row after `row`. */
export const rowOfReadError = (error: unknown, row: number): number =>
  (error as { lines?: number }).lines ?? row + 1;

/** Why a file cannot be read past a row, in plain words (csv-parse's and zlib's errors). */
export const readErrorMessage = (error: unknown): string => {
  const raw = (error as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A cell opens a quote (") that is never closed, on this row or one before it.';
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_OPENING_QUOTE':
      return 'A quote (") stands inside a cell: put the whole cell in quotes and double the quote ("").';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'A quoted cell goes on after its closing quote ("): double a quote inside a quoted cell ("").';
    case 'CSV_MAX_RECORD_SIZE':
      return `This row is longer than ${MAX_ROW_BYTES / 1024} KB, more than a row can be (a quote may be missing).`;
    default:
      if (code.startsWith('Z_') || code.startsWith('ERR_ZLIB') || code.startsWith('ERR__')) {
        return 'The file cannot be unpacked: it is not the gzip (.gz) or brotli (.br) file its name says.';
      }
      return `The file cannot be read past this row: ${(error as Error).message}`;
  }
};

/** The issue of a file that cannot be read past a row (nothing of it is imported). */
export const readFailureIssue = (error: unknown, row: number) => ({
  row: rowOfReadError(error, row),
  field: 'file',
  message: readErrorMessage(error),
});

/**
 * The first `count` records of a stored file (for a preview), or why they cannot be read: the
 * row where reading stopped and the parser's reason.
 */
export const readFirstRecords = async (
  source: RecordSource,
  count: number,
): Promise<{
  records: string[][];
  failure: { row: number; field: string; message: string } | null;
}> => {
  const records: string[][] = [];
  const iterable = readRecords(source);
  try {
    for await (const record of iterable) {
      records.push(record);
      if (records.length >= count) break;
    }
    return { records, failure: null };
  } catch (error) {
    return { records, failure: readFailureIssue(error, records.length) };
  } finally {
    iterable.destroy();
  }
};

/** Bytes that are not UTF-8 (a Latin-1 "é") are read as U+FFFD. */
export const hasNonUtf8 = (record: readonly string[]) =>
  record.some((value) => value.includes('\uFFFD'));

export const NON_UTF8_MESSAGE =
  'has characters that are not UTF-8 text: save the file as CSV UTF-8';
