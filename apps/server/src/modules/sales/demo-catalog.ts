import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import { chunk } from 'es-toolkit';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { newId } from '@/lib/ids';
import { salesOrderLines, salesOrders, salesProducts, salesProductVariants } from './sales.table';

/** Products written per transaction. */
const BATCH_PRODUCTS = 500;

/**
 * UCI Online Retail's stock codes of goods: five digits and an optional letter (85123A).
 * The file's other codes are postage (POST, DOT), fees (AMAZONFEE, BANK CHARGES), manual lines (M)
 * and the like, which are not products.
 */
const GOODS_STOCK_CODE = '^[0-9]{5}';

/** "WHITE HANGING HEART T-LIGHT HOLDER" → "White Hanging Heart T-Light Holder". */
export const titleOfStockDescription = (description: string) =>
  description
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_match, before: string, letter: string) => {
      return `${before}${letter.toUpperCase()}`;
    });

export type DemoCatalogReport = { products: number };

/**
 * Gives a store the products its imported order history sells (issue 11, the demo store's
 * /inventory): one product per stock code of goods sold on the orders of `channel`, with one
 * variant (no options, shown as "–") whose SKU is the stock code. Its title is the description
 * the lines use most, in title case; its price is the unit price (minor units of the orders'
 * currency) of its latest sale at a price above 0. Products are ACTIVE, come from `channel` with
 * the stock code as external id, and each is announced as `sales.product.created`.
 *
 * Idempotent: a stock code that is already a SKU of the store is left alone, so running it again
 * (a resumed demo import) writes nothing. Order lines keep their SKU and are not relinked.
 */
export const createCatalogFromOrderLines = async (deps: {
  db: Database;
  events: EventBus;
  storeId: string;
  channel: string;
  now?: Date;
}): Promise<DemoCatalogReport> => {
  const { db, events, storeId, channel } = deps;
  const sold = await db
    .select({
      sku: sql<string>`${salesOrderLines.sku}`,
      description: sql<string>`mode() within group (order by ${salesOrderLines.title})`,
      price: sql<
        string | number
      >`(array_agg(${salesOrderLines.unitPrice} order by ${salesOrders.placedAt} desc, ${salesOrderLines.id} desc))[1]`,
      currencyCode: sql<string>`min(${salesOrders.currencyCode})`,
    })
    .from(salesOrderLines)
    .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
    .where(
      and(
        eq(salesOrderLines.storeId, storeId),
        eq(salesOrders.storeId, storeId),
        eq(salesOrders.channel, channel),
        gt(salesOrderLines.unitPrice, 0),
        sql`${salesOrderLines.sku} ~ ${GOODS_STOCK_CODE}`,
        notExists(
          db
            .select({ found: sql`1` })
            .from(salesProductVariants)
            .where(
              and(
                eq(salesProductVariants.storeId, storeId),
                eq(salesProductVariants.sku, salesOrderLines.sku),
              ),
            ),
        ),
      ),
    )
    .groupBy(salesOrderLines.sku)
    .orderBy(asc(salesOrderLines.sku));

  const now = deps.now ?? new Date();
  let products = 0;
  for (const part of chunk(sold, BATCH_PRODUCTS)) {
    await db.transaction(async (tx) => {
      const productRows = part.map((item) => ({
        id: newId('prd'),
        storeId,
        title: titleOfStockDescription(item.description),
        description: null,
        vendor: null,
        productType: null,
        tags: [],
        categoryId: null,
        currencyCode: item.currencyCode,
        options: [],
        images: [],
        status: 'ACTIVE' as const,
        channel,
        externalId: item.sku,
        createdAt: now,
        updatedAt: now,
      }));
      await tx.insert(salesProducts).values(productRows);
      await tx.insert(salesProductVariants).values(
        part.map((item, index) => ({
          id: newId('var'),
          productId: productRows[index]!.id,
          storeId,
          position: 0,
          optionValues: [],
          sku: item.sku,
          barcode: null,
          price: Number(item.price),
          compareAtPrice: null,
          weightGrams: null,
          tracked: true,
          updatedAt: now,
        })),
      );
      for (const row of productRows) {
        await events.publish(tx, 'sales.product.created', {
          aggregateId: row.id,
          storeId,
          payload: { storeId, productId: row.id },
        });
      }
    });
    products += part.length;
  }
  return { products };
};
