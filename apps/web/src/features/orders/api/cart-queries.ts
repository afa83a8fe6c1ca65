import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createSampleOrderItem,
  getShoppingCart,
  removeCartItem,
} from '@atelier/contract/orders/order-item-api';
import { callApi } from '@/lib/api-client';
import { type CartOptions, ordersKeys } from './orders-keys';

const NO_OPTIONS: CartOptions = { shippingAssurance: false, sampleAssurance: false };

/**
 * Spec §3 shopping cart: its items and what paying for all of them costs with `options`. A
 * discount code that does not apply is a 400 on `discountCode`, the caller's to show.
 */
export const cartQueryOptions = (options: CartOptions = NO_OPTIONS) =>
  queryOptions({
    queryKey: ordersKeys.cartWith(options),
    queryFn: ({ signal }) =>
      callApi(getShoppingCart, {
        query: {
          discountCode: options.discountCode || undefined,
          shippingAssurance: String(options.shippingAssurance),
          sampleAssurance: String(options.sampleAssurance),
        },
        signal,
        shouldToastError: false,
      }),
    // The items and totals stay on screen while other options are priced.
    placeholderData: keepPreviousData,
  });

export const useCart = (options?: CartOptions) => useQuery(cartQueryOptions(options));

/** After a change to the cart, every cart answer, count and list of the module is read again. */
export const useInvalidateOrders = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersKeys.all });
};

/** Takes an item out of the cart (it becomes NOT_PURCHASED); the answer is the cart. */
export const useRemoveCartItem = () => {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: string) => callApi(removeCartItem, { params: { id } }),
    onSuccess: invalidate,
  });
};

/**
 * Spec §7 "Order a sample": one sample of the catalog item at its sample price, into the cart.
 * 409 `no_sample_price` when the supplier offers none.
 */
export const useOrderSample = () => {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (catalogItemId: string) =>
      callApi(createSampleOrderItem, { body: { catalogItemId, quantity: 1 } }),
    onSuccess: invalidate,
  });
};
