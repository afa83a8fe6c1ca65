import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  fulfillmentBookingEndpoints as api,
  type CreateFreightBookingBody,
  type CreateQualityCheckBody,
  type FreightStatus,
  type OpenSupportTicketBody,
  type PackagingCatalogue,
  type SavePreSaleBody,
  type SupportTicketStatus,
} from '@atelier/contract/fulfillment/bookings';
import { fulfillmentEndpoints } from '@atelier/contract/fulfillment/fulfillment-api';
import { listStoreOrders } from '@atelier/contract/sales/order';
import { callApi } from '@/lib/api-client';

export const bookingKeys = {
  freight: ['fulfillment-freight-bookings'] as const,
  freightList: (status: FreightStatus | null) =>
    [...bookingKeys.freight, 'list', status ?? ''] as const,
  qualityChecks: ['fulfillment-quality-checks'] as const,
  preSales: ['fulfillment-pre-sales'] as const,
  tickets: ['fulfillment-support-tickets'] as const,
  ticketList: (status: SupportTicketStatus | null) =>
    [...bookingKeys.tickets, 'list', status ?? ''] as const,
  packaging: (category: string) => ['fulfillment-packaging', category] as const,
};

const PAGE_SIZE = 25;

/** GET …/freight-bookings: newest first, by status if given ("Load more"). */
export const freightBookingsQueryOptions = (status: FreightStatus | null) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.freightList(status),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.listFreightBookings, {
        query: { limit: PAGE_SIZE, cursor: pageParam, status: status ?? undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
export const useFreightBookings = (status: FreightStatus | null) =>
  useInfiniteQuery(freightBookingsQueryOptions(status));

/** GET …/freight-bookings/:sn (the details say themselves when there is none; no toast). */
export const useFreightBooking = (sn: string | undefined) =>
  useQuery({
    queryKey: [...bookingKeys.freight, 'one', sn ?? ''],
    queryFn: ({ signal }) =>
      callApi(api.getFreightBooking, { params: { sn: sn! }, signal, shouldToastError: false }),
    enabled: sn !== undefined,
    retry: false,
  });

/** POST …/freight-bookings. Errors are the form's to show, so no toast. */
export const useCreateFreightBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFreightBookingBody) =>
      callApi(api.createFreightBooking, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.freight }),
  });
};

/** POST …/freight-bookings/:sn/cancel (errors are the confirmation's to show). */
export const useCancelFreightBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) =>
      callApi(api.cancelFreightBooking, { params: { sn }, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.freight }),
  });
};

/** GET …/quality-checks, newest first ("Load more"). */
export const useQualityChecks = () =>
  useInfiniteQuery({
    queryKey: bookingKeys.qualityChecks,
    queryFn: ({ pageParam, signal }) =>
      callApi(api.listQualityChecks, { query: { limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useCreateQualityCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQualityCheckBody) =>
      callApi(api.createQualityCheck, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.qualityChecks }),
  });
};

export const useCancelQualityCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) =>
      callApi(api.cancelQualityCheck, { params: { sn }, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.qualityChecks }),
  });
};

/** GET …/pre-sales: every pre-sale of the store (one per variant at most). */
export const usePreSales = () =>
  useQuery({
    queryKey: bookingKeys.preSales,
    queryFn: ({ signal }) => callApi(api.listPreSales, { signal }),
  });

export const useSavePreSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, body }: { variantId: string; body: SavePreSaleBody }) =>
      callApi(api.savePreSale, { params: { variantId }, body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.preSales }),
  });
};

export const useDeletePreSale = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: string) =>
      callApi(api.deletePreSale, { params: { variantId }, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.preSales }),
  });
};

/** GET …/inventory?search=: the store's variants by SKU or title, for a variant picker. */
export const useVariantSearch = (search: string) =>
  useQuery({
    queryKey: ['fulfillment-bookings-variants', search],
    queryFn: ({ signal }) =>
      callApi(fulfillmentEndpoints.listInventory, {
        query: { limit: 20, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET …/support-tickets: newest first, by status if given ("Load more"). */
export const useSupportTickets = (status: SupportTicketStatus | null) =>
  useInfiniteQuery({
    queryKey: bookingKeys.ticketList(status),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.listSupportTickets, {
        query: { limit: PAGE_SIZE, cursor: pageParam, status: status ?? undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useOpenSupportTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenSupportTicketBody) =>
      callApi(api.openSupportTicket, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.tickets }),
  });
};

export const useCloseSupportTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sn: string) =>
      callApi(api.closeSupportTicket, { params: { sn }, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.tickets }),
  });
};

/** GET /api/web/orders?search=: the store's orders by number or customer, for the order picker. */
export const useOrderSearch = (search: string) =>
  useQuery({
    queryKey: ['fulfillment-ticket-orders', search],
    queryFn: ({ signal }) =>
      callApi(listStoreOrders, { query: { limit: 20, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET …/packaging/:category. The page says itself when there is no such category. */
export const usePackagingCatalogue = (category: string) =>
  useQuery({
    queryKey: bookingKeys.packaging(category),
    queryFn: ({ signal }) =>
      callApi(api.getPackagingCatalogue, {
        params: { category },
        signal,
        shouldToastError: false,
      }),
    retry: false,
  });

export const useSetDefaultPackaging = (category: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packagingId: string) =>
      callApi(api.setDefaultPackaging, {
        params: { category },
        body: { packagingId },
        shouldToastError: false,
      }),
    onSuccess: (catalogue: PackagingCatalogue) =>
      queryClient.setQueryData(bookingKeys.packaging(category), catalogue),
  });
};
