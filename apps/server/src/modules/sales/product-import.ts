import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { chunk } from 'es-toolkit';
import type { z } from 'zod';
import type { ProductInputSchema, ProductStatus } from '@atelier/contract/sales/product';
import {
  PRODUCT_IMPORT_CHANNEL,
  type ProductImportLayout,
} from '@atelier/contract/sales/product-import';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { newId } from '@/lib/ids';
import {
  readFailureIssue,
  readRecords,
  sniffDialect,
  type FileCompression,
  type RecordDialect,
} from './import-records';
import type { ImportMode } from './order-import';
import type { RowIssue } from './order-lines-csv';
import {
  createProductRowsReader,
  detectProductLayout,
  toProductInput,
  type ImportedProduct,
} from './product-csv';
import { generatedHandleOf, productCategoryPaths } from './product.service';
import {
  salesProducts,
  salesProductVariants,
  type SalesProductRow,
  type SalesProductVariantRow,
} from './sales.table';

/** Products written per transaction: each batch is all or nothing, and resumes skip what is in. */
export const IMPORT_BATCH_PRODUCTS = 200;
/** Rows per multi-row INSERT. */
const INSERT_CHUNK = 2_000;
const MAX_REPORTED_ISSUES = 100;

export type ProductImportReport = {
  layout: ProductImportLayout | null;
  rows: number;
  products: number;
  updatedProducts: number;
  unchangedProducts: number;
  variants: number;
  issues: RowIssue[];
  issueCount: number;
};

export type ProductImportOptions = {
  db: Database;
  events: EventBus;
  storeId: string;
  mode: ImportMode;
  /** The currency of the file's prices (ISO 4217). */
  currencyCode: string;
  /** Opens the file from its start (it is read two or three times: checks, then the import). */
  open: () => Readable;
  compression?: FileCompression;
  /** Bytes of the file as stored, for progress. */
  sizeBytes: number;
  onProgress?: (
    progress: number,
    message: string,
    report: ProductImportReport,
  ) => Promise<void> | void;
  signal?: AbortSignal;
  /** Products per batch (IMPORT_BATCH_PRODUCTS unless a test says otherwise). */
  batchProducts?: number;
};

type ParsedInput = z.output<typeof ProductInputSchema>;
/** A product of the file ready to write: Atelier's product, its status and where it is. */
type Candidate = { product: ImportedProduct; input: ParsedInput; status: ProductStatus };

/** What reading a file tells its caller besides the products. */
type ReadListener = {
  onLayout: (layout: ProductImportLayout) => void;
  onRow: () => void;
  onIssue: (issue: RowIssue) => void;
  /** The file cannot be read past a row (a broken quote, a row too long): nothing is imported. */
  onUnreadable?: (issue: RowIssue) => void;
  onBytes?: (bytes: number) => void;
};

/**
 * Reads the file's products (a handle's consecutive rows), in file order, batch by batch; the
 * rows' problems go to `on`.
 */
async function* readProducts(
  options: Pick<ProductImportOptions, 'open' | 'signal' | 'compression' | 'batchProducts'> & {
    dialect: RecordDialect;
  },
  on: ReadListener,
): AsyncGenerator<ImportedProduct[]> {
  const batchProducts = options.batchProducts ?? IMPORT_BATCH_PRODUCTS;
  const records = readRecords({
    open: options.open,
    compression: options.compression,
    dialect: options.dialect,
    ...(on.onBytes ? { onBytes: on.onBytes } : {}),
  });
  let reader: ReturnType<typeof createProductRowsReader> | undefined;
  let batch: ImportedProduct[] = [];
  let current: ImportedProduct | undefined;
  let row = 0;
  try {
    for await (const record of records) {
      options.signal?.throwIfAborted();
      row += 1;
      if (!reader) {
        const detected = detectProductLayout(record);
        if ('row' in detected) {
          on.onIssue(detected);
          return;
        }
        on.onLayout(detected.layout);
        reader = createProductRowsReader(detected.index);
        continue;
      }
      on.onRow();
      const continues = current !== undefined && reader.handleOf(record) === current.handle;
      const read = reader.readRow(record, row, continues ? current : undefined);
      if ('message' in read) {
        on.onIssue(read);
        continue;
      }
      if (read !== current) {
        if (batch.length >= batchProducts) {
          yield batch;
          batch = [];
        }
        batch.push(read);
        current = read;
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    (on.onUnreadable ?? on.onIssue)(readFailureIssue(error, row));
    return;
  }
  if (batch.length > 0) yield batch;
}

/**
 * A fixed-size set of strings that may answer "seen" for one never added (about 1 in 200 for a
 * million strings), never "not seen" for one added: 2 MB whatever the file's size. Used to find
 * the few handles and SKUs that may repeat; those are then counted exactly.
 */
const createSeenFilter = () => {
  const bits = new Uint8Array(1 << 21);
  const mask = (1 << 24) - 1;
  const positions = (text: string) => {
    // FNV-1a and a second FNV with another basis; the third position is their sum.
    let a = 0x811c9dc5;
    let b = 0x01000193;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995);
    }
    return [a & mask, b & mask, (a + b) & mask];
  };
  return {
    /** Adds the text; says whether it may have been added before. */
    add(text: string): boolean {
      let seen = true;
      for (const position of positions(text)) {
        const byte = position >>> 3;
        const bit = 1 << (position & 7);
        if ((bits[byte]! & bit) === 0) seen = false;
        bits[byte]! |= bit;
      }
      return seen;
    },
  };
};

