import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  type InventoryCounts,
  type LowStockSetting,
} from '@atelier/contract/fulfillment/fees';
import type { Database } from '@/db/client';
import { salesProducts, salesProductVariants } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import {
  fulfillmentInventoryLevels,
  fulfillmentReceivingItems,
  fulfillmentReceivings,
  fulfillmentWarehouses,
} from '../fulfillment.table';
import type { InventoryService } from '../inventory.service';
import { rowsOf } from './fee.service';
import { csvLine } from './reports';
import { fulfillmentLowStock } from './fees.table';

export type LowStockDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** The store's contact e-mail (identity's directory), where alerts go. */
  findStoreEmail(storeId: string): Promise<string | undefined>;
  log?: { warn(object: unknown, message: string): void };
};

type StockRow = {
  variantId: string;
  sku: string | null;
  productTitle: string;
  optionValues: string[];
  /** Whether the variant has a level row (it was stocked once). */
  isStocked: boolean;
  onHand: number;
  reserved: number;
  threshold: number | null;
  alertedAt: Date | null;
};

const variantNotFound = () =>
  new AppError('not_found', 'No such variant in this store.', { reason: 'variant_not_found' });

/**
 * Issue 15 low-stock alerts, stock counts and the stock CSV. A variant is low when its available
 * units (on hand − reserved, every warehouse) are at or below its threshold (its own, else
 * DEFAULT_LOW_STOCK_THRESHOLD). The alert e-mail goes to the store once when a stocked variant
 * falls that low, and again only after available went back above the threshold.
 */
