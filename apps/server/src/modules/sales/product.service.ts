import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { minorDigitsOf } from '@atelier/contract/common/money';
import {
  ListProductsQuerySchema,
  PRODUCT_STATUSES,
  ProductInputSchema,
  variantTitleOf,
  type ListProductsQuery,
  type Product,
  type ProductInput,
  type ProductPage,
  type ProductStatus,
  type ProductSummary,
} from '@atelier/contract/sales/product';
import { PRODUCT_IMPORT_CHANNEL } from '@atelier/contract/sales/product-import';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { decodeCursor, encodeCursor, invalidCursorError } from '@/lib/cursor';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import { DATA_ROOT } from '@/lib/paths';
import {
  salesProducts,
  salesProductVariants,
  type SalesProductRow,
  type SalesProductVariantRow,
} from './sales.table';

const LIST_SORT = 'updated_desc';

const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );

let categoryPaths: Map<number, string> | undefined;
/** Every Google product taxonomy category (all levels), by id: its full path. */
export const productCategoryPaths = (): Map<number, string> => {
  if (!categoryPaths) {
    categoryPaths = new Map();
    const file = path.join(DATA_ROOT, 'google-product-taxonomy', 'taxonomy-with-ids.en-US.txt');
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^(\d+) - (.+)$/.exec(line.trim());
      if (match) categoryPaths.set(Number(match[1]), match[2]!);
    }
  }
  return categoryPaths;
};

const productNotFound = () =>
  new AppError('not_found', 'There is no such product in this store.', {
    reason: 'product_not_found',
  });