/** The Google taxonomy id of a category path, or of its nearest parent the taxonomy has. */
const createCategoryFinder = () => {
  let ids: Map<string, number> | undefined;
  return (text: string): number | null => {
    if (/^\d+$/.test(text)) return productCategoryPaths().has(Number(text)) ? Number(text) : null;
    ids ??= new Map([...productCategoryPaths()].map(([id, path]) => [path.toLowerCase(), id]));
    const parts = text.split('>').map((part) => part.trim());
    for (let length = parts.length; length > 0; length -= 1) {
      const id = ids.get(parts.slice(0, length).join(' > ').toLowerCase());
      if (id !== undefined) return id;
    }
    return null;
  };
};

/**
 * The store's products the batch's products are, and the SKUs other products of the store have.
 * A product is found by its handle (a product an earlier import made, or one this store
 * exported), else by its SKUs when they all belong to one product. A SKU of another product is
 * an issue on its row.
 */
const matchProducts = async (
  db: Database,
  storeId: string,
  candidates: readonly Candidate[],
): Promise<{ matches: Map<string, string>; issues: Map<string, RowIssue[]> }> => {
  const matches = new Map<string, string>();
  const handles = candidates.map((candidate) => candidate.product.handle);
  for (const part of chunk(handles, INSERT_CHUNK)) {
    const rows = await db
      .select({ id: salesProducts.id, externalId: salesProducts.externalId })
      .from(salesProducts)
      .where(
        and(
          eq(salesProducts.storeId, storeId),
          eq(salesProducts.channel, PRODUCT_IMPORT_CHANNEL),
          inArray(salesProducts.externalId, part),
        ),
      );
    for (const row of rows) matches.set(row.externalId!, row.id);
  }
  // Atelier's own export writes "<title>-<the id's last 6 characters>".
  const suffixes = handles.flatMap((handle) => {
    const suffix = /-([a-z0-9]{6})$/.exec(handle)?.[1];
    return !matches.has(handle) && suffix ? [suffix] : [];
  });
  for (const part of chunk(suffixes, INSERT_CHUNK)) {
    const rows = await db
      .select({ id: salesProducts.id, title: salesProducts.title })
      .from(salesProducts)
      .where(
        and(
          eq(salesProducts.storeId, storeId),
          sql`right(${salesProducts.id}, 6) in (${sql.join(
            part.map((suffix) => sql`${suffix}`),
            sql`, `,
          )})`,
        ),
      );
    for (const row of rows) {
      const handle = generatedHandleOf(row);
      if (!matches.has(handle)) matches.set(handle, row.id);
    }
  }

  const owners = new Map<string, { productId: string; title: string }>();
  const skus = candidates.flatMap((candidate) =>
    candidate.input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
  );
  for (const part of chunk(skus, INSERT_CHUNK)) {
    const rows = await db
      .select({
        sku: salesProductVariants.sku,
        productId: salesProductVariants.productId,
        title: salesProducts.title,
      })
      .from(salesProductVariants)
      .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
      .where(
        and(eq(salesProductVariants.storeId, storeId), inArray(salesProductVariants.sku, part)),
      );
    for (const row of rows) owners.set(row.sku!, { productId: row.productId, title: row.title });
  }
  const issues = new Map<string, RowIssue[]>();
  for (const { product, input } of candidates) {
    const owned = input.variants.flatMap((variant, position) => {
      const owner = variant.sku ? owners.get(variant.sku) : undefined;
      return owner ? [{ owner, row: product.variants[position]!.row }] : [];
    });
    let match = matches.get(product.handle);
    const ownerIds = new Set(owned.map(({ owner }) => owner.productId));
    if (match === undefined && ownerIds.size === 1) {
      match = [...ownerIds][0]!;
      matches.set(product.handle, match);
    }
    const taken = owned.filter(({ owner }) => owner.productId !== match);
    if (taken.length > 0) {
      issues.set(
        product.handle,
        taken.map(({ owner, row }) => ({
          row,
          field: 'Variant SKU',
          message: `Another product of this store (“${owner.title}”) has this SKU.`,
        })),
      );
    }
  }
  return { matches, issues };
};

