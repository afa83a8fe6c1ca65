import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  LabelAddress,
  LabelParcel,
  Shipment,
  ShipOrderBody,
} from '@atelier/contract/fulfillment/shipment';
import { callApi } from '@/lib/api-client';
import { browserTokenStore } from '@/lib/session-token';
import { inventoryKeys } from './inventory-queries';

export const shipmentKeys = {
  all: ['fulfillment-shipments'] as const,
  list: (orderId: string | null) => [...shipmentKeys.all, 'list', orderId ?? ''] as const,
  reservation: (orderId: string) => [...shipmentKeys.all, 'reservation', orderId] as const,
};

/** While a label is being made, lists are read again every second. */
const hasPendingLabel = (pages: { items: Shipment[] }[] | undefined) =>
  (pages ?? []).some((page) => page.items.some((one) => one.labelStatus === 'PENDING'));

/**
 * GET /api/web/fulfillment/shipments: the label history (newest first, "Load more"), or one
 * order's shipments. Polls while a label is PENDING.
 */
export const useShipments = (orderId: string | null = null) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: shipmentKeys.list(orderId),
      queryFn: ({ pageParam, signal }) =>
        callApi(api.listShipments, {
          query: { limit: 25, cursor: pageParam, orderId: orderId ?? undefined },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (hasPendingLabel(query.state.data?.pages) ? 1_000 : false),
    }),
  );

/** GET …/orders/:orderId/reservation: each line reserved, missing stock, shipped… */
export const useOrderReservation = (orderId: string) =>
  useQuery({
    queryKey: shipmentKeys.reservation(orderId),
    queryFn: ({ signal }) => callApi(api.orderReservation, { params: { orderId }, signal }),
  });

/** After a shipment: the lists, the order's lines, the stock and the order itself change. */
const useAfterShipment = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sales'] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
    ]);
};

/** POST …/orders/:orderId/shipments (errors are the form's to show). */
export const useShipOrder = (orderId: string) => {
  const after = useAfterShipment();
  return useMutation({
    mutationFn: (body: ShipOrderBody) =>
      callApi(api.shipOrder, { params: { orderId }, body, shouldToastError: false }),
    onSuccess: after,
  });
};

/** POST …/orders/:orderId/reservation: tries again to hold stock for an order waiting for it. */
export const useReserveOrder = (orderId: string) => {
  const after = useAfterShipment();
  return useMutation({
    mutationFn: () => callApi(api.reserveOrder, { params: { orderId } }),
    onSuccess: after,
  });
};

/** POST …/rates: the services for a parcel, cheapest first (errors are the form's). */
export const useQuoteRates = () =>
  useMutation({
    mutationFn: (body: {
      fromAddress: LabelAddress;
      toAddress: LabelAddress;
      parcel: LabelParcel;
    }) => callApi(api.quoteRates, { body, shouldToastError: false }),
  });

/** POST …/labels: a standalone label (errors are the form's). */
export const useCreateLabel = () => {
  const after = useAfterShipment();
  return useMutation({
    mutationFn: (body: {
      fromAddress: LabelAddress;
      toAddress: LabelAddress;
      parcel: LabelParcel;
      serviceLevel?: string;
      notes?: string;
    }) => callApi(api.createLabel, { body, shouldToastError: false }),
    onSuccess: after,
  });
};

/** POST …/shipments/:sn/recreate: voids the label and makes a new one. */
export const useRecreateShipment = () => {
  const after = useAfterShipment();
  return useMutation({
    mutationFn: (sn: string) => callApi(api.recreateShipment, { params: { sn } }),
    onSuccess: after,
  });
};

/**
 * The label PDF of a READY shipment as an object URL (fetched with the session's bearer token,
 * which a plain link would not carry). The caller revokes it.
 */
export const fetchLabelObjectUrl = async (labelUrl: string): Promise<string> => {
  const token = browserTokenStore.getToken();
  const response = await fetch(labelUrl, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The label could not be opened (${response.status}).`);
  return URL.createObjectURL(await response.blob());
};
