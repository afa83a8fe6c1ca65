import { and, asc, eq } from 'drizzle-orm';
import type { PreSale, SavePreSaleInput } from '@atelier/contract/fulfillment/bookings';
import type { Database } from '@/db/client';
import { salesProducts, salesProductVariants } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { fieldError, type StoreActor } from './booking-common';
import { fulfillmentPreSales, type FulfillmentPreSaleRow } from './bookings.table';

/** The center's time zone (the default warehouse in North Carolina, spec §9). */
const CENTER_TIME_ZONE = 'America/New_York';
const centerDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** YYYY-MM-DD at the center. */
export const centerToday = (now: Date): string => centerDay.format(now);

/**
 * What a variant's pre-sale allows now: orders are taken while it is out of stock, until
 * `endsOn` (inclusive, YYYY-MM-DD at the center, America/New_York) when set, and for at most
 * `maxUnits` units beyond the stock when set (null: no limit on that side).
 */
export type PreSaleAllowance = { endsOn: string | null; maxUnits: number | null };

const isActive = (row: Pick<FulfillmentPreSaleRow, 'endsOn'>, today: string) =>
  row.endsOn === null || row.endsOn >= today;

/**
 * Issue 15 pre-sales (fulfillment tile "set up a pre sale"): per variant, orders allowed while
 * out of stock until a day and/or up to a number of units. The inventory service asks
 * `preSaleAllowance`; this service does not reserve anything itself.
 */
export const createPreSaleService = ({ db, clock }: { db: Database; clock: Clock }) => {
  const labelled = async (storeId: string, variantId?: string) => {
    const rows = await db
      .select({
        preSale: fulfillmentPreSales,
        sku: salesProductVariants.sku,
        optionValues: salesProductVariants.optionValues,
        title: salesProducts.title,
      })
      .from(fulfillmentPreSales)
      .innerJoin(salesProductVariants, eq(salesProductVariants.id, fulfillmentPreSales.variantId))
      .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
      .where(
        and(
          eq(fulfillmentPreSales.storeId, storeId),
          variantId ? eq(fulfillmentPreSales.variantId, variantId) : undefined,
        ),
      )
      .orderBy(asc(salesProductVariants.sku), asc(salesProducts.title));
    const today = centerToday(clock.now());
    return rows.map((row): PreSale => ({
      variantId: row.preSale.variantId,
      variantLabel: [row.sku, [row.title, ...row.optionValues].join(' / ')]
        .filter(Boolean)
        .join(' · '),
      endsOn: row.preSale.endsOn,
      maxUnits: row.preSale.maxUnits,
      isActive: isActive(row.preSale, today),
      updatedAt: row.preSale.updatedAt.toISOString(),
    }));
  };

  return {
    /** The store's pre-sales by SKU, ended ones too (`isActive` false). */
    list: (storeId: string): Promise<PreSale[]> => labelled(storeId),

    /**
     * Sets (or replaces) a variant's pre-sale. 400 `variantId` for a variant not the store's, 400
     * `endsOn` for a day already past at the center.
     */
    async save(actor: StoreActor, variantId: string, body: SavePreSaleInput): Promise<PreSale> {
      const [variant] = await db
        .select({ id: salesProductVariants.id })
        .from(salesProductVariants)
        .where(
          and(
            eq(salesProductVariants.storeId, actor.storeId),
            eq(salesProductVariants.id, variantId),
          ),
        );
      if (!variant) throw fieldError('variantId', 'No product variant of this store has this id.');
      const now = clock.now();
      if (body.endsOn && body.endsOn < centerToday(now)) {
        throw fieldError('endsOn', 'Choose today or a later day.');
      }
      const values = {
        endsOn: body.endsOn ?? null,
        maxUnits: body.maxUnits ?? null,
        updatedAt: now,
      };
      await db
        .insert(fulfillmentPreSales)
        .values({ storeId: actor.storeId, variantId, ...values, createdAt: now })
        .onConflictDoUpdate({
          target: [fulfillmentPreSales.storeId, fulfillmentPreSales.variantId],
          set: values,
        });
      return (await labelled(actor.storeId, variantId))[0]!;
    },

    /** Ends a variant's pre-sale. 404 `pre_sale_not_found` when it has none. */
    async remove(actor: StoreActor, variantId: string): Promise<void> {
      const deleted = await db
        .delete(fulfillmentPreSales)
        .where(
          and(
            eq(fulfillmentPreSales.storeId, actor.storeId),
            eq(fulfillmentPreSales.variantId, variantId),
          ),
        )
        .returning({ variantId: fulfillmentPreSales.variantId });
      if (deleted.length === 0) {
        throw new AppError('not_found', 'This variant has no pre-sale.', {
          reason: 'pre_sale_not_found',
        });
      }
    },

    /**
     * Issue 15 pre-sale, for the inventory service: what the store's variant may sell beyond its
     * stock at `at` (now by default), or null when it has no pre-sale or it ended. Read only.
     */
    async preSaleAllowance(
      storeId: string,
      variantId: string,
      at: Date = clock.now(),
    ): Promise<PreSaleAllowance | null> {
      const [row] = await db
        .select()
        .from(fulfillmentPreSales)
        .where(
          and(
            eq(fulfillmentPreSales.storeId, storeId),
            eq(fulfillmentPreSales.variantId, variantId),
          ),
        );
      if (!row || !isActive(row, centerToday(at))) return null;
      return { endsOn: row.endsOn, maxUnits: row.maxUnits };
    },
  };
};
export type PreSaleService = ReturnType<typeof createPreSaleService>;