/** What a product is, to tell whether a file changes it (its ids and times left aside). */
const contentOf = (
  product: Pick<
    ParsedInput,
    | 'title'
    | 'description'
    | 'vendor'
    | 'productType'
    | 'tags'
    | 'categoryId'
    | 'currencyCode'
    | 'options'
    | 'images'
  >,
  status: ProductStatus,
  variants: readonly {
    optionValues: readonly string[];
    sku: string | null;
    barcode: string | null;
    price: number;
    compareAtPrice: number | null;
    weightGrams: number | null;
    tracked: boolean;
  }[],
) =>
  JSON.stringify([
    product.title,
    product.description,
    product.vendor,
    product.productType,
    product.tags,
    product.categoryId,
    product.currencyCode,
    product.options.map((option) => [option.name, option.values]),
    product.images.map((image) => [image.url, image.alt]),
    status,
    variants.map((variant) => [
      variant.optionValues,
      variant.sku,
      variant.barcode,
      variant.price,
      variant.compareAtPrice,
      variant.weightGrams,
      variant.tracked,
    ]),
  ]);

const variantsOfInput = (input: ParsedInput) =>
  input.variants.map((variant) => ({
    optionValues: variant.optionValues,
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.priceAmount,
    compareAtPrice: variant.compareAtPriceAmount,
    weightGrams: variant.weightGrams,
    tracked: variant.tracked,
  }));

const productFields = (input: ParsedInput, status: ProductStatus, now: Date) => ({
  title: input.title,
  description: input.description,
  vendor: input.vendor,
  productType: input.productType,
  tags: input.tags,
  categoryId: input.categoryId,
  currencyCode: input.currencyCode,
  options: input.options,
  images: input.images,
  status,
  updatedAt: now,
});

/**
 * Writes one batch in one transaction: new products (channel PRODUCT_IMPORT_CHANNEL, the
 * handle as external id) with their variants; products of the store the file changes,
 * replaced as the product editor replaces them (a variant whose option values are unchanged
 * keeps its id); products it describes as they are, left alone. An event per product written.
 * Products with a SKU of another product are left out (the check said so).
 */
