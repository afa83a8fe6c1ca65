import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { ProductInputSchema, type ProductInput } from '@atelier/contract/sales/product';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { salesCustomers, salesProducts, salesProductVariants } from '../sales.table';
import { ChannelRecordError } from './channel-mapping';

/*
 * A channel's products and customers written into the store (issue 11 WooCommerce and Wix
 * syncs and webhooks): found by the channel's id, written only when something changed, so a
 * re-sync changes nothing and announces nothing.
 */

/** A product as a channel gives it: the contract's product input (validated here). */
export type ChannelProductDraft = ProductInput;

/** A customer as a channel gives it, with the channel's id. */
export type ChannelCustomerDraft = {
  externalId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  defaultAddress: PostalAddress | null;
};

export type WriteOutcome = 'created' | 'updated' | 'unchanged';

type Deps = { db: Database; clock: Clock; events: EventBus };

/** JSON with object keys sorted (jsonb gives keys back in its own order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );

const variantFacts = (variant: {
  optionValues: string[];
  sku: string | null;
  barcode: string | null;
  price: number;
  compareAtPrice: number | null;
  weightGrams: number | null;
  tracked: boolean;
}) => [
  variant.optionValues,
  variant.sku,
  variant.barcode,
  variant.price,
  variant.compareAtPrice,
  variant.weightGrams,
  variant.tracked,
];

/**
 * Creates or updates the store's product of `channel` and `externalId` with its variants (a
 * variant whose option values stay keeps its id). Publishes `sales.product.created` or
 * `sales.product.updated`; nothing at all when the product is as recorded. Throws
 * ChannelRecordError when the product does not fit the store's rules (names the field) or one of
 * its SKUs belongs to another product of the store.
 */
export const upsertChannelProduct = async (
  { db, clock, events }: Deps,
  storeId: string,
  channel: string,
  externalId: string,
  draft: ChannelProductDraft,
): Promise<WriteOutcome> => {
  const parsed = ProductInputSchema.safeParse(draft);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ChannelRecordError(
      `Product “${draft.title}” was left out: ${issue.path.join('.') || 'product'}: ${issue.message}`,
    );
  }
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const [existing] = await tx
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
    const productId = existing?.id ?? newId('prd');
    const skus = input.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
    if (skus.length > 0) {
      const [taken] = await tx
        .select({ sku: salesProductVariants.sku })
        .from(salesProductVariants)
        .where(
          and(
            eq(salesProductVariants.storeId, storeId),
            inArray(salesProductVariants.sku, skus),
            ne(salesProductVariants.productId, productId),
          ),
        )
        .limit(1);
      if (taken) {
        throw new ChannelRecordError(
          `Product “${input.title}” was left out: its SKU ${taken.sku} belongs to another product of this store.`,
        );
      }
    }
    const current = existing
      ? await tx
          .select()
          .from(salesProductVariants)
          .where(eq(salesProductVariants.productId, productId))
          .orderBy(salesProductVariants.position)
      : [];
    const wanted = input.variants.map((variant) => ({
      optionValues: variant.optionValues,
      sku: variant.sku,
      barcode: variant.barcode,
      price: variant.priceAmount,
      compareAtPrice: variant.compareAtPriceAmount,
      weightGrams: variant.weightGrams,
      tracked: variant.tracked,
    }));
    const fields = {
      title: input.title,
      description: input.description,
      vendor: input.vendor,
      productType: input.productType,
      tags: input.tags,
      currencyCode: input.currencyCode,
      options: input.options,
      images: input.images.map((image) => ({ url: image.url, alt: image.alt })),
    };
    if (existing) {
      const isSame =
        canonical({
          title: existing.title,
          description: existing.description,
          vendor: existing.vendor,
          productType: existing.productType,
          tags: existing.tags,
          currencyCode: existing.currencyCode,
          options: existing.options,
          images: existing.images,
        }) === canonical(fields) &&
        canonical(current.map(variantFacts)) === canonical(wanted.map(variantFacts));
      if (isSame) return 'unchanged';
    }
    const now = clock.now();
    const idsByCombination = new Map(
      current.map((variant) => [JSON.stringify(variant.optionValues), variant.id]),
    );
    const rows = wanted.map((variant, position) => ({
      ...variant,
      id: idsByCombination.get(JSON.stringify(variant.optionValues)) ?? newId('var'),
      productId,
      storeId,
      position,
      updatedAt: now,
    }));
    if (existing) {
      const kept = new Set(rows.map((row) => row.id));
      const removed = current.filter((variant) => !kept.has(variant.id)).map((row) => row.id);
      if (removed.length > 0) {
        await tx.delete(salesProductVariants).where(inArray(salesProductVariants.id, removed));
      }
      // SKUs may move between the product's own variants: clear them before writing.
      await tx
        .update(salesProductVariants)
        .set({ sku: null })
        .where(eq(salesProductVariants.productId, productId));
      await tx
        .update(salesProducts)
        .set({ ...fields, updatedAt: now })
        .where(eq(salesProducts.id, productId));
    } else {
      await tx.insert(salesProducts).values({
        id: productId,
        storeId,
        ...fields,
        categoryId: null,
        status: 'ACTIVE',
        channel,
        externalId,
        createdAt: now,
        updatedAt: now,
      });
    }
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
    if (existing) {
      await events.publish(tx, 'sales.product.updated', {
        aggregateId: productId,
        storeId,
        payload: { storeId, productId, status: existing.status },
      });
      return 'updated';
    }
    await events.publish(tx, 'sales.product.created', {
      aggregateId: productId,
      storeId,
      payload: { storeId, productId },
    });
    return 'created';
  });
};

