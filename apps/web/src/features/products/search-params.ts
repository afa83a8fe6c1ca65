import { PRODUCT_STATUSES, type ProductStatus } from '@atelier/contract/sales/product-values';
import { knownParams, readChoice, readText } from '@/lib/search-params';

/**
 * /inventory's address: `?status=` (Active unless given), `?search=`, and `?view=stock` for the
 * fulfillment center's stock (issue 15) instead of the products.
 */
export type InventorySearchParams = { status?: ProductStatus; search?: string; view?: 'stock' };

/** Reads /inventory's search params; a status is read in any case (`?status=archived`). */
export const validateInventorySearch = (search: Record<string, unknown>): InventorySearchParams =>
  knownParams({
    status: readChoice(
      typeof search.status === 'string' ? search.status.toUpperCase() : undefined,
      PRODUCT_STATUSES,
    ),
    // The API searches at most 100 characters (ListProductsQuerySchema).
    search: readText(search.search, { maxLength: 100 }),
    view: readChoice(search.view, ['stock'] as const),
  });
