import { ORDER_TABS, type OrderTab } from '@atelier/contract/sales/order-values';
import { knownParams, readChoice, readText } from '@/lib/search-params';

/**
 * /orders' address: `?activeTabKey=` (spec §2, a tab of spec §3), `?search=` and `?customerId=`
 * (one customer's orders).
 */
export type OrdersSearchParams = { activeTabKey?: OrderTab; search?: string; customerId?: string };

const CUSTOMER_ID = /^cus_[a-z0-9]+$/;

/** Reads /orders' search params; a tab is read in any case (`?activeTabKey=on_hold`). */
export const validateOrdersSearch = (search: Record<string, unknown>): OrdersSearchParams =>
  knownParams({
    activeTabKey: readChoice(
      typeof search.activeTabKey === 'string' ? search.activeTabKey.toUpperCase() : undefined,
      ORDER_TABS,
    ),
    search: readText(search.search, { maxLength: 100 }),
    customerId:
      typeof search.customerId === 'string' && CUSTOMER_ID.test(search.customerId)
        ? search.customerId
        : undefined,
  });
