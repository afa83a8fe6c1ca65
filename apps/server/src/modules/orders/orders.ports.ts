import type { SampleStock } from '@atelier/contract/catalog/item';
import type { CatalogCompanyReview } from '@atelier/contract/catalog/review';
import type { Actor, SupplierActor } from '@/lib/actor';
import type { StatusActor } from './orders.repository';

/** The orders module's seams to other modules, wired in app.ts (issue 12). */

/** What the orders module needs of other modules (wired in app.ts). */
export type OrdersDirectory = {
  /** Supplier (catalog company) names by id. */
  findSupplierNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** Store titles by id (identity). */
  findStoreTitles(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The conversation's store and company, or undefined. */
  findConversation(id: string): Promise<{ storeId: string; companyId: string } | undefined>;
  /**
   * Catalog items by id: their company, title, sample price (cents, in `currencyCode`) and
   * spec §4 sample stock.
   */
  findCatalogItems(ids: readonly string[]): Promise<
    Map<
      string,
      {
        companyId: string;
        title: string;
        samplePrice: number | null;
        currencyCode: string;
        sampleStock: SampleStock;
      }
    >
  >;
};

export const storeActorOf = (actor: Actor): StatusActor => ({
  kind: 'store',
  userId: actor.userId,
  name: actor.name,
});

/** The catalog's supplier reviews (issue 12: the verified-purchase review). */
export type PurchaseReviews = {
  writePurchaseReview(
    actor: Actor,
    companyId: string,
    input: { rating: number; title: string; body: string },
    purchasedAt: Date,
  ): Promise<CatalogCompanyReview>;
};

/**
 * What the orders module posts in a store's conversation with a supplier (the chat module's
 * cards): amounts in minor units.
 */
export type OrderCards = {
  invoiceSent(input: {
    supplier: SupplierActor;
    storeId: string;
    invoiceId: string;
    title: string;
    lineCount: number;
    total: number;
    currencyCode: string;
  }): Promise<void>;
  itemShipped(input: {
    supplier: SupplierActor;
    storeId: string;
    carrier: string;
    trackingNumber: string;
    url: string;
  }): Promise<void>;
};
