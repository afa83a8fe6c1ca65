import { ZodError } from 'zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { ChannelCustomerInput } from '../customer.service';
import type { StoreOrderDraft } from '../store-order.service';
import { recordChannelRefunds } from './channel-refunds';
import { ShopifyRecordError, type ChannelProductDraft } from './shopify-catalog';
import {
  ShopifyOrderError,
  shopifyOrderState,
  shopifyRefundsOf,
  toStoreOrderDraft,
  type ShopifyOrder,
} from './shopify-order';
import { applyChannelOrderState } from './shopify-order-update';

/** What applying one record did; `issue` says what the store could not take, in plain words. */
export type ApplyOutcome = {
  outcome: 'created' | 'updated' | 'unchanged' | 'skipped';
  issue: string | null;
};

export type ShopifyApplyDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  upsertChannelProduct: (
    storeId: string,
    draft: ChannelProductDraft,
  ) => Promise<{ outcome: 'created' | 'updated' | 'unchanged'; takenSkus: string[] }>;
  upsertChannelCustomer: (
    storeId: string,
    input: ChannelCustomerInput,
  ) => Promise<{ outcome: 'created' | 'updated' | 'unchanged'; isEmailTaken: boolean }>;
  recordOrder: (storeId: string, draft: StoreOrderDraft) => Promise<{ id: string; isNew: boolean }>;
};

/** Errors of the record itself (retrying cannot mend them): the record is skipped. */
const isRecordError = (error: unknown) =>
  error instanceof ShopifyRecordError ||
  error instanceof ShopifyOrderError ||
  error instanceof ZodError ||
  (error instanceof AppError && (error.code === 'bad_request' || error.code === 'conflict'));

const describe = (error: unknown): string => {
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : error.message;
  }
  return (error as Error).message;
};

/**
 * Applying Shopify's products, customers and orders to a store (issue 11), for the sync and the
 * webhooks alike, through the sales module's own services. Each call is idempotent: applying the
 * same record again changes nothing.
 */
export const createShopifyApplier = (deps: ShopifyApplyDeps) => {
  const skipped = (what: string, error: unknown): ApplyOutcome => {
    if (!isRecordError(error)) throw error;
    return { outcome: 'skipped', issue: `${what} was not taken in: ${describe(error)}` };
  };

  return {
    async product(storeId: string, draft: () => ChannelProductDraft): Promise<ApplyOutcome> {
      let title = 'A product';
      try {
        const built = draft();
        title = `Product “${String(built.input.title)}”`;
        const { outcome, takenSkus } = await deps.upsertChannelProduct(storeId, built);
        return {
          outcome,
          issue:
            takenSkus.length > 0
              ? `${title}: another product of the store has the SKU ${takenSkus.join(', ')}, so its variant was kept without it.`
              : null,
        };
      } catch (error) {
        return skipped(title, error);
      }
    },

    async customer(storeId: string, input: () => ChannelCustomerInput): Promise<ApplyOutcome> {
      try {
        const built = input();
        const { outcome, isEmailTaken } = await deps.upsertChannelCustomer(storeId, built);
        return {
          outcome,
          issue: isEmailTaken
            ? `Customer ${built.externalId}: another customer of the store has the e-mail ${built.email ?? ''}, so it was not given to this one.`
            : null,
        };
      } catch (error) {
        return skipped('A customer', error);
      }
    },

    /**
     * Records the order (when new), brings its state up to the shop's (payment, fulfilment,
     * cancellation, addresses, tags, note) and adds its refunds.
     */
    async order(storeId: string, shop: string, order: () => ShopifyOrder): Promise<ApplyOutcome> {
      let what = 'An order';
      try {
        const built = order();
        what = `Order ${built.name ?? built.id}`;
        const { id, isNew } = await deps.recordOrder(storeId, toStoreOrderDraft(built, shop));
        const changes = await applyChannelOrderState(deps, storeId, id, shopifyOrderState(built));
        const refunds = await recordChannelRefunds(
          deps,
          storeId,
          id,
          shopifyRefundsOf(built, shop),
        );
        return {
          outcome: isNew ? 'created' : changes.length > 0 || refunds > 0 ? 'updated' : 'unchanged',
          issue: null,
        };
      } catch (error) {
        return skipped(what, error);
      }
    },
  };
};
export type ShopifyApplier = ReturnType<typeof createShopifyApplier>;