export const createLowStockService = (deps: LowStockDeps) => {
  const { db, clock, notifier, log } = deps;
  const findStoreEmail = (storeId: string) => deps.findStoreEmail(storeId);
  /** The store's tracked variants (of `variantIds` when given) with stock and alert state. */
  const stockOf = async (
    handle: Database,
    storeId: string,
    variantIds: string[] | null,
  ): Promise<StockRow[]> => {
    const result = await handle.execute(sql`
      select v.id as "variantId", v.sku, p.title as "productTitle", v.option_values as "optionValues",
        (l.variant_id is not null) as "isStocked",
        coalesce(l.on_hand, 0)::int as "onHand", coalesce(l.reserved, 0)::int as reserved,
        s.threshold, s.alerted_at as "alertedAt"
      from ${salesProductVariants} v
      join ${salesProducts} p on p.id = v.product_id
      left join (
        select variant_id, sum(on_hand) as on_hand, sum(reserved) as reserved
        from fulfillment_inventory_levels where store_id = ${storeId} group by variant_id
      ) l on l.variant_id = v.id
      left join ${fulfillmentLowStock} s on s.store_id = v.store_id and s.variant_id = v.id
      where v.store_id = ${storeId} and v.tracked
        ${variantIds ? sql`and v.id in ${variantIds}` : sql``}
      order by coalesce(v.sku, ''), v.id`);
    return rowsOf<StockRow & { alertedAt: Date | string | null }>(result).map((row) => ({
      ...row,
      onHand: Number(row.onHand),
      reserved: Number(row.reserved),
      alertedAt: row.alertedAt === null ? null : new Date(row.alertedAt),
    }));
  };

  const availableOf = (row: StockRow) => Math.max(0, row.onHand - row.reserved);
  const thresholdOf = (row: { threshold: number | null }) =>
    row.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;

  /**
   * Sends the alerts due and re-arms those whose stock went back above the threshold, for the
   * store's variants (`variantIds`, or all when null). One alert per fall: the `alerted_at`
   * update that sends the e-mail only wins once, however many checks run at the same time.
   */
  const check = async (storeId: string, variantIds: string[] | null = null): Promise<number> => {
    if (variantIds?.length === 0) return 0;
    const rows = await stockOf(db, storeId, variantIds);
    let sent = 0;
    for (const row of rows) {
      const isLow = row.isStocked && availableOf(row) <= thresholdOf(row);
      if (isLow && row.alertedAt === null) {
        const now = clock.now();
        // Asked before the transaction: PGlite has one connection, the root handle would wait.
        const to = await findStoreEmail(storeId);
        const won = await db.transaction(async (tx) => {
          await tx
            .insert(fulfillmentLowStock)
            .values({ storeId, variantId: row.variantId, updatedAt: now })
            .onConflictDoNothing();
          const updated = await tx
            .update(fulfillmentLowStock)
            .set({ alertedAt: now, updatedAt: now })
            .where(
              and(
                eq(fulfillmentLowStock.storeId, storeId),
                eq(fulfillmentLowStock.variantId, row.variantId),
                isNull(fulfillmentLowStock.alertedAt),
              ),
            )
            .returning({ threshold: fulfillmentLowStock.threshold });
          if (updated.length === 0) return false;
          if (to) {
            const name = [row.productTitle, row.optionValues.join(' / ')]
              .filter(Boolean)
              .join(' — ');
            const threshold = thresholdOf(updated[0]!);
            await notifier.sendEmail(
              {
                to,
                storeId,
                kind: 'fulfillment.low-stock',
                subject: `Low stock: ${row.sku ?? name} (${availableOf(row)} available)`,
                body: [
                  `${name}${row.sku ? ` (SKU ${row.sku})` : ''} has ${availableOf(row)} units available at the fulfillment center, at or below your low-stock threshold of ${threshold}.`,
                  `On hand ${row.onHand}, reserved for orders ${row.reserved}.`,
                  'Send more units to the center to keep orders shipping. You will not be told again until the stock goes back above the threshold.',
                ].join('\n\n'),
              },
              tx,
            );
          }
          return true;
        });
        if (won) sent += 1;
      } else if (!isLow && row.alertedAt !== null) {
        await db
          .update(fulfillmentLowStock)
          .set({ alertedAt: null, updatedAt: clock.now() })
          .where(
            and(
              eq(fulfillmentLowStock.storeId, storeId),
              eq(fulfillmentLowStock.variantId, row.variantId),
              isNotNull(fulfillmentLowStock.alertedAt),
            ),
          );
      }
    }
    return sent;
  };

  /** `check`, but a failure is logged, never thrown (the stock change it follows stands). */
  const checkQuietly = async (storeId: string, variantIds: string[] | null) => {
    await check(storeId, variantIds).catch((error: unknown) =>
      log?.warn({ err: error, storeId }, 'low-stock check failed'),
    );
  };

  const settingOf = async (storeId: string, variantId: string): Promise<LowStockSetting> => {
    const [row] = await stockOf(db, storeId, [variantId]);
    if (!row) throw variantNotFound();
    return {
      variantId,
      threshold: row.threshold,
      effectiveThreshold: thresholdOf(row),
      isAlerted: row.alertedAt !== null,
    };
  };

  return {
    check,
    checkQuietly,

    /** A tracked variant's threshold and alert state. 404 `variant_not_found` for another store's. */
    getSetting: settingOf,

    /**
     * Sets a tracked variant's threshold (null: the default) and checks it at once (an alert may
     * go out, or re-arm). 404 `variant_not_found` for another store's variant.
     */
    async setThreshold(
      storeId: string,
      variantId: string,
      threshold: number | null,
    ): Promise<LowStockSetting> {
      const [row] = await stockOf(db, storeId, [variantId]);
      if (!row) throw variantNotFound();
      const now = clock.now();
      await db
        .insert(fulfillmentLowStock)
        .values({ storeId, variantId, threshold, updatedAt: now })
        .onConflictDoUpdate({
          target: [fulfillmentLowStock.storeId, fulfillmentLowStock.variantId],
          set: { threshold, updatedAt: now },
        });
      await check(storeId, [variantId]);
      return settingOf(storeId, variantId);
    },

    /**
     * Spec §7 inventory-counts: the store's tracked variants out of stock (0 available), low (at
     * or below their threshold) and in stock (above it).
     */
    async counts(storeId: string): Promise<InventoryCounts> {
      const rows = await stockOf(db, storeId, null);
      let outOfStock = 0;
      let low = 0;
      for (const row of rows) {
        const available = availableOf(row);
        if (available === 0) outOfStock += 1;
        else if (available <= thresholdOf(row)) low += 1;
      }
      return { inStock: rows.length - outOfStock - low, low, outOfStock, total: rows.length };
    },

    /**
     * The stock CSV: one row per tracked variant (by SKU) with its bins (the default warehouse's
     * bin as "A-0001", another warehouse's as "NJ1 A-0003", "; " between them, the default
     * first), on hand, reserved, available and incoming (units expected by open receivings, not
     * counted yet).
     */
    async stockCsv(storeId: string): Promise<string> {
      const rows = await stockOf(db, storeId, null);
      const incoming = await db
        .select({
          variantId: fulfillmentReceivingItems.variantId,
          units: sql<number>`sum(${fulfillmentReceivingItems.expectedQuantity})`.mapWith(Number),
        })
        .from(fulfillmentReceivingItems)
        .innerJoin(
          fulfillmentReceivings,
          eq(fulfillmentReceivings.id, fulfillmentReceivingItems.receivingId),
        )
        .where(
          and(
            eq(fulfillmentReceivings.storeId, storeId),
            eq(fulfillmentReceivingItems.storeId, storeId),
            inArray(fulfillmentReceivings.status, ['NEEDS_MAPPING', 'IN_TRANSIT']),
            isNotNull(fulfillmentReceivingItems.variantId),
          ),
        )
        .groupBy(fulfillmentReceivingItems.variantId)
        .orderBy(asc(fulfillmentReceivingItems.variantId));
      const incomingOf = new Map(incoming.map((row) => [row.variantId!, row.units]));
      const bins = await db
        .select({
          variantId: fulfillmentInventoryLevels.variantId,
          binCode: fulfillmentInventoryLevels.binCode,
          warehouseCode: fulfillmentWarehouses.code,
          isDefault: fulfillmentWarehouses.isDefault,
        })
        .from(fulfillmentInventoryLevels)
        .innerJoin(
          fulfillmentWarehouses,
          eq(fulfillmentWarehouses.id, fulfillmentInventoryLevels.warehouseId),
        )
        .where(
          and(
            eq(fulfillmentInventoryLevels.storeId, storeId),
            isNotNull(fulfillmentInventoryLevels.binCode),
          ),
        )
        .orderBy(desc(fulfillmentWarehouses.isDefault), asc(fulfillmentWarehouses.code));
      const binsOf = new Map<string, string[]>();
      for (const bin of bins) {
        const label = bin.isDefault ? bin.binCode! : `${bin.warehouseCode} ${bin.binCode!}`;
        binsOf.set(bin.variantId, [...(binsOf.get(bin.variantId) ?? []), label]);
      }
      const lines = [
        csvLine([
          'sku',
          'product',
          'variant',
          'bin',
          'on_hand',
          'reserved',
          'available',
          'incoming',
        ]),
        ...rows.map((row) =>
          csvLine([
            row.sku ?? '',
            row.productTitle,
            row.optionValues.join(' / '),
            binsOf.get(row.variantId)?.join('; ') ?? '',
            row.onHand,
            row.reserved,
            availableOf(row),
            incomingOf.get(row.variantId) ?? 0,
          ]),
        ),
      ];
      return `\uFEFF${lines.join('')}`;
    },
  };
};
export type LowStockService = ReturnType<typeof createLowStockService>;

