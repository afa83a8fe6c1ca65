import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addInvoiceToCart,
  getInvoice,
  type Invoice,
  listInvoices,
  removeInvoiceItem,
  saveInvoiceShippingAddress,
} from '@atelier/contract/orders/invoice';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { callApi } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** Spec §2 /inbox/needs-payment: the store's invoices, newest first, with the open count. */
export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: ordersKeys.invoices(),
    queryFn: ({ signal }) => callApi(listInvoices, { signal, shouldToastError: false }),
  });

export const useInvoices = () => useQuery(invoicesQueryOptions());

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ordersKeys.invoice(id),
    // The page says itself when the invoice is not there; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(getInvoice, { params: { id }, signal, shouldToastError: false }),
  });

export const useInvoice = (id: string) => useQuery(invoiceQueryOptions(id));

/**
 * The first shipping address saved on these invoices (spec §2 /add-shipping-address), or null:
 * where checkout's shipping step starts. Invoices already read (the pay page's) cost nothing.
 */
export const useSavedShippingAddress = (invoiceIds: readonly string[]): PostalAddress | null => {
  const invoices = useQueries({ queries: invoiceIds.map((id) => invoiceQueryOptions(id)) });
  return invoices.find((invoice) => invoice.data?.shippingAddress)?.data?.shippingAddress ?? null;
};

/** The answer is the invoice: it replaces the cached one; the cart, counts and lists follow. */
const useInvoiceChange = <TInput>(change: (input: TInput) => Promise<Invoice>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (invoice) => {
      queryClient.setQueryData(ordersKeys.invoice(invoice.id), invoice);
      await queryClient.invalidateQueries({
        queryKey: ordersKeys.all,
        predicate: (query) => query.queryKey[1] !== 'invoice',
      });
    },
  });
};

/**
 * Spec §7 add-to-cart: every open line of the invoice becomes an order item in the cart (adding
 * again changes nothing). 409 `invoice_not_open` for a paid or voided invoice.
 */
export const useAddInvoiceToCart = () =>
  useInvoiceChange((invoiceId: string) =>
    callApi(addInvoiceToCart, { body: { invoiceId }, shouldToastError: false }),
  );

/** Spec §7: removes a line of an open invoice (and its item from the cart); 409 once paid. */
export const useRemoveInvoiceLine = () =>
  useInvoiceChange((lineId: string) =>
    callApi(removeInvoiceItem, { params: { id: lineId }, shouldToastError: false }),
  );

/**
 * Spec §2 /add-shipping-address/{invoiceId}: saves where the invoice's goods go. 400 with the
 * address's fields (`postalCode`, …), 404 `invoice_not_found`, 409 `invoice_not_open`.
 */
export const useSaveInvoiceShippingAddress = () =>
  useInvoiceChange(({ invoiceId, address }: { invoiceId: string; address: PostalAddress }) =>
    callApi(saveInvoiceShippingAddress, {
      params: { id: invoiceId },
      body: address,
      shouldToastError: false,
    }),
  );
