import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  Bundle,
  CreateKittingRequestBody,
  KittingRequest,
  SetBundleBody,
} from '@atelier/contract/fulfillment/kitting';
import type { Database } from '@/db/client';
import { salesProducts, salesProductVariants } from '@/db/schema';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { fulfillmentInventoryLevels } from '../fulfillment.table';
import type { InventoryService } from '../inventory.service';
import {
  fulfillmentBundleComponents,
  fulfillmentKittingRequests,
  type FulfillmentKittingRequestRow,
} from './kitting.table';
import { numberOfSn, snOf } from '../serial-numbers';

/** KIT-000012 ↔ 12. */
export const kittingSn = (number: number) => snOf('KIT', number);

const variantNotFound = () =>
  new AppError('not_found', 'No variant of this store has this id.', {
    reason: 'variant_not_found',
  });
const requestNotFound = () =>
  new AppError('not_found', 'No kitting request of this store has this number.', {
    reason: 'kitting_request_not_found',
  });
const notABundle = () =>
  new AppError('bad_request', 'This variant is not a bundle: give it components first.', {
    details: [{ field: 'bundleVariantId', message: 'This variant is not a bundle.' }],
    reason: 'not_a_bundle',
  });

export type KittingServiceDeps = {
  db: Database;
  clock: Clock;
  inventory: InventoryService;
  /** After kits reached stock: orders waiting for the bundle variant try again. */
  onKitsAssembled: (storeId: string, bundleVariantId: string) => Promise<void>;
};

/**
 * Issue 15 kitting and bundles: a bundle variant is made of other variants of the store (never of
 * itself, nor of another bundle, so a bundle cannot contain itself through another); a kitting
 * request assembles kits at the center, consuming the components' stock.
 */
