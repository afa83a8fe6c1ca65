import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import {
  SupplierOfferingSchema,
  type CatalogItemKind,
  type SupplierOffering,
} from '@atelier/contract/catalog/supplier';
import { itemIdOf, type CatalogReference } from './catalog-rows';
import { supplierIdOf } from './supplier-identity';

/** The columns of a supplier import file (docs/import-suppliers.md), in their documented order. */
export const SUPPLIER_CSV_COLUMNS = [
  'supplier_name',
  'country_code',
  'address',
  'website',
  'supplier_description',
  'capabilities',
  'offering',
  'item_title',
  'item_kind',
  'item_description',
  'category_id',
  'unit_price_usd',
  'sample_price_usd',
  'moq',
  'production_time_days',
] as const;
type SupplierCsvColumn = (typeof SUPPLIER_CSV_COLUMNS)[number];

/** The catalog item kind each offering lists its items under. */
export const ITEM_KIND_BY_OFFERING: Record<SupplierOffering, CatalogItemKind> = {
  PRODUCT: 'PRODUCT',
  PACKAGING: 'PACKAGING',
  SERVICES: 'SERVICES',
  WEBSITE: 'SERVICES',
};
const IMPORTABLE_KINDS = ['PRODUCT', 'PACKAGING', 'SERVICES'] as const;

const MAX_PRICE_CENTS = 100_000_000;

