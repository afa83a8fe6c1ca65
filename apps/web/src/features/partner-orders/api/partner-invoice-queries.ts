import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPartnerInvoice,
  listPartnerInvoices,
  type CreateInvoiceInput,
} from '@atelier/contract/orders/invoice';
import { callPartnerApi } from '@/lib/api-client';
import { partnerOrdersKeys } from './partner-orders-keys';

/** The supplier company's invoices, newest first. */
export const partnerInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: partnerOrdersKeys.invoices(),
    // The page says itself that the list could not be loaded.
    queryFn: ({ signal }) =>
      callPartnerApi(listPartnerInvoices, { signal, shouldToastError: false }),
  });

export const usePartnerInvoices = () => useQuery(partnerInvoicesQueryOptions());

/**
 * Sends an invoice to the store of a conversation; its card then arrives in the conversation
 * live. The form shows the server's field errors itself (no toast).
 */
export const useCreatePartnerInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceInput) =>
      callPartnerApi(createPartnerInvoice, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerOrdersKeys.invoices() }),
  });
};
