import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  confirmPartnerOrderItemCancel,
  declinePartnerOrderItemCancel,
  listPartnerOrderItems,
  shipPartnerOrderItem,
  type OrderItem,
} from '@atelier/contract/orders/order-item-api';
import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import { callPartnerApi } from '@/lib/api-client';
import { endOwnItemChange, startOwnItemChange } from '../realtime/own-item-changes';
import { partnerOrdersKeys } from './partner-orders-keys';

/** The company's paid order items of a tab, newest first. */
export const partnerOrderItemsQueryOptions = (tab: OrderItemTab) =>
  queryOptions({
    queryKey: partnerOrdersKeys.itemsOfTab(tab),
    queryFn: ({ signal }) =>
      callPartnerApi(listPartnerOrderItems, { query: { tab }, signal, shouldToastError: false }),
  });

export const usePartnerOrderItems = (tab: OrderItemTab) =>
  useQuery(partnerOrderItemsQueryOptions(tab));

/**
 * The server's answer replaces the item in every cached tab, so its row shows the change where it
 * is; the tabs are only marked stale (read again when next shown), so the row does not vanish
 * from In production under the supplier's eyes. The invoices list its lines' statuses: stale too.
 */
const replaceItem = async (queryClient: QueryClient, changed: OrderItem) => {
  queryClient.setQueriesData<{ items: OrderItem[] }>(
    { queryKey: partnerOrdersKeys.items() },
    (list) =>
      list && { items: list.items.map((item) => (item.id === changed.id ? changed : item)) },
  );
  await queryClient.invalidateQueries({ queryKey: partnerOrdersKeys.all, refetchType: 'none' });
};

/**
 * A change the supplier makes to one item: its socket echo is recognised as theirs (it does not
 * reload the list), and the answer replaces the item where it is shown.
 */
const useItemChange = <TInput extends { itemId: string }>(
  change: (input: TInput) => Promise<OrderItem>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onMutate: ({ itemId }: TInput) => startOwnItemChange(itemId),
    onSettled: (_item, _error, { itemId }: TInput) => endOwnItemChange(itemId),
    onSuccess: (changed: OrderItem) => replaceItem(queryClient, changed),
  });
};

type ShipInput = { itemId: string; trackingNumber: string; carrier: string; quantity?: number };

/**
 * Ships a parcel of an item in production (`quantity` units; all that remain when absent). The
 * modal shows a refusal itself (409; 400 on the quantity), no toast.
 */
export const useShipPartnerOrderItem = () =>
  useItemChange(({ itemId, ...body }: ShipInput) =>
    callPartnerApi(shipPartnerOrderItem, {
      params: { id: itemId },
      body,
      shouldToastError: false,
    }),
  );

/**
 * Confirms the store's cancel request: the item is CANCELED and the store refunded its share of
 * the payment. The confirmation dialog shows a refusal itself (a 409: the refund failed, the item
 * shipped meanwhile), no toast.
 */
export const useConfirmPartnerOrderItemCancel = () =>
  useItemChange(({ itemId }: { itemId: string }) =>
    callPartnerApi(confirmPartnerOrderItemCancel, {
      params: { id: itemId },
      shouldToastError: false,
    }),
  );

/** Declines the store's cancel request: production goes on. A failure shows as a toast. */
export const useDeclinePartnerOrderItemCancel = () =>
  useItemChange(({ itemId }: { itemId: string }) =>
    callPartnerApi(declinePartnerOrderItemCancel, { params: { id: itemId } }),
  );