/**
 * Creates or updates the store's customer of `channel` and the draft's id, else the one with
 * its e-mail (which then takes the channel's id). Order figures are left to the orders. An
 * e-mail another customer of the store already has is not taken over.
 */
export const upsertChannelCustomer = async (
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  storeId: string,
  channel: string,
  draft: ChannelCustomerDraft,
): Promise<WriteOutcome> =>
  db.transaction(async (tx) => {
    const [byId] = await tx
      .select()
      .from(salesCustomers)
      .where(
        and(
          eq(salesCustomers.storeId, storeId),
          eq(salesCustomers.channel, channel),
          eq(salesCustomers.externalId, draft.externalId),
        ),
      )
      .for('update');
    const [byEmail] =
      draft.email && (!byId || byId.email !== draft.email)
        ? await tx
            .select()
            .from(salesCustomers)
            .where(and(eq(salesCustomers.storeId, storeId), eq(salesCustomers.email, draft.email)))
            .for('update')
        : [];
    const found = byId ?? byEmail;
    if (!found) {
      await tx.insert(salesCustomers).values({
        id: newId('cus'),
        storeId,
        email: draft.email,
        firstName: draft.firstName,
        lastName: draft.lastName,
        phone: draft.phone,
        defaultAddress: draft.defaultAddress,
        channel,
        externalId: draft.externalId,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      return 'created';
    }
    const wanted = {
      // The e-mail moves only when no other customer of the store has it.
      email: byEmail && byEmail.id !== found.id ? found.email : (draft.email ?? found.email),
      firstName: draft.firstName ?? found.firstName,
      lastName: draft.lastName ?? found.lastName,
      phone: draft.phone ?? found.phone,
      defaultAddress: draft.defaultAddress ?? found.defaultAddress,
      channel: found.externalId ? found.channel : channel,
      externalId: found.externalId ?? draft.externalId,
    };
    const current = {
      email: found.email,
      firstName: found.firstName,
      lastName: found.lastName,
      phone: found.phone,
      defaultAddress: found.defaultAddress,
      channel: found.channel,
      externalId: found.externalId,
    };
    if (canonical(current) === canonical(wanted)) return 'unchanged';
    await tx
      .update(salesCustomers)
      .set({ ...wanted, updatedAt: clock.now() })
      .where(eq(salesCustomers.id, found.id));
    return 'updated';
  });