export const createKittingService = ({
  db,
  clock,
  inventory,
  onKitsAssembled,
}: KittingServiceDeps) => {
  const variantsOf = async (handle: Database, storeId: string, ids: string[]) =>
    ids.length === 0
      ? []
      : handle
          .select({
            id: salesProductVariants.id,
            sku: salesProductVariants.sku,
            title: salesProducts.title,
            optionValues: salesProductVariants.optionValues,
          })
          .from(salesProductVariants)
          .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
          .where(
            and(eq(salesProductVariants.storeId, storeId), inArray(salesProductVariants.id, ids)),
          );
  const titleOf = (variant: { title: string; optionValues: string[] | null }) =>
    variant.optionValues?.length
      ? `${variant.title} (${variant.optionValues.join(' / ')})`
      : variant.title;

  const toBundles = async (
    handle: Database,
    storeId: string,
    bundleIds: string[],
  ): Promise<Bundle[]> => {
    if (bundleIds.length === 0) return [];
    const rows = await handle
      .select()
      .from(fulfillmentBundleComponents)
      .where(
        and(
          eq(fulfillmentBundleComponents.storeId, storeId),
          inArray(fulfillmentBundleComponents.bundleVariantId, bundleIds),
        ),
      )
      .orderBy(
        asc(fulfillmentBundleComponents.bundleVariantId),
        asc(fulfillmentBundleComponents.position),
      );
    const ids = [...new Set([...bundleIds, ...rows.map((row) => row.componentVariantId)])];
    const variants = await variantsOf(handle, storeId, ids);
    const levels = await handle
      .select({
        variantId: fulfillmentInventoryLevels.variantId,
        onHand: fulfillmentInventoryLevels.onHand,
        reserved: fulfillmentInventoryLevels.reserved,
      })
      .from(fulfillmentInventoryLevels)
      .where(
        and(
          eq(fulfillmentInventoryLevels.storeId, storeId),
          inArray(fulfillmentInventoryLevels.variantId, ids),
        ),
      );
    const available = (variantId: string) =>
      levels
        .filter((level) => level.variantId === variantId)
        .reduce((sum, level) => sum + level.onHand - level.reserved, 0);
    return bundleIds.flatMap((bundleId) => {
      const bundle = variants.find((variant) => variant.id === bundleId);
      const components = rows.filter((row) => row.bundleVariantId === bundleId);
      if (!bundle || components.length === 0) return [];
      return [
        {
          variantId: bundle.id,
          sku: bundle.sku,
          title: titleOf(bundle),
          components: components.map((row) => {
            const variant = variants.find((one) => one.id === row.componentVariantId);
            return {
              variantId: row.componentVariantId,
              sku: variant?.sku ?? null,
              title: variant ? titleOf(variant) : 'Deleted variant',
              quantity: row.quantity,
            };
          }),
          buildable: Math.max(
            0,
            Math.min(
              ...components.map((row) =>
                Math.floor(available(row.componentVariantId) / row.quantity),
              ),
            ),
          ),
          updatedAt: components[0]!.updatedAt.toISOString(),
        },
      ];
    });
  };

  /** The store's bundles, by SKU. */
  const listBundles = async (storeId: string): Promise<Bundle[]> => {
    const ids = await db
      .selectDistinct({ id: fulfillmentBundleComponents.bundleVariantId })
      .from(fulfillmentBundleComponents)
      .where(eq(fulfillmentBundleComponents.storeId, storeId));
    const bundles = await toBundles(
      db,
      storeId,
      ids.map((row) => row.id),
    );
    return bundles.sort((a, b) => (a.sku ?? a.title).localeCompare(b.sku ?? b.title));
  };

  /**
   * Makes `variantId` a bundle of `components` (replacing any it had). 404 `variant_not_found`
   * for a bundle variant not the store's; 400 `components.N.variantId` for a component not the
   * store's, the bundle itself, another bundle, or listed twice.
   */
  const setBundle = async (actor: Actor, variantId: string, body: SetBundleBody): Promise<Bundle> =>
    db.transaction(async (tx) => {
      const componentIds = body.components.map((component) => component.variantId);
      const known = await variantsOf(tx, actor.storeId, [variantId, ...componentIds]);
      if (!known.some((variant) => variant.id === variantId)) throw variantNotFound();
      const bundles = await tx
        .selectDistinct({ id: fulfillmentBundleComponents.bundleVariantId })
        .from(fulfillmentBundleComponents)
        .where(
          and(
            eq(fulfillmentBundleComponents.storeId, actor.storeId),
            inArray(fulfillmentBundleComponents.bundleVariantId, componentIds),
          ),
        );
      const usedIn = await tx
        .select({ id: fulfillmentBundleComponents.bundleVariantId })
        .from(fulfillmentBundleComponents)
        .where(eq(fulfillmentBundleComponents.componentVariantId, variantId))
        .limit(1);
      const details: { field: string; message: string }[] = [];
      if (usedIn.length > 0) {
        details.push({
          field: 'components',
          message:
            'This variant is a component of another bundle, so it cannot be a bundle itself.',
        });
      }
      const seen = new Set<string>();
      body.components.forEach((component, index) => {
        const field = `components.${index}.variantId`;
        if (component.variantId === variantId) {
          details.push({ field, message: 'A bundle cannot contain itself.' });
        } else if (!known.some((variant) => variant.id === component.variantId)) {
          details.push({ field, message: 'No variant of this store has this id.' });
        } else if (bundles.some((bundle) => bundle.id === component.variantId)) {
          details.push({ field, message: 'A bundle cannot contain another bundle.' });
        } else if (seen.has(component.variantId)) {
          details.push({ field, message: 'This variant is listed twice.' });
        }
        seen.add(component.variantId);
      });
      if (details.length > 0) {
        throw new AppError('bad_request', details[0]!.message, { details });
      }
      await tx
        .delete(fulfillmentBundleComponents)
        .where(eq(fulfillmentBundleComponents.bundleVariantId, variantId));
      const now = clock.now();
      await tx.insert(fulfillmentBundleComponents).values(
        body.components.map((component, position) => ({
          storeId: actor.storeId,
          bundleVariantId: variantId,
          componentVariantId: component.variantId,
          quantity: component.quantity,
          position,
          updatedAt: now,
        })),
      );
      return (await toBundles(tx, actor.storeId, [variantId]))[0]!;
    });

  /** The variant is no longer a bundle (its stock stays). `deleted` false when it was none. */
  const deleteBundle = async (actor: Actor, variantId: string) => {
    const deleted = await db
      .delete(fulfillmentBundleComponents)
      .where(
        and(
          eq(fulfillmentBundleComponents.storeId, actor.storeId),
          eq(fulfillmentBundleComponents.bundleVariantId, variantId),
        ),
      )
      .returning({ id: fulfillmentBundleComponents.componentVariantId });
    return { deleted: deleted.length > 0 };
  };

  const toRequests = async (
    handle: Database,
    storeId: string,
    rows: FulfillmentKittingRequestRow[],
  ): Promise<KittingRequest[]> => {
    const variants = await variantsOf(handle, storeId, [
      ...new Set(rows.map((row) => row.bundleVariantId)),
    ]);
    return rows.map((row) => {
      const variant = variants.find((one) => one.id === row.bundleVariantId);
      return {
        id: row.id,
        sn: kittingSn(row.number),
        bundleVariantId: row.bundleVariantId,
        sku: variant?.sku ?? null,
        title: variant ? titleOf(variant) : 'Deleted variant',
        quantity: row.quantity,
        status: row.status,
        note: row.note,
        cancelReason: row.cancelReason,
        createdAt: row.createdAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
      };
    });
  };

  /** The store's latest 200 kitting requests, newest first. */
  const listRequests = async (storeId: string): Promise<KittingRequest[]> =>
    toRequests(
      db,
      storeId,
      await db
        .select()
        .from(fulfillmentKittingRequests)
        .where(eq(fulfillmentKittingRequests.storeId, storeId))
        .orderBy(desc(fulfillmentKittingRequests.number))
        .limit(200),
    );

  /** A kitting request of one of the store's bundles. 400 `not_a_bundle` otherwise. */
  const createRequest = async (
    actor: Actor,
    body: CreateKittingRequestBody,
  ): Promise<KittingRequest> => {
    const [bundle] = await toBundles(db, actor.storeId, [body.bundleVariantId]);
    if (!bundle) throw notABundle();
    const now = clock.now();
    const [row] = await db
      .insert(fulfillmentKittingRequests)
      .values({
        id: newId('kit'),
        storeId: actor.storeId,
        bundleVariantId: body.bundleVariantId,
        quantity: body.quantity,
        status: 'REQUESTED',
        note: body.note || null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return (await toRequests(db, actor.storeId, [row!]))[0]!;
  };

  const findBySn = async (handle: Database, storeId: string, sn: string) => {
    const number = numberOfSn('KIT', sn);
    if (number === null || !Number.isSafeInteger(number)) throw requestNotFound();
    const [row] = await handle
      .select()
      .from(fulfillmentKittingRequests)
      .where(
        and(
          eq(fulfillmentKittingRequests.storeId, storeId),
          eq(fulfillmentKittingRequests.number, number),
        ),
      )
      .for('update');
    if (!row) throw requestNotFound();
    if (row.status !== 'REQUESTED') {
      throw new AppError(
        'conflict',
        `${kittingSn(row.number)} was ${row.status === 'COMPLETED' ? 'assembled' : 'canceled'} already.`,
        { reason: row.status === 'COMPLETED' ? 'kitting_completed' : 'kitting_canceled' },
      );
    }
    return row;
  };

  /**
   * The kits were assembled: components leave stock, the kits arrive (inventory.assembleKits),
   * then orders waiting for the bundle try again. 409 `not_enough_stock`, `kitting_completed`,
   * `kitting_canceled`; 400 `not_a_bundle` when its components were removed meanwhile.
   */
  const completeRequest = async (actor: Actor, sn: string): Promise<KittingRequest> => {
    const row = await db.transaction(async (tx) => {
      const request = await findBySn(tx, actor.storeId, sn);
      const [bundle] = await toBundles(tx, actor.storeId, [request.bundleVariantId]);
      if (!bundle) throw notABundle();
      await inventory.assembleKits(tx, {
        storeId: actor.storeId,
        bundleVariantId: bundle.variantId,
        kits: request.quantity,
        components: bundle.components,
        note: `Kitting ${kittingSn(request.number)}`,
      });
      const now = clock.now();
      const [updated] = await tx
        .update(fulfillmentKittingRequests)
        .set({ status: 'COMPLETED', completedAt: now, updatedAt: now })
        .where(eq(fulfillmentKittingRequests.id, request.id))
        .returning();
      return updated!;
    });
    await onKitsAssembled(actor.storeId, row.bundleVariantId);
    return (await toRequests(db, actor.storeId, [row]))[0]!;
  };

  /** Cancels a request not yet assembled, with a reason. */
  const cancelRequest = async (
    actor: Actor,
    sn: string,
    reason: string,
  ): Promise<KittingRequest> => {
    const row = await db.transaction(async (tx) => {
      const request = await findBySn(tx, actor.storeId, sn);
      const now = clock.now();
      const [updated] = await tx
        .update(fulfillmentKittingRequests)
        .set({ status: 'CANCELED', cancelReason: reason, updatedAt: now })
        .where(eq(fulfillmentKittingRequests.id, request.id))
        .returning();
      return updated!;
    });
    return (await toRequests(db, actor.storeId, [row]))[0]!;
  };

  return {
    listBundles,
    setBundle,
    deleteBundle,
    listRequests,
    createRequest,
    completeRequest,
    cancelRequest,
  };
};
export type KittingService = ReturnType<typeof createKittingService>;