/**
 * The one hook into the inventory service: the same service, whose changes of available units
 * (an adjustment, reservations, releases) are followed by a low-stock check of the variants they
 * touched, after their transaction committed. A failed check is logged; the change stands.
 */
export const watchLowStock = <T extends InventoryService>(
  inventory: T,
  lowStock: Pick<LowStockService, 'checkQuietly'>,
): T => ({
  ...inventory,
  async adjust(...args: Parameters<InventoryService['adjust']>) {
    const movement = await inventory.adjust(...args);
    await lowStock.checkQuietly(args[0].storeId, [movement.variantId]);
    return movement;
  },
  async reserveOrder(storeId: string, orderId: string) {
    const reservation = await inventory.reserveOrder(storeId, orderId);
    const variantIds = reservation.lines.flatMap((line) =>
      line.variantId ? [line.variantId] : [],
    );
    await lowStock.checkQuietly(storeId, [...new Set(variantIds)]);
    return reservation;
  },
  async reserveWaiting(storeId: string, variantIds: string[] | null, limit?: number) {
    const looked = await inventory.reserveWaiting(storeId, variantIds, limit);
    await lowStock.checkQuietly(storeId, variantIds);
    return looked;
  },
  async releaseCanceled(storeId: string, orderId: string) {
    await inventory.releaseCanceled(storeId, orderId);
    await lowStock.checkQuietly(storeId, null);
  },
});
