import { and, eq } from 'drizzle-orm';
import {
  PackagingCategorySchema,
  type PackagingCatalogue,
  type PackagingCategory,
} from '@atelier/contract/fulfillment/bookings';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { fieldError, type StoreActor } from './booking-common';
import { fulfillmentPackagingDefaults } from './bookings.table';
import { packagingOfCategory } from './packaging-catalogue';

const categoryOf = (value: string): PackagingCategory => {
  const parsed = PackagingCategorySchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('not_found', 'The fulfillment center has no packaging of this kind.', {
      reason: 'packaging_category_not_found',
    });
  }
  return parsed.data;
};

/**
 * Issue 15 order packaging (spec §2 /order-packaging/{packagingCategory}): the center's packaging
 * catalogue by category (packaging-catalogue.ts) and the store's default packaging per category.
 */
export const createPackagingService = ({ db, clock }: { db: Database; clock: Clock }) => {
  const defaultOf = async (storeId: string, category: PackagingCategory) => {
    const [row] = await db
      .select({ packagingId: fulfillmentPackagingDefaults.packagingId })
      .from(fulfillmentPackagingDefaults)
      .where(
        and(
          eq(fulfillmentPackagingDefaults.storeId, storeId),
          eq(fulfillmentPackagingDefaults.category, category),
        ),
      );
    const items = packagingOfCategory(category);
    // A packaging no longer offered is no default.
    return row && items.some((one) => one.id === row.packagingId) ? row.packagingId : null;
  };

  return {
    /** The category's packaging with the store's default. 404 `packaging_category_not_found`. */
    async catalogue(storeId: string, category: string): Promise<PackagingCatalogue> {
      const known = categoryOf(category);
      return {
        category: known,
        items: packagingOfCategory(known),
        defaultPackagingId: await defaultOf(storeId, known),
      };
    },

    /**
     * The store's default packaging of a category. 404 `packaging_category_not_found`; 400
     * `packagingId` for a packaging not in the category.
     */
    async setDefault(
      actor: StoreActor,
      category: string,
      packagingId: string,
    ): Promise<PackagingCatalogue> {
      const known = categoryOf(category);
      const items = packagingOfCategory(known);
      if (!items.some((one) => one.id === packagingId)) {
        throw fieldError('packagingId', 'This packaging is not offered in this category.');
      }
      const now = clock.now();
      await db
        .insert(fulfillmentPackagingDefaults)
        .values({ storeId: actor.storeId, category: known, packagingId, updatedAt: now })
        .onConflictDoUpdate({
          target: [fulfillmentPackagingDefaults.storeId, fulfillmentPackagingDefaults.category],
          set: { packagingId, updatedAt: now },
        });
      return { category: known, items, defaultPackagingId: packagingId };
    },
  };
};
export type PackagingService = ReturnType<typeof createPackagingService>;
