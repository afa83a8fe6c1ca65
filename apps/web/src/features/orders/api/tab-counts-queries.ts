import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/**
 * The order item calls, loaded with the first count asked for: the signed-in header shows the
 * cart's count on every page, and the contract's schemas need not come with it (issue 10).
 */
const orderItemCalls = () => import('@atelier/contract/orders/order-item-api');

/** Orders & Shipments counts per tab, the in-production count and the cart's count. */
export const tabCountsQueryOptions = () =>
  queryOptions({
    queryKey: ordersKeys.tabCounts(),
    queryFn: async ({ signal }) =>
      callApi((await orderItemCalls()).orderItemTabCounts, { signal, shouldToastError: false }),
  });

export const useOrderItemTabCounts = () => useQuery(tabCountsQueryOptions());

/** How many items wait in the cart (spec §3 shopping cart); undefined until known. */
export const useCartCount = (): number | undefined =>
  useQuery({ ...tabCountsQueryOptions(), select: (counts) => counts.cartCount }).data;