/** 409 `sku_taken` naming every variant whose SKU another product of the store has. */
const skusTaken = (
  variants: readonly { sku: string | null }[],
  taken: ReadonlySet<string | null>,
) => {
  const details = variants.flatMap((variant, index) =>
    variant.sku && taken.has(variant.sku)
      ? [{ field: `body.variants.${index}.sku`, message: 'Another product has this SKU.' }]
      : [],
  );
  return new AppError(
    'conflict',
    details.length === 1
      ? 'Another product of this store has this SKU.'
      : `Other products of this store have ${details.length} of these SKUs.`,
    { reason: 'sku_taken', details },
  );
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Title word start, vendor start, or a variant's exact SKU or barcode. */
const searchCondition = (storeId: string, search: string | undefined): SQL | undefined => {
  const text = search?.trim();
  if (!text) return undefined;
  const start = `${escapeLike(text)}%`;
  return or(
    ilike(salesProducts.title, start),
    ilike(salesProducts.title, `% ${start}`),
    ilike(salesProducts.vendor, start),
    sql`exists (select 1 from ${salesProductVariants} v where v.product_id = ${salesProducts.id} and v.store_id = ${storeId} and (v.sku = ${text} or v.barcode = ${text}))`,
  );
};

type Variants = Map<string, SalesProductVariantRow[]>;

const money = (amount: number, currencyCode: string) => ({ amount, currencyCode });

const toSummary = (row: SalesProductRow, variants: SalesProductVariantRow[]): ProductSummary => {
  const prices = variants.map((variant) => variant.price);
  return {
    id: row.id,
    title: row.title,
    vendor: row.vendor,
    productType: row.productType,
    status: row.status,
    imageUrl: row.images[0]?.url ?? null,
    variantCount: variants.length,
    minPrice: money(prices.length ? Math.min(...prices) : 0, row.currencyCode),
    maxPrice: money(prices.length ? Math.max(...prices) : 0, row.currencyCode),
    skus: variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const toProduct = (row: SalesProductRow, variants: SalesProductVariantRow[]): Product => {
  const category = row.categoryId === null ? undefined : productCategoryPaths().get(row.categoryId);
  return {
    ...toSummary(row, variants),
    description: row.description,
    tags: row.tags,
    category: category && row.categoryId !== null ? { id: row.categoryId, path: category } : null,
    currencyCode: row.currencyCode,
    options: row.options,
    images: row.images,
    variants: variants.map((variant) => ({
      id: variant.id,
      title: variantTitleOf(row.options, variant.optionValues),
      optionValues: variant.optionValues,
      sku: variant.sku,
      barcode: variant.barcode,
      price: money(variant.price, row.currencyCode),
      compareAtPrice:
        variant.compareAtPrice === null ? null : money(variant.compareAtPrice, row.currencyCode),
      weightGrams: variant.weightGrams,
      tracked: variant.tracked,
    })),
    channel: row.channel,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
  };
};

/** Shopify's product CSV columns this export writes, in its order. */
const SHOPIFY_PRODUCT_HEADERS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Weight Unit',
  'Status',
] as const;

/** "Linen Apron — Sage!" → "linen-apron-sage" (Shopify's handle), unique by the id's end. */
export const generatedHandleOf = (row: Pick<SalesProductRow, 'id' | 'title'>) =>
  `${
    row.title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product'
  }-${row.id.slice(-6)}`;

/** A product's handle in Shopify's CSV: the one a file import gave it, else a generated one. */
const handleOf = (row: SalesProductRow) =>
  row.channel === PRODUCT_IMPORT_CHANNEL && row.externalId
    ? row.externalId
    : generatedHandleOf(row);

/**
 * Issue 11 products and variants of a store: list, detail, create, update (variants matched by
 * their option values keep their ids), archive and unarchive, CSV export in Shopify's layout.
 * Every read and write is scoped to the caller's store; each write publishes an event.
 */
export const createProductService = ({
  db,
  clock,
  events,
}: {
  db: Database;
  clock: Clock;
  events: EventBus;
}) => {
  const variantsOf = async (tx: Database, storeId: string, ids: string[]): Promise<Variants> => {
    const byProduct: Variants = new Map();
    if (ids.length === 0) return byProduct;
    const rows = await tx
      .select()
      .from(salesProductVariants)
      .where(
        and(
          eq(salesProductVariants.storeId, storeId),
          inArray(salesProductVariants.productId, ids),
        ),
      )
      .orderBy(asc(salesProductVariants.productId), asc(salesProductVariants.position));
    for (const row of rows)
      byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    return byProduct;
  };

  const findRow = async (tx: Database, storeId: string, id: string, lock = false) => {
    const query = tx
      .select()
      .from(salesProducts)
      .where(and(eq(salesProducts.id, id), eq(salesProducts.storeId, storeId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw productNotFound();
    return row;
  };

  const read = async (tx: Database, storeId: string, id: string): Promise<Product> => {
    const row = await findRow(tx, storeId, id);
    return toProduct(row, (await variantsOf(tx, storeId, [id])).get(id) ?? []);
  };

  /** 409 `sku_taken` when another product of the store has one of the SKUs. */
  const checkSkus = async (
    tx: Database,
    storeId: string,
    productId: string,
    input: ReturnType<typeof ProductInputSchema.parse>,
  ) => {
    const skus = input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
    if (skus.length === 0) return;
    const taken = new Set(
      (
        await tx
          .select({ sku: salesProductVariants.sku })
          .from(salesProductVariants)
          .where(
            and(
              eq(salesProductVariants.storeId, storeId),
              inArray(salesProductVariants.sku, skus),
              ne(salesProductVariants.productId, productId),
            ),
          )
      ).map((row) => row.sku),
    );
    if (taken.size > 0) throw skusTaken(input.variants, taken);
  };

  const parseInput = (input: ProductInput) => {
    const parsed = ProductInputSchema.parse(input);
    if (parsed.categoryId !== null && !productCategoryPaths().has(parsed.categoryId)) {
      throw new AppError('bad_request', 'The Google product taxonomy has no such category.', {
        reason: 'unknown_category',
        details: [{ field: 'body.categoryId', message: 'Not a Google product taxonomy id.' }],
      });
    }
    return parsed;
  };

  /** Runs a write; a SKU race lost to another request is the same 409 as the check's. */
  const writing = async <T>(
    input: ReturnType<typeof ProductInputSchema.parse> | null,
    work: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (input && uniqueViolationConstraint(error) === 'sales_product_variants_store_sku_key') {
        throw new AppError('conflict', 'Another product of this store has one of these SKUs.', {
          reason: 'sku_taken',
        });
      }
      throw error;
    }
  };

  const variantRows = (
    storeId: string,
    productId: string,
    variants: ReturnType<typeof ProductInputSchema.parse>['variants'],
    idsByCombination: Map<string, string>,
  ) =>
    variants.map((variant, position) => ({
      id: idsByCombination.get(JSON.stringify(variant.optionValues)) ?? newId('var'),
      productId,
      storeId,
      position,
      optionValues: variant.optionValues,
      sku: variant.sku,
      barcode: variant.barcode,
      price: variant.priceAmount,
      compareAtPrice: variant.compareAtPriceAmount,
      weightGrams: variant.weightGrams,
      tracked: variant.tracked,
      updatedAt: clock.now(),
    }));

  const setStatus = async (actor: Actor, id: string, status: ProductStatus) =>
    db.transaction(async (tx) => {
      const row = await findRow(tx, actor.storeId, id, true);
      if (row.status !== status) {
        await tx
          .update(salesProducts)
          .set({ status, updatedAt: clock.now() })
          .where(eq(salesProducts.id, id));
        await events.publish(tx, 'sales.product.updated', {
          aggregateId: id,
          storeId: actor.storeId,
          payload: { storeId: actor.storeId, productId: id, status },
        });
      }
      return read(tx, actor.storeId, id);
    });

  /**
   * Whether the stored product already is what `parsed` and `status` say (nothing to write).
   * Compared as JSON with sorted keys: jsonb gives an object's keys back in its own order.
   */
  const isSameProduct = (
    row: SalesProductRow,
    variants: SalesProductVariantRow[],
    parsed: ReturnType<typeof ProductInputSchema.parse>,
    status: ProductStatus,
  ) =>
    canonicalJson([
      row.title,
      row.description,
      row.vendor,
      row.productType,
      row.tags,
      row.currencyCode,
      row.options,
      row.images,
      row.status,
      variants.map((variant) => [
        variant.optionValues,
        variant.sku,
        variant.barcode,
        variant.price,
        variant.compareAtPrice,
        variant.weightGrams,
        variant.tracked,
      ]),
    ]) ===
    canonicalJson([
      parsed.title,
      parsed.description,
      parsed.vendor,
      parsed.productType,
      parsed.tags,
      parsed.currencyCode,
      parsed.options,
      parsed.images,
      status,
      parsed.variants.map((variant) => [
        variant.optionValues,
        variant.sku,
        variant.barcode,
        variant.priceAmount,
        variant.compareAtPriceAmount,
        variant.weightGrams,
        variant.tracked,
      ]),
    ]);

  /**
   * A channel's product into the store (issue 11 sync and webhooks), in one transaction: found by
   * its channel and external id, else by one of its SKUs on a product made here (which is then
   * linked to the channel), else created. Unchanged products are not written (a re-sync changes
   * nothing); a variant whose SKU another product of the store has is kept without it and named
   * in `takenSkus`. Publishes `sales.product.created` or `.updated`. Throws a ZodError (400) or
   * AppError `unknown_category` for input the contract refuses.
   */
  const upsertChannelProduct = async (
    storeId: string,
    draft: { channel: string; externalId: string; status: ProductStatus; input: ProductInput },
  ): Promise<{ id: string; outcome: 'created' | 'updated' | 'unchanged'; takenSkus: string[] }> => {
    const requested = parseInput(draft.input);
    return db.transaction(async (tx) => {
      const [linked] = await tx
        .select()
        .from(salesProducts)
        .where(
          and(
            eq(salesProducts.storeId, storeId),
            eq(salesProducts.channel, draft.channel),
            eq(salesProducts.externalId, draft.externalId),
          ),
        )
        .for('update');
      const skus = requested.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
      const owners =
        skus.length === 0
          ? []
          : await tx
              .select({
                sku: salesProductVariants.sku,
                productId: salesProductVariants.productId,
                channel: salesProducts.channel,
              })
              .from(salesProductVariants)
              .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
              .where(
                and(
                  eq(salesProductVariants.storeId, storeId),
                  inArray(salesProductVariants.sku, skus),
                ),
              );
      // A product made here (or imported) with one of these SKUs is this one: link it.
      const adoptable = linked ? undefined : owners.find((owner) => owner.channel === null);
      const row =
        linked ?? (adoptable ? await findRow(tx, storeId, adoptable.productId, true) : undefined);
      const id = row?.id ?? newId('prd');
      const taken = new Set(
        owners.filter((owner) => owner.productId !== id).map((owner) => owner.sku),
      );
      const parsed = {
        ...requested,
        variants: requested.variants.map((variant) =>
          variant.sku && taken.has(variant.sku) ? { ...variant, sku: null } : variant,
        ),
      };
      const takenSkus = [...taken].filter((sku): sku is string => sku !== null);
      const now = clock.now();
      const fields = {
        title: parsed.title,
        description: parsed.description,
        vendor: parsed.vendor,
        productType: parsed.productType,
        tags: parsed.tags,
        categoryId: row?.categoryId ?? parsed.categoryId,
        currencyCode: parsed.currencyCode,
        options: parsed.options,
        images: parsed.images,
        status: draft.status,
        channel: draft.channel,
        externalId: draft.externalId,
        updatedAt: now,
      };
      if (!row) {
        await tx.insert(salesProducts).values({ id, storeId, ...fields, createdAt: now });
        await tx
          .insert(salesProductVariants)
          .values(variantRows(storeId, id, parsed.variants, new Map()));
        await events.publish(tx, 'sales.product.created', {
          aggregateId: id,
          storeId,
          payload: { storeId, productId: id },
        });
        return { id, outcome: 'created' as const, takenSkus };
      }
      const existing = (await variantsOf(tx, storeId, [id])).get(id) ?? [];
      if (linked && isSameProduct(row, existing, parsed, draft.status)) {
        return { id, outcome: 'unchanged' as const, takenSkus };
      }
      const idsByCombination = new Map(
        existing.map((variant) => [JSON.stringify(variant.optionValues), variant.id]),
      );
      const rows = variantRows(storeId, id, parsed.variants, idsByCombination);
      const kept = new Set(rows.map((variant) => variant.id));
      const removed = existing.filter((variant) => !kept.has(variant.id));
      if (removed.length > 0) {
        await tx.delete(salesProductVariants).where(
          inArray(
            salesProductVariants.id,
            removed.map((variant) => variant.id),
          ),
        );
      }
      await tx
        .update(salesProductVariants)
        .set({ sku: null })
        .where(eq(salesProductVariants.productId, id));
      await tx
        .insert(salesProductVariants)
        .values(rows)
        .onConflictDoUpdate({
          target: salesProductVariants.id,
          set: {
            position: sql`excluded.position`,
            optionValues: sql`excluded.option_values`,
            sku: sql`excluded.sku`,
            barcode: sql`excluded.barcode`,
            price: sql`excluded.price`,
            compareAtPrice: sql`excluded.compare_at_price`,
            weightGrams: sql`excluded.weight_grams`,
            tracked: sql`excluded.tracked`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await tx.update(salesProducts).set(fields).where(eq(salesProducts.id, id));
      await events.publish(tx, 'sales.product.updated', {
        aggregateId: id,
        storeId,
        payload: { storeId, productId: id, status: draft.status },
      });
      return { id, outcome: 'updated' as const, takenSkus };
    });
  };

  /**
   * Archives the channel's product (Shopify `products/delete`): the store keeps it, with its
   * orders' history, but no longer sells it. Idempotent; false when the store has no such product.
   */
  const archiveChannelProduct = async (storeId: string, channel: string, externalId: string) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(salesProducts)
        .where(
          and(
            eq(salesProducts.storeId, storeId),
            eq(salesProducts.channel, channel),
            eq(salesProducts.externalId, externalId),
          ),
        )
        .for('update');
      if (!row) return false;
      if (row.status !== 'ARCHIVED') {
        await tx
          .update(salesProducts)
          .set({ status: 'ARCHIVED', updatedAt: clock.now() })
          .where(eq(salesProducts.id, row.id));
        await events.publish(tx, 'sales.product.updated', {
          aggregateId: row.id,
          storeId,
          payload: { storeId, productId: row.id, status: 'ARCHIVED' },
        });
      }
      return true;
    });

  /** The store's products of a status, most recently changed first, with counts per status. */
  const listProducts = async (actor: Actor, query: ListProductsQuery): Promise<ProductPage> => {
    const { status, search, cursor, limit } = ListProductsQuerySchema.parse(query);
    const position = cursor ? decodeCursor(cursor, LIST_SORT) : undefined;
    const afterDate = position ? new Date(String(position.value)) : undefined;
    if (afterDate && Number.isNaN(afterDate.getTime())) throw invalidCursorError();
    const matching = searchCondition(actor.storeId, search);
    const [rows, countRows] = await Promise.all([
      db
        .select()
        .from(salesProducts)
        .where(
          and(
            eq(salesProducts.storeId, actor.storeId),
            eq(salesProducts.status, status),
            matching,
            afterDate && position
              ? or(
                  lt(salesProducts.updatedAt, afterDate),
                  and(eq(salesProducts.updatedAt, afterDate), lt(salesProducts.id, position.id)),
                )
              : undefined,
          ),
        )
        .orderBy(sql`${salesProducts.updatedAt} desc`, sql`${salesProducts.id} desc`)
        .limit(limit + 1),
      db
        .select({ status: salesProducts.status, count: sql<number>`count(*)::int` })
        .from(salesProducts)
        .where(and(eq(salesProducts.storeId, actor.storeId), matching))
        .groupBy(salesProducts.status),
    ]);
    const page = rows.slice(0, limit);
    const variants = await variantsOf(
      db,
      actor.storeId,
      page.map((row) => row.id),
    );
    const last = page.at(-1);
    const counts = Object.fromEntries(PRODUCT_STATUSES.map((key) => [key, 0])) as Record<
      ProductStatus,
      number
    >;
    for (const row of countRows) counts[row.status] = row.count;
    return {
      items: page.map((row) => toSummary(row, variants.get(row.id) ?? [])),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ sort: LIST_SORT, value: last.updatedAt.toISOString(), id: last.id })
          : null,
      counts,
    };
  };

  return {
    listProducts,
    upsertChannelProduct,
    archiveChannelProduct,

    /** One product of the store with its variants. 404 `product_not_found`. */
    getProduct: (actor: Actor, id: string) => read(db, actor.storeId, id),
    /** The same, by store id, for the module's own work (webhook bodies). */
    readProduct: (storeId: string, id: string) => read(db, storeId, id),

    /** Creates a product and its variants (contract `createProduct` for the errors). */
    async createProduct(actor: Actor, input: ProductInput): Promise<Product> {
      const parsed = parseInput(input);
      const id = newId('prd');
      return writing(parsed, () =>
        db.transaction(async (tx) => {
          await checkSkus(tx, actor.storeId, id, parsed);
          await tx.insert(salesProducts).values({
            id,
            storeId: actor.storeId,
            title: parsed.title,
            description: parsed.description,
            vendor: parsed.vendor,
            productType: parsed.productType,
            tags: parsed.tags,
            categoryId: parsed.categoryId,
            currencyCode: parsed.currencyCode,
            options: parsed.options,
            images: parsed.images,
            status: 'ACTIVE',
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
          await tx
            .insert(salesProductVariants)
            .values(variantRows(actor.storeId, id, parsed.variants, new Map()));
          await events.publish(tx, 'sales.product.created', {
            aggregateId: id,
            storeId: actor.storeId,
            payload: { storeId: actor.storeId, productId: id },
          });
          return read(tx, actor.storeId, id);
        }),
      );
    },

    /**
     * Replaces the product's fields and variants; a variant whose option values are unchanged
     * keeps its id. 404 `product_not_found`, 409 `sku_taken`.
     */
    async updateProduct(actor: Actor, id: string, input: ProductInput): Promise<Product> {
      const parsed = parseInput(input);
      return writing(parsed, () =>
        db.transaction(async (tx) => {
          const row = await findRow(tx, actor.storeId, id, true);
          await checkSkus(tx, actor.storeId, id, parsed);
          const existing = (await variantsOf(tx, actor.storeId, [id])).get(id) ?? [];
          const idsByCombination = new Map(
            existing.map((variant) => [JSON.stringify(variant.optionValues), variant.id]),
          );
          const rows = variantRows(actor.storeId, id, parsed.variants, idsByCombination);
          const kept = new Set(rows.map((variant) => variant.id));
          const removed = existing.filter((variant) => !kept.has(variant.id));
          if (removed.length > 0) {
            await tx.delete(salesProductVariants).where(
              inArray(
                salesProductVariants.id,
                removed.map((variant) => variant.id),
              ),
            );
          }
          // SKUs may move between the product's own variants: clear them before writing.
          await tx
            .update(salesProductVariants)
            .set({ sku: null })
            .where(eq(salesProductVariants.productId, id));
          await tx
            .insert(salesProductVariants)
            .values(rows)
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
          await tx
            .update(salesProducts)
            .set({
              title: parsed.title,
              description: parsed.description,
              vendor: parsed.vendor,
              productType: parsed.productType,
              tags: parsed.tags,
              categoryId: parsed.categoryId,
              currencyCode: parsed.currencyCode,
              options: parsed.options,
              images: parsed.images,
              updatedAt: clock.now(),
            })
            .where(eq(salesProducts.id, id));
          await events.publish(tx, 'sales.product.updated', {
            aggregateId: id,
            storeId: actor.storeId,
            payload: { storeId: actor.storeId, productId: id, status: row.status },
          });
          return read(tx, actor.storeId, id);
        }),
      );
    },

    /** Archives the product (idempotent). 404 `product_not_found`. */
    archiveProduct: (actor: Actor, id: string) => setStatus(actor, id, 'ARCHIVED'),
    /** Brings an archived product back (idempotent). 404 `product_not_found`. */
    unarchiveProduct: (actor: Actor, id: string) => setStatus(actor, id, 'ACTIVE'),

    /** The products of a status as CSV in Shopify's product layout, one row per variant. */
    async *exportProducts(
      actor: Actor,
      query: { status?: ProductStatus | undefined; search?: string | undefined },
    ): AsyncGenerator<string> {
      const { status, search } = ListProductsQuerySchema.parse(query);
      yield `\uFEFF${stringify([[...SHOPIFY_PRODUCT_HEADERS]])}`;
      let cursor: string | undefined;
      do {
        const page = await listProducts(actor, { status, search, cursor, limit: 100 });
        const ids = page.items.map((item) => item.id);
        const rows = await db
          .select()
          .from(salesProducts)
          .where(and(eq(salesProducts.storeId, actor.storeId), inArray(salesProducts.id, ids)));
        const byId = new Map(rows.map((row) => [row.id, row]));
        const variants = await variantsOf(db, actor.storeId, ids);
        const lines = ids.flatMap((productId) => {
          const row = byId.get(productId)!;
          const digits = minorDigitsOf(row.currencyCode);
          const amount = (value: number | null) =>
            value === null ? '' : (value / 10 ** digits).toFixed(digits);
          const handle = handleOf(row);
          const productVariants = variants.get(productId) ?? [];
          const count = Math.max(productVariants.length, row.images.length);
          return Array.from({ length: count }, (_, index) => {
            const variant = productVariants[index];
            const image = row.images[index];
            const first = index === 0;
            const cells: Partial<Record<(typeof SHOPIFY_PRODUCT_HEADERS)[number], string>> = {
              Handle: handle,
              ...(first
                ? {
                    Title: row.title,
                    'Body (HTML)': row.description ?? '',
                    Vendor: row.vendor ?? '',
                    'Product Category':
                      row.categoryId === null
                        ? ''
                        : (productCategoryPaths().get(row.categoryId) ?? ''),
                    Type: row.productType ?? '',
                    Tags: row.tags.join(', '),
                    Published: row.status === 'ACTIVE' ? 'true' : 'false',
                    Status: row.status === 'ACTIVE' ? 'active' : 'archived',
                  }
                : {}),
              ...(variant
                ? {
                    'Option1 Name': first ? (row.options[0]?.name ?? 'Title') : '',
                    'Option1 Value': variant.optionValues[0] ?? 'Default Title',
                    'Option2 Name': first ? (row.options[1]?.name ?? '') : '',
                    'Option2 Value': variant.optionValues[1] ?? '',
                    'Option3 Name': first ? (row.options[2]?.name ?? '') : '',
                    'Option3 Value': variant.optionValues[2] ?? '',
                    'Variant SKU': variant.sku ?? '',
                    'Variant Grams':
                      variant.weightGrams === null ? '' : String(variant.weightGrams),
                    'Variant Inventory Tracker': variant.tracked ? 'shopify' : '',
                    'Variant Price': amount(variant.price),
                    'Variant Compare At Price': amount(variant.compareAtPrice),
                    'Variant Requires Shipping': 'true',
                    'Variant Taxable': 'true',
                    'Variant Barcode': variant.barcode ?? '',
                    'Variant Weight Unit': 'g',
                  }
                : {}),
              ...(image
                ? {
                    'Image Src': image.url,
                    'Image Position': String(index + 1),
                    'Image Alt Text': image.alt ?? '',
                  }
                : {}),
            };
            return SHOPIFY_PRODUCT_HEADERS.map((header) => cells[header] ?? '');
          });
        });
        yield stringify(lines);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  };
};
export type ProductService = ReturnType<typeof createProductService>;