const requiredText = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `has at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `has at most ${max} characters`)
    .transform((value) => (value === '' ? null : value));
const usdCents = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount in US dollars such as 12.50 (no sign, no $)')
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents <= MAX_PRICE_CENTS, 'must be at most 1000000');
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      `must be a whole number from ${min} to ${max}`,
    );
/** An empty cell reads as null (custom quote, unknown); anything else must pass `schema`. */
const emptyAsNull = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .transform((value) => (value.trim() === '' ? null : value))
    .pipe(schema.nullable());

const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(values as [T, ...T[]], { error: `must be one of ${values.join(', ')}` }));

/** A row's schema; the country and category are checked against the reference data. */
const createRowSchema = (reference: CatalogReference) =>
  z
    .object({
      supplier_name: requiredText(200),
      country_code: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as CN')
        .refine((code) => reference.countries.has(code), {
          error: (issue) => `unknown country code ${String(issue.input)}`,
        }),
      address: optionalText(500),
      website: emptyAsNull(
        z
          .string()
          .trim()
          .max(500, 'has at most 500 characters')
          .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/i, 'must be a web address starting with https://'),
      ),
      supplier_description: optionalText(2000),
      capabilities: z
        .string()
        .transform((value) =>
          value
            .split(';')
            .map((part) => part.trim())
            .filter((part) => part.length > 0),
        )
        .pipe(
          z
            .array(z.string().max(60, 'each capability has at most 60 characters'))
            .max(20, 'at most 20 capabilities'),
        ),
      offering: oneOf(SupplierOfferingSchema.options),
      item_title: requiredText(200),
      item_kind: emptyAsNull(oneOf(IMPORTABLE_KINDS)),
      item_description: optionalText(2000),
      category_id: z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, 'must be a Google product taxonomy id such as 212')
        .transform(Number)
        .refine((id) => (reference.categories.get(id)?.level ?? 99) <= 3, {
          error: (issue) =>
            `${String(issue.input)} is not a catalog category (a taxonomy id of levels 1-3)`,
        }),
      unit_price_usd: usdCents,
      sample_price_usd: emptyAsNull(usdCents),
      moq: emptyAsNull(wholeNumber(1, 10_000_000)),
      production_time_days: wholeNumber(1, 730),
    })
    .superRefine((row, context) => {
      const expectedKind = ITEM_KIND_BY_OFFERING[row.offering];
      if (row.item_kind !== null && row.item_kind !== expectedKind) {
        context.addIssue({
          code: 'custom',
          path: ['item_kind'],
          message:
            `${row.item_kind} does not fit offering ${row.offering} ` +
            `(use ${expectedKind} or leave it empty)`,
        });
      }
    });

/** One validated row: a supplier's columns and one of its items. */
export type SupplierCsvRow = {
  line: number;
  supplierName: string;
  countryCode: string;
  address: string | null;
  website: string | null;
  supplierDescription: string | null;
  capabilities: string[];
  offering: SupplierOffering;
  itemTitle: string;
  itemKind: CatalogItemKind;
  itemDescription: string | null;
  categoryId: number;
  unitPriceCents: number;
  samplePriceCents: number | null;
  moq: number | null;
  productionTimeDays: number;
};

type ParsedRecord = { line: number; cells: string[] };

/** Splits the file into records with the line each starts on (the header is line 1). */
const readRecords = (text: string): { records: ParsedRecord[] } | { error: string } => {
  const buffer = Buffer.from(text, 'utf8');
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    // csv-parse's types do not model `info: true`, which wraps each record with its position.
    parsed = parse(buffer, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    const message = error instanceof Error ? error.message : String(error);
    return { error: `row ${lines ?? 1}: file: ${message}` };
  }
  const records: ParsedRecord[] = [];
  let offset = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  let line = 1;
  for (const { record, info } of parsed) {
    // Blank lines before the record are skipped by the parser but still count as lines.
    while (offset < info.bytes && (buffer[offset] === 0x0a || buffer[offset] === 0x0d)) {
      if (buffer[offset] === 0x0a) line += 1;
      offset += 1;
    }
    records.push({ line, cells: record });
    for (; offset < info.bytes; offset += 1) if (buffer[offset] === 0x0a) line += 1;
  }
  return { records };
};

const lineOf = (error: string) => Number(/^row (\d+)/.exec(error)?.[1] ?? 0);

export type SupplierCsvResult = { rows: SupplierCsvRow[]; errors: string[] };

/**
 * Parses and validates a supplier import file. Every problem is reported as
 * "row N: column: reason", N being the file's line number (the header is row 1).
 */
export const parseSupplierCsv = (text: string, reference: CatalogReference): SupplierCsvResult => {
  const read = readRecords(text);
  if ('error' in read) return { rows: [], errors: [read.error] };
  const [header, ...body] = read.records;
  if (!header) return { rows: [], errors: ['row 1: file: the file is empty'] };

  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const errors: string[] = [];
  for (const column of SUPPLIER_CSV_COLUMNS) {
    if (!names.includes(column)) errors.push(`row 1: ${column}: missing column`);
  }
  names.forEach((name, index) => {
    if (!(SUPPLIER_CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push(`row 1: ${name || `column ${index + 1}`}: unknown column`);
    } else if (names.indexOf(name) !== index) {
      errors.push(`row 1: ${name}: column appears twice`);
    }
  });
  if (errors.length > 0) return { rows: [], errors };

  const schema = createRowSchema(reference);
  const rows: SupplierCsvRow[] = [];
  for (const { line, cells } of body) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (cells.length > names.length) {
      errors.push(`row ${line}: file: ${cells.length} values for ${names.length} columns`);
      continue;
    }
    const record = Object.fromEntries(
      names.map((name, index) => [name, cells[index] ?? '']),
    ) as Record<SupplierCsvColumn, string>;
    const result = schema.safeParse(record);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push(`row ${line}: ${String(issue.path[0] ?? 'row')}: ${issue.message}`);
      }
      continue;
    }
    const row = result.data;
    rows.push({
      line,
      supplierName: row.supplier_name,
      countryCode: row.country_code,
      address: row.address,
      website: row.website,
      supplierDescription: row.supplier_description,
      capabilities: row.capabilities,
      offering: row.offering,
      itemTitle: row.item_title,
      itemKind: row.item_kind ?? ITEM_KIND_BY_OFFERING[row.offering],
      itemDescription: row.item_description,
      categoryId: row.category_id,
      unitPriceCents: row.unit_price_usd,
      samplePriceCents: row.sample_price_usd,
      moq: row.moq,
      productionTimeDays: row.production_time_days,
    });
  }
  const lineByItem = new Map<string, number>();
  for (const row of rows) {
    const key = itemIdOf(supplierIdOf(row.supplierName, row.countryCode), row.itemTitle);
    const firstLine = lineByItem.get(key);
    if (firstLine === undefined) lineByItem.set(key, row.line);
    else
      errors.push(`row ${row.line}: item_title: the same supplier's item is on row ${firstLine}`);
  }
  if (rows.length === 0 && errors.length === 0) {
    errors.push('row 2: file: no supplier rows under the header');
  }
  errors.sort((a, b) => lineOf(a) - lineOf(b));
  return { rows: errors.length > 0 ? [] : rows, errors };
};
