import { CUSTOMER_SORTS, type CustomerSort } from '@atelier/contract/sales/customer-values';
import {
  FINANCIAL_STATUSES,
  ORDER_ORIGINS,
  ORDER_SORTS,
  ORDER_TABS,
  type FinancialStatus,
  type OrderOrigin,
  type OrderSort,
  type OrderTab,
} from '@atelier/contract/sales/order-values';
import { knownParams, readChoice, readText } from '@/lib/search-params';

/**
 * /orders' address: `?activeTabKey=` (spec §2, a tab of spec §3), `?search=`, `?customerId=`
 * (one customer's orders), the filters `?origin=`, `?financialStatus=`, `?placedFrom=` and
 * `?placedTo=` (days, YYYY-MM-DD) and `?sort=` (ORDER_SORTS; newest first when absent).
 */
export type OrdersSearchParams = {
  activeTabKey?: OrderTab;
  search?: string;
  customerId?: string;
  origin?: OrderOrigin;
  financialStatus?: FinancialStatus;
  placedFrom?: string;
  placedTo?: string;
  sort?: OrderSort;
};

const CUSTOMER_ID = /^cus_[a-z0-9]+$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const upperCased = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * Reads /orders' search params; a tab, origin or payment status is read in any case
 * (`?activeTabKey=on_hold`). A start day after the end day keeps only the start.
 */
export const validateOrdersSearch = (search: Record<string, unknown>): OrdersSearchParams => {
  const placedFrom = readText(search.placedFrom, { pattern: DAY });
  const placedTo = readText(search.placedTo, { pattern: DAY });
  const sort = readChoice(search.sort, ORDER_SORTS);
  return knownParams<OrdersSearchParams>({
    activeTabKey: readChoice(upperCased(search.activeTabKey), ORDER_TABS),
    search: readText(search.search, { maxLength: 100 }),
    customerId:
      typeof search.customerId === 'string' && CUSTOMER_ID.test(search.customerId)
        ? search.customerId
        : undefined,
    origin: readChoice(upperCased(search.origin), ORDER_ORIGINS),
    financialStatus: readChoice(upperCased(search.financialStatus), FINANCIAL_STATUSES),
    placedFrom,
    placedTo: placedFrom && placedTo && placedTo < placedFrom ? undefined : placedTo,
    sort: sort === '-placedAt' ? undefined : sort,
  });
};

/** /customers' address: `?search=` and `?sort=` (LAST_ORDER unless given). */
export type CustomersSearchParams = { search?: string; sort?: CustomerSort };

export const validateCustomersSearch = (search: Record<string, unknown>): CustomersSearchParams =>
  knownParams<CustomersSearchParams>({
    // The API searches at most 100 characters (ListStoreCustomersQuerySchema).
    search: readText(search.search, { maxLength: 100 }),
    sort: readChoice(upperCased(search.sort), CUSTOMER_SORTS),
  });