const writeBatch = async (
  tx: Database,
  events: EventBus,
  storeId: string,
  candidates: readonly Candidate[],
  report: ProductImportReport,
) => {
  const now = new Date();
  const { matches, issues } = await matchProducts(tx, storeId, candidates);
  const writable = candidates.filter(({ product }) => !issues.has(product.handle));
  const created = writable.filter(({ product }) => !matches.has(product.handle));
  const matched = writable.filter(({ product }) => matches.has(product.handle));

  const productRows = created.map(({ product, input, status }) => ({
    id: newId('prd'),
    storeId,
    ...productFields(input, status, now),
    channel: PRODUCT_IMPORT_CHANNEL,
    externalId: product.handle,
    createdAt: now,
  }));
  const newVariantRows = created.flatMap(({ input }, index) =>
    input.variants.map((variant, position) => ({
      id: newId('var'),
      productId: productRows[index]!.id,
      storeId,
      position,
      optionValues: variant.optionValues,
      sku: variant.sku,
      barcode: variant.barcode,
      price: variant.priceAmount,
      compareAtPrice: variant.compareAtPriceAmount,
      weightGrams: variant.weightGrams,
      tracked: variant.tracked,
      updatedAt: now,
    })),
  );
  for (const part of chunk(productRows, 500)) await tx.insert(salesProducts).values(part);
  for (const part of chunk(newVariantRows, INSERT_CHUNK)) {
    await tx.insert(salesProductVariants).values(part);
  }
  for (const row of productRows) {
    await events.publish(tx, 'sales.product.created', {
      aggregateId: row.id,
      storeId,
      payload: { storeId, productId: row.id },
    });
  }
  report.products += productRows.length;
  report.variants += newVariantRows.length;

  if (matched.length === 0) return;
  const ids = matched.map(({ product }) => matches.get(product.handle)!);
  const existing = new Map<string, SalesProductRow>();
  const existingVariants = new Map<string, SalesProductVariantRow[]>();
  for (const part of chunk(ids, INSERT_CHUNK)) {
    for (const row of await tx
      .select()
      .from(salesProducts)
      .where(and(eq(salesProducts.storeId, storeId), inArray(salesProducts.id, part)))) {
      existing.set(row.id, row);
    }
    for (const row of await tx
      .select()
      .from(salesProductVariants)
      .where(inArray(salesProductVariants.productId, part))
      .orderBy(asc(salesProductVariants.productId), asc(salesProductVariants.position))) {
      existingVariants.set(row.productId, [...(existingVariants.get(row.productId) ?? []), row]);
    }
  }
  const changed = matched.flatMap(({ input, status }, index) => {
    const id = ids[index]!;
    const row = existing.get(id)!;
    const variants = existingVariants.get(id) ?? [];
    if (contentOf(row, row.status, variants) === contentOf(input, status, variantsOfInput(input))) {
      report.unchangedProducts += 1;
      return [];
    }
    return [{ id, input, status, variants }];
  });
  if (changed.length === 0) return;

  const upserts = changed.flatMap(({ id, input, variants }) => {
    const idsByCombination = new Map(
      variants.map((variant) => [JSON.stringify(variant.optionValues), variant.id]),
    );
    return input.variants.map((variant, position) => ({
      id: idsByCombination.get(JSON.stringify(variant.optionValues)) ?? newId('var'),
      productId: id,
      storeId,
      position,
      optionValues: variant.optionValues,
      sku: variant.sku,
      barcode: variant.barcode,
      price: variant.priceAmount,
      compareAtPrice: variant.compareAtPriceAmount,
      weightGrams: variant.weightGrams,
      tracked: variant.tracked,
      updatedAt: now,
    }));
  });
  const kept = new Set(upserts.map((variant) => variant.id));
  const removed = changed.flatMap(({ variants }) =>
    variants.flatMap((variant) => (kept.has(variant.id) ? [] : [variant.id])),
  );
  const changedIds = changed.map(({ id }) => id);
  for (const part of chunk(removed, INSERT_CHUNK)) {
    await tx.delete(salesProductVariants).where(inArray(salesProductVariants.id, part));
  }
  // SKUs may move between a product's own variants: cleared before they are written again.
  for (const part of chunk(changedIds, INSERT_CHUNK)) {
    await tx
      .update(salesProductVariants)
      .set({ sku: null })
      .where(inArray(salesProductVariants.productId, part));
  }
  for (const part of chunk(upserts, INSERT_CHUNK)) {
    await tx
      .insert(salesProductVariants)
      .values(part)
      .onConflictDoUpdate({
        target: salesProductVariants.id,
        set: {
          position: sql`excluded.position`,
          sku: sql`excluded.sku`,
          barcode: sql`excluded.barcode`,
          price: sql`excluded.price`,
          compareAtPrice: sql`excluded.compare_at_price`,
          weightGrams: sql`excluded.weight_grams`,
          tracked: sql`excluded.tracked`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  for (const { id, input, status } of changed) {
    await tx
      .update(salesProducts)
      .set(productFields(input, status, now))
      .where(eq(salesProducts.id, id));
    await events.publish(tx, 'sales.product.updated', {
      aggregateId: id,
      storeId,
      payload: { storeId, productId: id, status },
    });
  }
  report.updatedProducts += changed.length;
  report.variants += upserts.length;
};

/**
 * Imports Shopify's product CSV into a store (issue 11; columns in docs/import-products.md).
 * Reads the file to check every product (its rows, its fields by the product rules, SKUs another
 * product of the store has, a handle or SKU the file repeats), writing nothing when
 * ALL_OR_NOTHING finds an issue; then again to write it in batches of IMPORT_BATCH_PRODUCTS
 * products, each in its own transaction. Memory stays flat: one batch at a time, and a
 * fixed-size filter to find repeats. A product is found by its handle (or SKUs), so importing
 * a file again (or resuming an import) changes nothing. Progress 0-10 % checking, 10-100 %
 * writing.
 */
export const importProducts = async (
  options: ProductImportOptions,
): Promise<ProductImportReport> => {
  const report: ProductImportReport = {
    layout: null,
    rows: 0,
    products: 0,
    updatedProducts: 0,
    unchangedProducts: 0,
    variants: 0,
    issues: [],
    issueCount: 0,
  };
  const size = Math.max(options.sizeBytes, 1);
  let lastReported = -1;
  const progress = async (share: number, message: string) => {
    const percent = Math.min(100, Math.floor(share));
    if (percent === lastReported) return;
    lastReported = percent;
    await options.onProgress?.(percent, message, report);
  };
  const addIssue = (issue: RowIssue) => {
    report.issueCount += 1;
    if (report.issues.length < MAX_REPORTED_ISSUES) report.issues.push(issue);
  };
  const categoryIdOf = createCategoryFinder();
  /** The products of a batch that can be written, their problems said. */
  const candidatesOf = (batch: readonly ImportedProduct[], onIssue: (issue: RowIssue) => void) =>
    batch.flatMap((product) => {
      const { input, status, issues } = toProductInput(product, options.currencyCode, categoryIdOf);
      for (const issue of issues) onIssue(issue);
      return input ? [{ product, input, status }] : [];
    });
  const reading = { ...options, dialect: await sniffDialect(options.open, options.compression) };

  // Pass 1: check every product without writing.
  let bytesRead = 0;
  const seen = createSeenFilter();
  /** Handles and SKUs that may come twice (the filter's "seen"): counted exactly below. */
  const suspects = new Set<string>();
  let isUnreadable = false;
  for await (const batch of readProducts(reading, {
    onLayout: (layout) => (report.layout = layout),
    onRow: () => (report.rows += 1),
    onIssue: addIssue,
    onUnreadable: (issue) => {
      isUnreadable = true;
      addIssue(issue);
    },
    onBytes: (bytes) => (bytesRead = bytes),
  })) {
    const candidates = candidatesOf(batch, addIssue);
    for (const { product, input } of candidates) {
      if (seen.add(`h:${product.handle}`)) suspects.add(`h:${product.handle}`);
      for (const variant of input.variants) {
        if (variant.sku && seen.add(`s:${variant.sku}`)) suspects.add(`s:${variant.sku}`);
      }
    }
    const { issues } = await matchProducts(options.db, options.storeId, candidates);
    for (const list of issues.values()) for (const issue of list) addIssue(issue);
    await progress((bytesRead / size) * 10, 'Checking the rows');
  }
  // A file that cannot be read whole imports nothing, whatever the mode.
  if (report.layout === null || isUnreadable) return report;

  // The repeats: a handle whose rows are apart, a SKU under two handles. Their products are left
  // out (the first of a SKU's products is kept).
  const repeated = new Set<string>();
  if (suspects.size > 0) {
    const firstSeen = new Map<string, { handle: string; row: number }>();
    for await (const batch of readProducts(reading, {
      onLayout: () => undefined,
      onRow: () => undefined,
      onIssue: () => undefined,
    })) {
      for (const product of batch) {
        const handleKey = `h:${product.handle}`;
        const earlier = firstSeen.get(handleKey);
        if (earlier) {
          repeated.add(product.handle);
          addIssue({
            row: product.row,
            field: 'Handle',
            message: `The rows of ${product.handle} are apart: it started on row ${earlier.row}. Keep a product's rows together.`,
          });
        } else if (suspects.has(handleKey)) {
          firstSeen.set(handleKey, { handle: product.handle, row: product.row });
        }
        for (const variant of product.variants) {
          const skuKey = `s:${variant.sku}`;
          if (variant.sku === '' || !suspects.has(skuKey)) continue;
          const owner = firstSeen.get(skuKey);
          if (!owner) firstSeen.set(skuKey, { handle: product.handle, row: variant.row });
          else if (owner.handle !== product.handle) {
            repeated.add(product.handle);
            addIssue({
              row: variant.row,
              field: 'Variant SKU',
              message: `The product ${owner.handle} (row ${owner.row}) has this SKU too.`,
            });
          }
        }
      }
    }
  }
  if (report.issueCount > 0 && options.mode === 'ALL_OR_NOTHING') return report;

  // Pass 2: write, batch by batch. Its rows and issues were counted by the check.
  let rowsRead = 0;
  for await (const batch of readProducts(reading, {
    onLayout: () => undefined,
    onRow: () => (rowsRead += 1),
    onIssue: () => undefined,
  })) {
    options.signal?.throwIfAborted();
    const candidates = candidatesOf(batch, () => undefined).filter(
      ({ product }) => !repeated.has(product.handle),
    );
    await options.db.transaction(async (tx) =>
      writeBatch(tx, options.events, options.storeId, candidates, report),
    );
    await progress(10 + (rowsRead / Math.max(report.rows, 1)) * 90, 'Importing products');
  }
  await progress(100, 'Imported');
  return report;
};
